import type { FastifyReply, FastifyRequest } from 'fastify'
import { DomainError } from '../domain/errors.ts'
import type { RateLimiter } from '../rate-limit/rate-limiter.ts'
import { sendError } from './error-response.ts'
import { rateLimitHook } from './rate-limit-hook.ts'

/**
 * URLs the router refuses before any route or hook runs (bad percent-encoding, a path segment
 * longer than the router takes). Under the API they are counted and answered like any other
 * invalid parameter, naming `vehicleId` when that is the segment at fault.
 */
export function frameworkErrorHandler(apiPrefix: string, rateLimiter: RateLimiter) {
  const countRequest = rateLimitHook(rateLimiter)
  const vehiclePath = new RegExp(`^${apiPrefix}/vehicles/[^/]*(/|$)`)
  return async (error: Error, request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const path = request.url.split('?')[0] ?? ''
    if (path.startsWith(`${apiPrefix}/`)) {
      await countRequest(request, reply)
      if (reply.sent) return
    }
    const parameter = vehiclePath.test(path) ? 'vehicleId' : undefined
    const problem =
      'code' in error && error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'is too long'
        : 'is not a valid URL path segment'
    const message = parameter
      ? `vehicleId ${problem}; send a vehicle id as a plain whole number such as 2 (GET /vehicles lists them)`
      : `The URL ${problem}; percent-encode it correctly`
    sendError(new DomainError('invalid_parameter', message, parameter), request, reply)
  }
}
