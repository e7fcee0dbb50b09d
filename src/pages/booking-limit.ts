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
  return limitedPage(deps, limiter, (retryAfter) => ({
    heading: 'Too many booking attempts',
    title: `Please wait ${retryAfter} seconds before you confirm again`,
    message: `To protect our customers, this site accepts at most ${limiter.limit} booking attempts a minute from one address. Nothing was booked by this attempt.`,
    again: 'You can confirm again from',
  }))
}

/**
 * Counts the checkouts a client opens against the API's own limit: each prices and keeps a quote,
 * as GET /quotes does, and outside any limit a script could store thousands a second through the
 * website. A person opens a few a minute.
 */
export function checkoutLimit(deps: PageDeps, limiter: RateLimiter) {
  return limitedPage(deps, limiter, (retryAfter) => ({
    heading: 'Too many checkouts opened',
    title: `Please wait ${retryAfter} seconds before you open another checkout`,
    message: `To protect our customers, this site prices at most ${limiter.limit} checkouts a minute for one address.`,
    again: 'You can open it again from',
  }))
}

type LimitWords = { heading: string; title: string; message: string; again: string }

function limitedPage(
  deps: PageDeps,
  limiter: RateLimiter,
  words: (retryAfterSeconds: number) => LimitWords,
) {
  return async function limitRequests(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> {
    const decision = await limiter.hit(request.ip)
    if (decision.allowed) return undefined
    const retryAfter = Math.max(1, Math.ceil((decision.resetAt.getTime() - Date.now()) / 1000))
    reply.header('retry-after', String(retryAfter))
    const said = words(retryAfter)
    const page = messagePage(
      said.heading,
      { kind: 'problem', title: said.title, message: said.message },
      [
        `${said.again} ${formatInstant(decision.resetAt.toISOString(), deps.ctx.rules.timeZone)}. Use your browser's Back button to return to your checkout: what you typed is usually still there.`,
      ],
    )
    return sendHtml(deps, reply, 429, page)
  }
}
