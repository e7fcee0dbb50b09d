import {
  type DomainError,
  INVALID_REQUEST_CODES,
  type InvalidRequestCode,
} from '../domain/errors.ts'
import { SEARCH_PARAMETERS, type SearchParameter } from './book-parameters.ts'

/*
 * How a verb's DomainError lands on a page: an invalid request shows its message next to the
 * field its parameter names; an unavailable vehicle is said above the page.
 */

const INVALID = new Set<string>(INVALID_REQUEST_CODES)

export function isInvalidRequest(error: DomainError): error is DomainError & {
  code: InvalidRequestCode
} {
  return INVALID.has(error.code)
}

/** An invalid search: a depot or date at fault, or a fault that names no parameter at all. */
export function isSearchError(error: DomainError): boolean {
  return (
    isInvalidRequest(error) && (error.parameter === undefined || isSearchParameter(error.parameter))
  )
}

export function isSearchParameter(name: string): name is SearchParameter {
  return (SEARCH_PARAMETERS as readonly string[]).includes(name)
}
