import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import type { RateLimitDecision, RateLimiter } from '../rate-limit/rate-limiter.ts'
import { ServiceOverloadedError } from './overload.ts'
import { rateLimitResponder } from './rate-limit-hook.ts'

/**
 * The agent API's one request hook, for every request under /api/agent, unknown paths included:
 * counts it against the client's rate limit (the headers on every answer, a 429 over the
 * limit), then refuses it with a 503 while the process is overloaded, so that the 503 carries
 * the rate-limit headers like every API answer.
 *
 * One synchronous hook rather than one async hook per step: an async hook costs every answer a
 * turn of the promise queue, and with the count kept in memory nothing here needs to wait. A
 * count shared in Redis is waited for.
 */
export function apiGate(limiter: RateLimiter, isOverloaded: () => boolean) {
  const respond = rateLimitResponder(limiter)
  const afterCount = (
    decision: RateLimitDecision,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void => {
    if (respond(decision, reply)) return
    done(isOverloaded() ? new ServiceOverloadedError() : undefined)
  }
  return function gate(
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    const decision = limiter.hit(request.ip)
    if (decision instanceof Promise) {
      decision.then((counted) => afterCount(counted, reply, done), done)
    } else {
      afterCount(decision, reply, done)
    }
  }
}
