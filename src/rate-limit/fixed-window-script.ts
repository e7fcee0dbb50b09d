/**
 * Counts one request in its client's fixed window, in one step on the Redis server. Redis runs a
 * script without running any other command in between, so concurrent requests from every instance
 * are counted exactly: no two of them can read the same count.
 *
 * - INCR creates the key at 1 on the client's first request in a window, or counts one more.
 * - PEXPIRE NX sets the key's time to live only when it has none: the window is opened by the first
 *   request and later ones never push it back; when the key expires, the next request opens a new
 *   window. NX rather than `if count == 1` also gives an expiry to a key that somehow lost it, which
 *   would otherwise refuse its client for ever. (NX needs Redis 7.0 or later.)
 * - PTTL says how long the window has left, from which the caller derives `resetAt`.
 *
 * KEYS[1] is the client's key; ARGV[1] the window length in milliseconds.
 */
export const FIXED_WINDOW_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1], 'NX')
local ttl = redis.call('PTTL', KEYS[1])
return { count, ttl }
`

/** The count in the window (this request included) and the milliseconds the window has left. */
export type FixedWindowCount = { count: number; ttlMs: number }

/** Reads the script's reply; anything else is an error, so that the caller counts in memory. */
export function parseFixedWindowReply(reply: unknown, windowMs: number): FixedWindowCount {
  if (!Array.isArray(reply) || reply.length !== 2) {
    throw new Error(`Unexpected reply from the rate-limit script: ${JSON.stringify(reply)}`)
  }
  const [count, ttlMs] = reply
  if (typeof count !== 'number' || typeof ttlMs !== 'number' || count < 1) {
    throw new Error(`Unexpected reply from the rate-limit script: ${JSON.stringify(reply)}`)
  }
  // PTTL is never negative right after PEXPIRE NX; should it be, assume a window just opened.
  return { count, ttlMs: ttlMs >= 0 ? ttlMs : windowMs }
}
