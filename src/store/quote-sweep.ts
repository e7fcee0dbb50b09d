import type { Quote } from '../domain/quote.ts'

/*
 * What both stores do with a group of quotes besides storing them: sweep the expired ones, and
 * count the ones agents asked for.
 */

/** Expired quotes are deleted once in this many saves, a day after they expire (both stores). */
const QUOTE_SWEEP_EVERY = 500
const QUOTE_KEEP_AFTER_EXPIRY_MS = 86_400_000

/**
 * When a group of quotes takes the count of saves past a multiple of QUOTE_SWEEP_EVERY, the
 * instant (ISO 8601) before which stored quotes that expired are deleted: a day before the
 * newest's creation. Otherwise undefined: no sweep this time.
 */
export function expiredQuotesCutoff(
  savedBefore: number,
  quotes: readonly Quote[],
): string | undefined {
  const sweeps = (count: number) => Math.floor(count / QUOTE_SWEEP_EVERY)
  const newest = quotes.at(-1)
  if (!newest || sweeps(savedBefore + quotes.length) === sweeps(savedBefore)) return undefined
  return new Date(Date.parse(newest.createdAt) - QUOTE_KEEP_AFTER_EXPIRY_MS).toISOString()
}

/**
 * The quotes of a group that came with an agent reference, counted by reference and month (the
 * `YYYY-MM` of the company-local date they were issued on), as [agentRef, month, count]: kept
 * apart from the quotes, which are swept, so that `bookings stats` can tell agents' quotes apart.
 */
export function agentQuoteCounts(quotes: readonly Quote[]): [string, string, number][] {
  const counts = new Map<string, [string, string, number]>()
  for (const quote of quotes) {
    if (quote.agentRef === null) continue
    const month = quote.issuedOn.slice(0, 7)
    const key = `${quote.agentRef} ${month}`
    const count = counts.get(key)
    if (count) count[2]++
    else counts.set(key, [quote.agentRef, month, 1])
  }
  return [...counts.values()]
}
