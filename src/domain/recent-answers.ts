/**
 * A pure function's answers kept by key, for the few computations a request makes that are slow
 * (formatting and zone arithmetic through Intl) and whose inputs repeat: a rental's dates and
 * times, an expiry instant. At most `limit` answers are kept; when full, the store starts afresh,
 * which costs one computation per key again and never grows memory.
 */
export function recentAnswers<R>(limit: number): (key: string, compute: () => R) => R {
  const answers = new Map<string, R>()
  return (key, compute) => {
    const known = answers.get(key)
    if (known !== undefined) return known
    const answer = compute()
    if (answers.size >= limit) answers.clear()
    answers.set(key, answer)
    return answer
  }
}
