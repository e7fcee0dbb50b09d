import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import {
  DomainError,
  type ErrorCode,
  StoreUnavailableError,
  UnavailableError,
} from '../domain/errors.ts'
import type { Suggestion } from '../domain/suggestion.ts'
import { httpMessage } from './listing-text.ts'
import { ServiceOverloadedError } from './overload.ts'

/** Seconds an agent should wait before retrying after a 503. */
export const RETRY_AFTER_UNAVAILABLE_SECONDS = 5

/** What every door says when the store does not answer; the cause is only logged. */
export const UNAVAILABLE_MESSAGE = `The service is temporarily unavailable; retry in ${RETRY_AFTER_UNAVAILABLE_SECONDS} seconds`

/** What every door says of an unexpected fault; the cause is only logged. */
export const INTERNAL_ERROR_MESSAGE = 'Internal error; the request may be retried'

/** The HTTP status of each domain error code. */
export function statusOf(code: ErrorCode): number {
  switch (code) {
    case 'missing_parameter':
    case 'duplicated_parameter':
    case 'invalid_parameter':
    case 'invalid_date':
    case 'date_in_past':
    case 'date_beyond_horizon':
    case 'drop_off_before_pick_up':
    case 'rental_too_long':
    case 'incomplete_dates':
    case 'unknown_depot':
    case 'unknown_vehicle':
    case 'unknown_accessory':
    case 'accessory_not_offered':
    case 'too_many_accessories':
    case 'unknown_insurance':
    case 'insurance_not_offered':
    case 'time_not_offered':
    case 'unknown_promotion':
    case 'promotion_not_applicable':
      return 400
    case 'vehicle_sold_out':
    case 'below_minimum_days':
    case 'depot_closed':
    case 'route_not_offered':
    case 'no_rate':
    case 'driver_too_young':
    case 'not_found':
      return 404
    case 'already_cancelled':
    case 'too_late_to_cancel':
      return 409
    case 'rate_limited':
      return 429
    case 'service_unavailable':
      return 503
    case 'internal_error':
      return 500
    default:
      return code satisfies never
  }
}

/** A domain error's fields as the API answers them, with the message as the door words it. */
export type DomainErrorBody = {
  error: string
  code: ErrorCode
  parameter?: string
  suggestion?: Suggestion | null
}

export function domainErrorBody(error: DomainError, message: string): DomainErrorBody {
  const body: DomainErrorBody = { error: message, code: error.code }
  if (error.parameter) body.parameter = error.parameter
  if (error instanceof UnavailableError) body.suggestion = error.suggestion
  return body
}

/**
 * The one error handler: domain errors keep their message, a failing store or an overloaded
 * process is a 503 with Retry-After, and anything unexpected is a 500 whose body says nothing of its cause.
 */
export function sendError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error instanceof DomainError) {
    reply.code(statusOf(error.code)).send(domainErrorBody(error, httpMessage(error)))
    return
  }
  if (error instanceof StoreUnavailableError) {
    request.log.error({ err: error.cause }, 'store unavailable')
    reply
      .code(503)
      .header('Retry-After', String(RETRY_AFTER_UNAVAILABLE_SECONDS))
      .send({ error: UNAVAILABLE_MESSAGE, code: 'service_unavailable' })
    return
  }
  if (error instanceof ServiceOverloadedError) {
    // Not logged one by one: under overload, a log line per refused request is more load.
    reply
      .code(503)
      .header('Retry-After', String(RETRY_AFTER_UNAVAILABLE_SECONDS))
      .send({
        error: `The service is too busy to answer now; retry in ${RETRY_AFTER_UNAVAILABLE_SECONDS} seconds`,
        code: 'service_unavailable',
      })
    return
  }
  const status = 'statusCode' in error ? (error.statusCode ?? 500) : 500
  if (status >= 400 && status < 500) {
    // Fastify's own 4xx (a malformed URL, a body on a GET) describe the request, not our internals.
    reply
      .code(status)
      .send({ error: error.message, code: status === 404 ? 'not_found' : 'invalid_parameter' })
    return
  }
  request.log.error({ err: error }, 'unexpected error')
  reply.code(500).send({ error: INTERNAL_ERROR_MESSAGE, code: 'internal_error' })
}
