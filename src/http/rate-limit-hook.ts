import type { FastifyReply, FastifyRequest } from 'fastify'
import type { RateLimiter } from '../rate-limit/rate-limiter.ts'
import { tooManyRequestsText } from '../rate-limit/too-many-requests.ts'

/**
 * Counts every request against its client's window and writes the rate-limit headers on every
 * response; over the limit, answers 429 in plain text with Retry-After. `X-RateLimit-Reset` is
 * the UTC ISO 8601 instant the window resets; the IETF `RateLimit` fields say the same in seconds.
 */
export function rateLimitHook(limiter: RateLimiter) {
  const policy = `${limiter.limit};w=${limiter.windowSeconds}`
  return async function countRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const decision = await limiter.hit(request.ip)
    const resetIn = Math.max(0, Math.ceil((decision.resetAt.getTime() - Date.now()) / 1000))
    const resetAt = decision.resetAt.toISOString()
    reply.headers({
      'x-ratelimit-limit': decision.limit,
      'x-ratelimit-remaining': decision.remaining,
      'x-ratelimit-reset': resetAt,
      'ratelimit-policy': policy,
      ratelimit: `limit=${decision.limit}, remaining=${decision.remaining}, reset=${resetIn}`,
    })
    if (decision.allowed) return
    reply
      .code(429)
      .header('retry-after', resetIn)
      .type('text/plain; charset=utf-8')
      .send(tooManyRequestsText(decision.limit, limiter.windowSeconds, resetAt, resetIn))
    return reply
  }
}
