import { Ajv, type ValidateFunction } from 'ajv'
import type { TObject } from 'typebox'
import { DomainError } from '../domain/errors.ts'
import { misspeltParameterCheck } from './parameter-spelling.ts'
import { validationError } from './validation-error.ts'

/*
 * Parameters sent as JSON (an MCP tool's arguments, a UCP checkout's rental) where a query string
 * carries text. The JSON is first written as the query string would carry it (a number as its
 * decimal digits, the accessory list joined with commas), then checked by the HTTP route's own
 * schema, so an agent gets the very message the API gives: `07`, `1e3` and `1.5` are refused
 * alike. An unknown key is ignored as in a query string, unless `unknownKeys` is 'refuse' (an MCP
 * tool's input schema says `additionalProperties: false`: `accessories: [1]` ignored priced a quote
 * without the child seat asked for). A null is no value, as an absent key: clients that fill
 * every field of a schema (strict function calling) send null for the options left unused.
 */

/** Parameters after they passed the HTTP schema: text, as a query string carries them. */
export type TextParameters = Record<string, string | undefined>

/** `[1, 2]` as text. */
const JSON_LIST = /^\s*\[[\s\S]*\]\s*$/

// The options Fastify's own validator runs with (see app.ts): no coercion, failing value kept.
const ajv = new Ajv({ coerceTypes: false, allErrors: true, verbose: true, strict: false })
const validators = new WeakMap<TObject, ValidateFunction>()

/** Checks JSON parameters against the HTTP parameters' schema; throws the API's 400 error. */
export function jsonParameters(
  schema: TObject,
  args: Record<string, unknown>,
  unknownKeys: 'ignore' | 'refuse' = 'ignore',
): TextParameters {
  const misspelt = spellingCheckFor(schema)(args)
  if (misspelt) throw misspelt
  const text: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(args)) {
    if (!Object.hasOwn(schema.properties, name)) {
      if (unknownKeys === 'refuse') throw unknownKey(schema, name)
      continue
    }
    if (value !== undefined && value !== null) text[name] = asQueryText(name, value)
  }
  const validate = validatorFor(schema)
  if (!validate(text)) throw validationError(validate.errors ?? [])
  return text as TextParameters
}

function unknownKey(schema: TObject, name: string): DomainError {
  const names = Object.keys(schema.properties)
  return new DomainError(
    'invalid_parameter',
    names.length === 0
      ? `${JSON.stringify(name)} is not an argument of this tool, and would be ignored; this tool takes no arguments`
      : `${JSON.stringify(name)} is not an argument of this tool, and would be ignored; the arguments are ${names.join(', ')}`,
    name,
  )
}

function asQueryText(name: string, value: unknown): unknown {
  if (typeof value === 'number') return String(value)
  // A list some clients send as its JSON text: the list it says.
  if (name === 'accessory_ids' && typeof value === 'string' && JSON_LIST.test(value)) {
    try {
      return asQueryText(name, JSON.parse(value))
    } catch {
      return value
    }
  }
  if (name === 'accessory_ids' && Array.isArray(value)) {
    return value
      .map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item)))
      .join(',')
  }
  // Anything else that is not text fails the schema and is quoted back as sent.
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  return value
}

const spellingChecks = new WeakMap<TObject, ReturnType<typeof misspeltParameterCheck>>()

function spellingCheckFor(schema: TObject) {
  let check = spellingChecks.get(schema)
  if (!check) {
    check = misspeltParameterCheck(Object.keys(schema.properties))
    spellingChecks.set(schema, check)
  }
  return check
}

function validatorFor(schema: TObject): ValidateFunction {
  let validate = validators.get(schema)
  if (!validate) {
    validate = ajv.compile(schema)
    validators.set(schema, validate)
  }
  return validate
}
