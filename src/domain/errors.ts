import type { Suggestion } from './suggestion.ts'

/**
 * The closed set of failures the domain reports. Each door maps a code to its own medium
 * (an HTTP status, an MCP tool error, a form message) in one switch.
 */
export const INVALID_REQUEST_CODES = [
  'missing_parameter',
  'duplicated_parameter',
  'invalid_parameter',
  'invalid_date',
  'date_in_past',
  'date_beyond_horizon',
  'drop_off_before_pick_up',
  'rental_too_long',
  'incomplete_dates',
  'unknown_depot',
  'unknown_vehicle',
  'unknown_accessory',
  'accessory_not_offered',
  'too_many_accessories',
  'unknown_insurance',
  'insurance_not_offered',
  'time_not_offered',
  'unknown_promotion',
  'promotion_not_applicable',
] as const

/** Why a vehicle cannot be rented for the asked dates and depots. */
export const UNAVAILABLE_CODES = [
  'vehicle_sold_out',
  'below_minimum_days',
  'depot_closed',
  'route_not_offered',
  'no_rate',
  'driver_too_young',
] as const

export type InvalidRequestCode = (typeof INVALID_REQUEST_CODES)[number]
export type UnavailableCode = (typeof UNAVAILABLE_CODES)[number]
export type ErrorCode =
  | InvalidRequestCode
  | UnavailableCode
  | 'not_found'
  /** A booking cannot be cancelled: it already is, or it is too late to do so online. */
  | 'already_cancelled'
  | 'too_late_to_cancel'
  | 'rate_limited'
  | 'service_unavailable'
  | 'internal_error'

/**
 * Where the values a parameter may take are listed. The domain names the listing; each door words
 * it in its own medium (an endpoint over HTTP, a tool over MCP), after the message.
 */
export type Listing =
  | { of: 'depots' }
  | { of: 'vehicles' }
  /** `forDates`: what is offered depends on the rental's dates, which the listing then needs. */
  | { of: 'accessories'; vehicleId: number; forDates: boolean }
  | { of: 'insurance_plans'; vehicleId: number }

export class DomainError extends Error {
  readonly code: ErrorCode
  /** The request parameter at fault, when one is. */
  readonly parameter: string | undefined
  /** Where the valid values are listed, when the message is about one that is not. */
  readonly listing: Listing | undefined

  constructor(code: ErrorCode, message: string, parameter?: string, listing?: Listing) {
    super(message)
    this.name = 'DomainError'
    this.code = code
    this.parameter = parameter
    this.listing = listing
  }
}

/**
 * A vehicle that cannot be rented for the request: why (the code and the message) and the
 * smallest change of parameters that would let it be, or null when none exists.
 */
export class UnavailableError extends DomainError {
  readonly suggestion: Suggestion | null
  /**
   * Why alone, without the next step in the API's words ("send pick_up_date=..."): what the
   * website says to a person, beside links of its own.
   */
  readonly why: string

  constructor(
    code: UnavailableCode,
    message: string,
    suggestion: Suggestion | null,
    why: string = message,
  ) {
    super(code, message)
    this.name = 'UnavailableError'
    this.suggestion = suggestion
    this.why = why
  }
}

/** The store could not be reached or failed; the request may succeed when retried. */
export class StoreUnavailableError extends Error {
  /**
   * For the operator, when the cause is known (a database that does not exist, a refused login):
   * what is wrong and where to fix it, without a password. Never shown to agents or travellers.
   */
  readonly operatorMessage: string | undefined

  constructor(cause: unknown, operatorMessage?: string) {
    super('The data store is unavailable', { cause })
    this.name = 'StoreUnavailableError'
    this.operatorMessage = operatorMessage
  }
}

export function invalid(
  code: InvalidRequestCode,
  parameter: string,
  message: string,
  listing?: Listing,
): DomainError {
  return new DomainError(code, message, parameter, listing)
}
