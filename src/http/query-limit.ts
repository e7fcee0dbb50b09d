import type { FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { MAX_ACCESSORY_ITEMS } from '../domain/accessory-selection.ts'
import { DomainError } from '../domain/errors.ts'

/**
 * The longest query string taken, in characters as sent (percent-encoded). The longest useful
 * request, a quote with 50 accessory ids of 10 digits and every comma encoded, is about 900;
 * this leaves room for an agent's own tracking parameters and refuses anything bigger before
 * any parameter is looked at.
 */
export const MAX_QUERY_LENGTH = 2048

/** The parameter a 400 names when the query string as a whole is at fault. */
export const QUERY_PARAMETER = 'query'

/** A 400 naming `query` when the URL's query string is over MAX_QUERY_LENGTH; else undefined. */
export function longQueryError(url: string): DomainError | undefined {
  const start = url.indexOf('?')
  if (start === -1) return undefined
  const length = url.length - start - 1
  if (length <= MAX_QUERY_LENGTH) return undefined
  return new DomainError(
    'invalid_parameter',
    `The query string is ${length} characters long; send at most ${MAX_QUERY_LENGTH} (a quote with all ${MAX_ACCESSORY_ITEMS} accessory items needs under 1,000)`,
    QUERY_PARAMETER,
  )
}

/**
 * An onRequest hook: a query string over MAX_QUERY_LENGTH is a 400 naming `query`, before
 * validation, the store or any verb. On the API's routes that read parameters, after the
 * rate-limit count (so the 400 counts and carries the headers, as every API answer does), and
 * in the website's scope. Synchronous, so that it costs no turn of the promise queue.
 */
export function refuseLongQuery(
  request: FastifyRequest,
  _reply: unknown,
  done: HookHandlerDoneFunction,
): void {
  done(longQueryError(request.url))
}
