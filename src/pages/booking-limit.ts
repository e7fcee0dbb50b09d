import type { FastifyReply, FastifyRequest } from 'fastify'
import { formatInstant } from '../presenters/display-format.ts'
import type { RateLimiter } from '../rate-limit/rate-limiter.ts'
import { messagePage } from './message-page.ts'
import { type PageDeps, sendHtml } from './page-deps.ts'

/**
 * Counts booking confirmations per client (its address, as the API's limit does) in their own
 * window, apart from the API's count, so a script cannot try bookings without end. Over the
 * limit the answer is a 429 page with Retry-After, and the booking is not tried.
 */
export function bookingLimit(deps: PageDeps, limiter: RateLimiter) {
  return async function limitBookings(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> {
    const decision = await limiter.hit(request.ip)
    if (decision.allowed) return undefined
    const retryAfter = Math.max(1, Math.ceil((decision.resetAt.getTime() - Date.now()) / 1000))
    reply.header('retry-after', String(retryAfter))
    const page = messagePage(
      'Too many booking attempts',
      {
        kind: 'problem',
        title: `Please wait ${retryAfter} seconds before you confirm again`,
        message: `To protect our customers, this site accepts at most ${limiter.limit} booking attempts a minute from one address. Nothing was booked by this attempt.`,
      },
      [
        `You can confirm again from ${formatInstant(decision.resetAt.toISOString(), deps.ctx.rules.timeZone)}. Use your browser's Back button to return to your checkout: what you typed is usually still there.`,
      ],
    )
    return sendHtml(deps, reply, 429, page)
  }
}
