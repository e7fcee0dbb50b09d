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
 * Turns the schema failures into one 400 that names the first parameter at fault (its `code` and
 * `parameter`) and says what to send for each parameter at fault, in the order the schema checks
 * them: "... Also: drop_off_depot_id is required; send ...". An agent told one fault at a time
 * spent a round trip on each (a model's tool call, and its rate limit). `all: false` keeps the
 * first alone (the website, which shows each fault next to its own field). Ajv runs with
 * `verbose` so that the failing value can be quoted back, and with `allErrors` to see them all.
 */
export function validationError(
  errors: readonly SchemaFailure[],
  { all = true }: { all?: boolean } = {},
): DomainError {
  const faults: DomainError[] = []
  const named = new Set<string>()
  for (const failure of all ? errors : errors.slice(0, 1)) {
    const fault = oneFault(failure)
    // One fault per parameter: a value too long may also fail its pattern.
    if (fault.parameter !== undefined && named.has(fault.parameter)) continue
    if (fault.parameter !== undefined) named.add(fault.parameter)
    faults.push(fault)
  }
  const [first, ...others] = faults
  if (!first) return new DomainError('invalid_parameter', 'The request is not valid')
  if (others.length === 0) return first
  const message = faults.map((fault) => fault.message).join('. Also: ')
  return new DomainError(first.code, message, first.parameter)
}

function oneFault(failure: SchemaFailure): DomainError {
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
