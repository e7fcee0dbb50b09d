import { ID_PATTERN } from '../domain/ids.ts'
import { LIMIT_SHAPE, RENTAL_DAYS_SHAPE } from './flexible-query.ts'
import { COUNT_SHAPE, DATE_SHAPE } from './query-parameters.ts'

/** The largest id the id pattern lets through (ten digits). */
export const MAX_ID = 9_999_999_999

/**
 * How a text parameter is typed for agents, in the OpenAPI document and the MCP tool schemas:
 * ids and counts as integers, dates as dates. The server still checks what arrives as text,
 * to refuse `07` or `1e3`. Undefined for a parameter that stays a plain string.
 */
export function typedParameterSchema(schema: {
  pattern?: string
}): Record<string, unknown> | undefined {
  if (schema.pattern === RENTAL_DAYS_SHAPE) return { type: 'integer', minimum: 1, maximum: 999 }
  if (schema.pattern === LIMIT_SHAPE) return { type: 'integer', minimum: 1, maximum: 500 }
  if (schema.pattern === ID_PATTERN.source) return { type: 'integer', minimum: 1, maximum: MAX_ID }
  if (schema.pattern === DATE_SHAPE) return { type: 'string', format: 'date' }
  if (schema.pattern === COUNT_SHAPE) return { type: 'integer', minimum: 1, maximum: 99 }
  return undefined
}
