import type { Quote } from '../domain/quote.ts'

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
