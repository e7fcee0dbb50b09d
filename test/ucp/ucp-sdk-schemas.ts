import assert from 'node:assert/strict'
import { createRequire } from 'node:module'

/*
 * UCP's documents checked with the official JavaScript SDK, @ucp-js/sdk: the Zod schemas it
 * generates from the specification's JSON Schemas, which are what an agent built on that library
 * parses our answers with. Its ES module build names its own files without their extension, which
 * Node refuses, so it is loaded through its CommonJS build.
 *
 * A Zod object lets a key it does not know through (and drops it), so a field spelt wrongly would
 * still parse: on top of the SDK's verdict, every key the parse dropped must be one the caller
 * declares as outside the SDK's schemas (the rental extension's `rental`, for one).
 */

type Sdk = typeof import('@ucp-js/sdk')
export const ucp = createRequire(import.meta.url)('@ucp-js/sdk') as Sdk

type Schema = { safeParse(value: unknown): { success: boolean; data?: unknown; error?: unknown } }

/**
 * UCP's answer when there is no checkout: the envelope, the messages (at least one) and perhaps a
 * `continue_url`, as the checkout's own schema has them. The SDK has no schema of its own for it.
 */
export const ucpErrorAnswer = ucp.CheckoutResponseSchema.pick({
  ucp: true,
  messages: true,
  continue_url: true,
}).required({ messages: true })

/** The paths of `input` whose key is missing from `parsed`: what the schema did not know. */
function droppedKeys(input: unknown, parsed: unknown, path = '$'): string[] {
  if (Array.isArray(input) && Array.isArray(parsed)) {
    return input.flatMap((item, index) => droppedKeys(item, parsed[index], `${path}[${index}]`))
  }
  if (!isObject(input) || !isObject(parsed) || parsed instanceof Date) return []
  return Object.keys(input).flatMap((key) =>
    key in parsed ? droppedKeys(input[key], parsed[key], member(path, key)) : [member(path, key)],
  )
}

/** `$.a` or, for a key such as `dev.ucp.shopping`, `$['dev.ucp.shopping']`. */
const member = (path: string, key: string) =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}['${key}']`

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/**
 * Asserts the SDK's schema parses `document` and knows every field of it but the `outside` paths
 * (JSONPath, `[*]` for any index), which must be there.
 */
export function assertUcpParses(schema: Schema, document: unknown, outside: string[] = []): void {
  const result = schema.safeParse(document)
  assert.ok(
    result.success,
    `not valid for @ucp-js/sdk: ${JSON.stringify(result.error, null, 1)}\n${JSON.stringify(document).slice(0, 2000)}`,
  )
  const dropped = [...new Set(droppedKeys(document, result.data).map(anyIndex))]
  assert.deepEqual(
    dropped.sort(),
    [...outside].sort(),
    `fields @ucp-js/sdk does not know: ${dropped.join(', ')}`,
  )
}

const anyIndex = (path: string) => path.replace(/\[\d+\]/g, '[*]')

/** The business profile at /.well-known/ucp. */
export const assertUcpProfile = (profile: unknown) =>
  assertUcpParses(ucp.UcpDiscoveryProfileSchema, profile)

/**
 * A checkout session: all the SDK knows but the rental extension's `rental` and the release's
 * list of payment handlers (empty), which the SDK's payment object no longer carries.
 */
export const assertUcpCheckout = (session: unknown) =>
  assertUcpParses(ucp.CheckoutResponseSchema, session, ['$.rental', '$.payment.handlers'])

/** An answer with no checkout: the envelope, the messages, perhaps a `continue_url`. */
export const assertUcpErrorAnswer = (answer: unknown) => assertUcpParses(ucpErrorAnswer, answer)
