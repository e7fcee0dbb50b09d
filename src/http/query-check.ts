import type { FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { misspeltParameterCheck } from '../schemas/parameter-spelling.ts'
import { longQueryError } from './query-limit.ts'

/**
 * The onRequest hook of an API route that reads parameters, from the names its query schema
 * takes: a query string over the length limit, then a parameter sent under another spelling, is
 * a 400 before validation, the store or any verb (so a misspelt required parameter is named as
 * such, not as missing). After the rate-limit count, and synchronous, as refuseLongQuery.
 */
export function checkQuery(parameters: readonly string[]) {
  const misspelt = misspeltParameterCheck(parameters)
  return function checkQueryHook(
    request: FastifyRequest,
    _reply: unknown,
    done: HookHandlerDoneFunction,
  ): void {
    done(longQueryError(request.url) ?? misspelt(request.query as Record<string, unknown>))
  }
}
