/** Levenshtein's distance: the letters to add, drop or change to turn one word into the other. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + change,
      )
    }
    previous = current
  }
  return previous[b.length] as number
}

/**
 * The candidate a word most likely meant: the fewest letters apart, the first of equals, and no
 * further than `allowed` says for that candidate; none when nothing is that close. `key` is what
 * is compared (a name without its case, say); the candidate is given as it is.
 */
export function nearestWord(
  word: string,
  candidates: readonly string[],
  allowed: (candidate: string) => number,
  key: (text: string) => string = (text) => text,
): string | undefined {
  let best: { candidate: string; distance: number } | undefined
  for (const candidate of candidates) {
    const distance = editDistance(key(word), key(candidate))
    if (distance <= allowed(candidate) && (!best || distance < best.distance)) {
      best = { candidate, distance }
    }
  }
  return best?.candidate
}
