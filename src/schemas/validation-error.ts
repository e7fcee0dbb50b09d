import { DomainError } from '../domain/errors.ts'
import { EXPECTED } from './query-parameters.ts'

/** What Ajv reports of a failure (Fastify's and the MCP tools' validators alike). */
export type SchemaFailure = {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
  /** The failing value; present because the validators run with `verbose`. */
  data?: unknown
}

const MAX_QUOTED_LENGTH = 40

/**
 * Turns the first schema failure into a 400 that names the parameter and says what to send.
 * Ajv runs with `verbose` so that the failing value can be quoted back.
 */
export function validationError(errors: readonly SchemaFailure[]): DomainError {
  const [failure] = errors
  if (!failure) return new DomainError('invalid_parameter', 'The request is not valid')
  if (failure.keyword === 'required') {
    const parameter = String((failure.params as { missingProperty: string }).missingProperty)
    return new DomainError(
      'missing_parameter',
      `${parameter} is required; send ${expected(parameter)}`,
      parameter,
    )
  }
  const parameter = failure.instancePath.split('/')[1] ?? ''
  if (Array.isArray(failure.data)) {
    return new DomainError(
      'duplicated_parameter',
      `${parameter} was sent ${failure.data.length} times; send it once`,
      parameter,
    )
  }
  if (failure.keyword === 'maxLength') {
    const { limit } = failure.params as { limit: number }
    return new DomainError(
      'invalid_parameter',
      `${parameter} is too long (${String(failure.data).length} characters, at most ${limit}); send ${expected(parameter)}`,
      parameter,
    )
  }
  return new DomainError(
    'invalid_parameter',
    `${parameter} ${quote(failure.data)} is not valid; send ${expected(parameter)}`,
    parameter,
  )
}

function expected(parameter: string): string {
  return EXPECTED[parameter] ?? 'a valid value'
}

function quote(value: unknown): string {
  const text = String(value)
  return JSON.stringify(
    text.length > MAX_QUOTED_LENGTH ? `${text.slice(0, MAX_QUOTED_LENGTH)}...` : text,
  )
}
