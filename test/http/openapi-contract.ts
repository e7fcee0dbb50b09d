import assert from 'node:assert/strict'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { LightMyRequestResponse } from 'fastify'

/*
 * The published OpenAPI document as a contract on every response the HTTP tests receive: the
 * status must be documented for the operation, the content type must be the documented media
 * type, a JSON body must match the documented schema (Ajv, JSON Schema 2020-12, with the
 * `#/components/schemas/...` references resolved inside the document itself) and the documented
 * headers must be present with values of their documented types.
 */

type Json = Record<string, unknown>
type Header = { schema?: Json; $ref?: string; required?: boolean }
export type DocumentedResponse = {
  $ref?: string
  headers?: Record<string, Header>
  content?: Record<string, Json>
}
type Operation = { operationId?: string; responses?: Record<string, DocumentedResponse> }
export type OpenApiDocument = {
  servers?: { url: string }[]
  paths: Record<string, Record<string, Operation>>
}

/** The document is added to Ajv under this id, and every schema is referenced into it. */
const DOCUMENT_ID = 'https://contract.test/openapi.json'

/**
 * Keywords that validate nothing: those OpenAPI 3.1 adds to JSON Schema, and the fields of the
 * OpenAPI object itself, which Ajv compiles as the root of the schemas referenced into it.
 */
const ANNOTATIONS = [
  'example',
  'discriminator',
  'xml',
  'externalDocs',
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'paths',
  'webhooks',
  'components',
  'security',
  'tags',
]

export type SentRequest = { method: string; url: string }

export type ResponseContract = {
  /** Fails with a message naming the path, status and what differs from the document. */
  check(request: SentRequest, response: LightMyRequestResponse): void
}

/** Fetches the document from the app (`get` bypasses the contract) and builds its checker. */
export async function loadContract(
  get: (url: string) => Promise<LightMyRequestResponse>,
): Promise<ResponseContract> {
  const fetched = await get('/openapi.json')
  assert.equal(fetched.statusCode, 200, `GET /openapi.json answered ${fetched.statusCode}`)
  return openApiContract(fetched.json<OpenApiDocument>())
}

/**
 * Validates values against the schemas of an OpenAPI document, each named by its JSON pointer
 * (`['components', 'schemas', 'Depot']`), with the document's own `#/...` references resolved.
 * Gives undefined for a valid value, else Ajv's errors, one a line.
 */
export function documentSchemas(
  document: object,
): (pointer: string[], value: unknown) => string | undefined {
  const ajv = new Ajv2020.default({ allErrors: true, strict: true })
  addFormats.default(ajv)
  ajv.addVocabulary(ANNOTATIONS)
  ajv.addSchema(document, DOCUMENT_ID)
  const validators = new Map<string, ReturnType<typeof ajv.compile>>()
  return (pointer, value) => {
    const ref = `${DOCUMENT_ID}#/${pointer.map(escapePointer).join('/')}`
    let validate = validators.get(ref)
    if (validate === undefined) {
      try {
        validate = ajv.compile({ $ref: ref })
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error)
        throw new Error(`the document's schema at ${ref} does not compile: ${why}`, {
          cause: error,
        })
      }
      validators.set(ref, validate)
    }
    return validate(value) ? undefined : ajv.errorsText(validate.errors, { separator: '\n' })
  }
}

export function openApiContract(document: OpenApiDocument): ResponseContract {
  const schemaErrors = documentSchemas(document)
  const prefix = new URL(document.servers?.[0]?.url ?? 'http://localhost/').pathname.replace(
    /\/$/,
    '',
  )
  const templates = Object.keys(document.paths).map((path) => ({
    path,
    pattern: pathPattern(path),
  }))

  /** The documented path a request path is an instance of, or undefined when it is none. */
  function documentedPath(requestPath: string): string | undefined {
    if (!requestPath.startsWith(`${prefix}/`)) return undefined
    const relative = requestPath.slice(prefix.length)
    return (
      templates.find((template) => template.path === relative)?.path ??
      templates.find((template) => template.pattern.test(relative))?.path
    )
  }

  return {
    check(request, response) {
      const method = request.method.toLowerCase()
      const requestPath = request.url.split(/[?#]/)[0] ?? ''
      const path = documentedPath(requestPath)
      // A path or method the document does not have (a 404 of an unknown page) is outside it.
      if (path === undefined || document.paths[path]?.[method] === undefined) return
      const operation = document.paths[path][method] as Operation
      const status = String(response.statusCode)
      const where = `${request.method} ${requestPath} (${path}) answered ${status}`
      const documented = Object.keys(operation.responses ?? {})
      const key = [status, `${status[0]}XX`, 'default'].find((candidate) =>
        documented.includes(candidate),
      )
      assert.ok(
        key !== undefined,
        `${where}, a status the document does not list for ${operation.operationId} (it lists ${documented.join(', ')}): ${response.body}`,
      )
      // A response defined once in components.responses is checked against that definition.
      const { response: documentedResponse, at: pointer } = resolveResponse(
        document,
        operation.responses?.[key] as DocumentedResponse,
        ['paths', path, method, 'responses', key],
      )

      for (const [name, documentedHeader] of Object.entries(documentedResponse.headers ?? {})) {
        const value = response.headers[name.toLowerCase()]
        // A header defined once in components.headers is checked against that definition.
        const { header, at } = resolveHeader(document, documentedHeader, [
          ...pointer,
          'headers',
          name,
        ])
        // Every documented header is sent, but those the document marks `required: false`.
        if (value === undefined && header.required === false) continue
        assert.ok(value !== undefined, `${where} without the documented header ${name}`)
        if (header.schema === undefined) continue
        const errors = schemaErrors([...at, 'schema'], headerValue(String(value), header.schema))
        assert.equal(
          errors,
          undefined,
          `${where} with header ${name}: ${String(value)}, which does not match the document: ${errors}`,
        )
      }

      const content = documentedResponse.content ?? {}
      const media = Object.keys(content)
      if (media.length === 0 || method === 'head') return
      const contentType = String(response.headers['content-type'] ?? '')
      const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
      assert.ok(
        media.includes(mediaType),
        `${where} as ${contentType || 'no content type'}; the document says ${media.join(' or ')}`,
      )
      if (content[mediaType]?.schema === undefined) return
      const errors = schemaErrors(
        [...pointer, 'content', mediaType, 'schema'],
        parsedBody(mediaType, response.body, where),
      )
      assert.equal(
        errors,
        undefined,
        `${where} with a body that does not match the document's schema for ${mediaType}:\n${errors}\nbody: ${response.body.slice(0, 2000)}`,
      )
    },
  }
}

/**
 * `/vehicles/{vehicleId}/accessories` as a pattern with one segment per parameter, an empty one
 * included, as the router matches it (`/vehicles//accessories` reaches the route and is a 400).
 */
function pathPattern(template: string): RegExp {
  const parts = template
    .split(/(\{[^}]+\})/)
    .map((part) =>
      part.startsWith('{') ? '[^/]*' : part.replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`),
    )
  return new RegExp(`^${parts.join('')}$`)
}

/** The header a `$ref` names inside the document (or the header itself), and its pointer. */
function resolveHeader(
  document: OpenApiDocument,
  header: Header,
  at: string[],
): { header: Header; at: string[] } {
  const resolved = resolveReference<Header>(document, header, at)
  return { header: resolved.target, at: resolved.at }
}

/** The response a `$ref` names inside the document (or the response itself), and its pointer. */
export function resolveResponse<T extends { $ref?: string }>(
  document: object,
  response: T,
  at: string[],
): { response: T; at: string[] } {
  const resolved = resolveReference<T>(document, response, at)
  return { response: resolved.target, at: resolved.at }
}

function resolveReference<T extends { $ref?: string }>(
  document: object,
  value: T,
  at: string[],
): { target: T; at: string[] } {
  if (value.$ref === undefined) return { target: value, at }
  assert.ok(value.$ref.startsWith('#/'), `reference ${value.$ref} is outside the document`)
  const tokens = value.$ref
    .slice(2)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
  let target: unknown = document
  for (const token of tokens) target = (target as Record<string, unknown> | undefined)?.[token]
  assert.ok(target !== undefined, `reference ${value.$ref} names nothing`)
  return { target: target as T, at: tokens }
}

/** One JSON pointer token as it goes in a URI fragment. */
function escapePointer(token: string): string {
  return encodeURIComponent(token.replaceAll('~', '~0').replaceAll('/', '~1'))
}

/** A header's text as the JSON value its schema describes: digits become a number. */
function headerValue(value: string, schema: Json): unknown {
  const numeric = schema.type === 'integer' || schema.type === 'number'
  return numeric && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value
}

function parsedBody(mediaType: string, body: string, where: string): unknown {
  if (mediaType !== 'application/json' && !mediaType.endsWith('+json')) return body
  try {
    return JSON.parse(body)
  } catch {
    assert.fail(`${where} with a body that is not JSON: ${body.slice(0, 500)}`)
  }
}
