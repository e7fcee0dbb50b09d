import type { FastifyReply, FastifyRequest } from 'fastify'
import type { RateLimitDecision, RateLimiter } from '../rate-limit/rate-limiter.ts'
import { tooManyRequestsText } from '../rate-limit/too-many-requests.ts'

/**
 * Writes a decision's rate-limit headers on the reply and, over the limit, answers 429 in plain
 * text with Retry-After; returns whether it answered. `X-RateLimit-Reset` is the UTC ISO 8601
 * instant the window resets; the IETF `RateLimit` fields say the same in seconds.
 */
export function rateLimitResponder(limiter: RateLimiter) {
  const writeHeaders = rateLimitHeaders(limiter)
  return function respond(decision: RateLimitDecision, reply: FastifyReply): boolean {
    const { resetAt, resetIn } = writeHeaders(decision, reply)
    if (decision.allowed) return false
    reply
      .code(429)
      .type('text/plain; charset=utf-8')
      .send(tooManyRequestsText(decision.limit, limiter.windowSeconds, resetAt, resetIn))
    return true
  }
}

/**
 * Writes a decision's rate-limit headers on the reply (and Retry-After over the limit), and gives
 * the window's reset: as an instant, and in seconds from now.
 */
export function rateLimitHeaders(limiter: RateLimiter) {
  const policy = `${limiter.limit};w=${limiter.windowSeconds}`
  // Most answers in a row fall in the same window: its instant is formatted once.
  let resetAtMs = Number.NaN
  let resetAt = ''
  return function writeHeaders(
    decision: RateLimitDecision,
    reply: FastifyReply,
  ): { resetAt: string; resetIn: number } {
    const ms = decision.resetAt.getTime()
    if (ms !== resetAtMs) {
      resetAtMs = ms
      resetAt = decision.resetAt.toISOString()
    }
    const resetIn = Math.max(0, Math.ceil((ms - Date.now()) / 1000))
    reply.header('x-ratelimit-limit', decision.limit)
    reply.header('x-ratelimit-remaining', decision.remaining)
    reply.header('x-ratelimit-reset', resetAt)
    reply.header('ratelimit-policy', policy)
    reply.header(
      'ratelimit',
      `limit=${decision.limit}, remaining=${decision.remaining}, reset=${resetIn}`,
    )
    if (!decision.allowed) reply.header('retry-after', resetIn)
    return { resetAt, resetIn }
  }
}

/**
 * Counts every request against its client's window and writes the rate-limit headers on every
 * response; over the limit, answers 429 (see rateLimitResponder). For the MCP endpoint and the
 * URLs the router refuses; the agent API counts in its own gate (api-gate.ts).
 */
export function rateLimitHook(limiter: RateLimiter) {
  const respond = rateLimitResponder(limiter)
  return async function countRequest(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> {
    // Returning the reply tells Fastify that the hook has answered.
    return respond(await limiter.hit(request.ip), reply) ? reply : undefined
  }
}
