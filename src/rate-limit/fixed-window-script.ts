/**
 * Counts requests in their clients' fixed windows, one request per key (a key given twice counts
 * two requests), in one step on the Redis server. Redis runs a script without running any other
 * command in between, so concurrent requests from every instance are counted exactly: no two of
 * them can read the same count.
 *
 * For each key, in order:
 * - INCR creates the key at 1 on the client's first request in a window, or counts one more.
 * - PEXPIRE NX sets the key's time to live only when it has none: the window is opened by the first
 *   request and later ones never push it back; when the key expires, the next request opens a new
 *   window. NX rather than `if count == 1` also gives an expiry to a key that somehow lost it, which
 *   would otherwise refuse its client for ever. (NX needs Redis 7.0 or later.)
 * - PTTL says how long the window has left, from which the caller derives `resetAt`.
 *
 * KEYS are the clients' keys; ARGV[1] the window length in milliseconds. The reply is the count
 * and the time left of each key in turn. (Several keys in one script suit one Redis server, as the
 * service uses; a cluster would need them in one hash slot.)
 */
export const FIXED_WINDOW_SCRIPT = `
local counted = {}
for _, key in ipairs(KEYS) do
  counted[#counted + 1] = redis.call('INCR', key)
  redis.call('PEXPIRE', key, ARGV[1], 'NX')
  counted[#counted + 1] = redis.call('PTTL', key)
end
return counted
`

/** The count in the window (this request included) and the milliseconds the window has left. */
export type FixedWindowCount = { count: number; ttlMs: number }

/**
 * Reads the script's reply for `keys` keys; anything else is an error, so that the caller counts
 * in memory.
 */
export function parseFixedWindowReply(
  reply: unknown,
  keys: number,
  windowMs: number,
): FixedWindowCount[] {
  if (!Array.isArray(reply) || reply.length !== keys * 2) {
    throw new Error(`Unexpected reply from the rate-limit script: ${JSON.stringify(reply)}`)
  }
  const counts: FixedWindowCount[] = []
  for (let i = 0; i < reply.length; i += 2) {
    const count = reply[i]
    const ttlMs = reply[i + 1]
    if (typeof count !== 'number' || typeof ttlMs !== 'number' || count < 1) {
      throw new Error(`Unexpected reply from the rate-limit script: ${JSON.stringify(reply)}`)
    }
    // PTTL is never negative right after PEXPIRE NX; should it be, assume a window just opened.
    counts.push({ count, ttlMs: ttlMs >= 0 ? ttlMs : windowMs })
  }
  return counts
}
