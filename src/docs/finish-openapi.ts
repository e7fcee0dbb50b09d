import { exampleTooManyRequestsText } from '../rate-limit/too-many-requests.ts'
import { EXAMPLE_DATE } from '../schemas/example-dates.ts'
import { typedParameterSchema } from '../schemas/typed-parameter.ts'
import type { DocsSettings } from './docs-settings.ts'
import { ERROR_EXAMPLES, MORE_ERROR_EXAMPLES } from './error-examples.ts'

type Json = Record<string, unknown>
type Operation = { operationId?: string; parameters?: Json[]; responses?: Record<string, Json> }

/** Resource schemas that become named components instead of being repeated inline. */
const COMPONENTS = [
  'Depot',
  'Route',
  'CatalogueVehicle',
  'Vehicle',
  'FlexibleOption',
  'Accessory',
  'InsurancePlan',
  'Quote',
  'Error',
]

/** The headers of every API response, defined once in `components.headers`. */
const RATE_LIMIT_HEADERS: Record<string, Json> = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed per client in the window',
    schema: { type: 'integer', example: 100 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window',
    schema: { type: 'integer', example: 99 },
  },
  'X-RateLimit-Reset': {
    description: 'When the window resets: a UTC ISO 8601 instant',
    schema: { type: 'string', format: 'date-time', example: EXAMPLE_DATE.resetAt },
  },
  'RateLimit-Policy': {
    description: 'The IETF rate-limit policy: the limit and the window in seconds',
    schema: { type: 'string', example: '100;w=60' },
  },
  RateLimit: {
    description: 'The IETF rate-limit fields: limit, remaining and seconds until the reset',
    schema: { type: 'string', example: 'limit=100, remaining=99, reset=60' },
  },
}

/** Headers some answers carry, by operation and status; `required: false` where not every one does. */
const OPERATION_HEADERS: Record<string, Record<string, Record<string, Json>>> = {
  find_available_vehicles: {
    '200': {
      Link: {
        description:
          'On an empty answer only, `rel="related"` with a title saying which: `<.../vehicles/unavailable?...>`, the listing of why each vehicle that meets the filters is left out and what to send instead, for the same parameters; or, when the pickup depot stocks no vehicle that meets the filters, `<.../vehicles?...>` (GET /vehicles with the same filters, or the whole fleet when no vehicle meets them): the vehicles with the depots that stock them (`depotIds`)',
        required: false,
        schema: { type: 'string' },
      },
    },
  },
  explain_unavailable: {
    '200': {
      Link: {
        description:
          'On an empty answer only, when the pickup depot stocks no vehicle that meets vehicle_id and the filters (so the empty list does not mean that nothing stops them): `<.../vehicles?...>; rel="related"`, the vehicles with the depots that stock them',
        required: false,
        schema: { type: 'string' },
      },
    },
  },
  find_flexible_dates: {
    '200': {
      'X-Total-Count': {
        description: 'How many options there are before `limit` cut the list',
        required: true,
        schema: { type: 'integer', minimum: 0, example: 42 },
      },
      Link: {
        description:
          "On an empty answer only, as availability's: the listing of why each vehicle is left out and what to send instead, for the window's first pickup date; or GET /vehicles when the pickup depot stocks no vehicle that meets vehicle_id and the filters",
        required: false,
        schema: { type: 'string' },
      },
    },
  },
}

const RETRY_AFTER_HEADER: Json = {
  description: 'Seconds to wait before retrying',
  schema: { type: 'integer', example: 5 },
}

/** A response's headers: references to their one definition in `components.headers`. */
function headerReferences(names: string[]): Json {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]))
}

const RATE_LIMIT_HEADER_NAMES = Object.keys(RATE_LIMIT_HEADERS)

/** What each status means, where the route schema gave no description of its own. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  '200': 'Success',
  '400':
    'Invalid or missing parameters; `error` says what to send instead and `parameter` names the one at fault',
  '404': 'The vehicle cannot be rented for the selected criteria; `code` and `error` say why',
  '503': 'Service temporarily unavailable; retry after `Retry-After` seconds',
}

/**
 * Turns what @fastify/swagger generates from the route schemas into the published document:
 * ids typed as the contract's integers and dates as dates (the routes check both as text, to
 * refuse `07` or `1e3`), resource schemas as named components, the rate-limit headers on every
 * response (defined once, as components), the plain-text 429 the rate limiter answers and the
 * 503 (each the same for every operation: defined once, as components, and referenced), and an
 * example for every error. Its example dates are stand-ins (EXAMPLE_DATE) until the document is
 * published: see withExampleDates.
 */
export function finishOpenApi(document: Json, settings: DocsSettings): Json {
  const components: Record<string, Json> = {}
  const shared: Record<string, Json> = {}
  const paths = document.paths as Record<string, Record<string, Operation>>
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const parameter of operation.parameters ?? []) typeParameter(parameter)
      const responses = operation.responses ?? {}
      for (const [status, response] of Object.entries(responses)) {
        if (!response.description || response.description === 'Default Response') {
          response.description = STATUS_DESCRIPTIONS[status] ?? 'Response'
        }
        response.headers = {
          ...headerReferences(RATE_LIMIT_HEADER_NAMES),
          ...(response.headers as Json | undefined),
          ...OPERATION_HEADERS[operation.operationId ?? '']?.[status],
        }
        const media = (response.content as Record<string, Json> | undefined)?.['application/json']
        if (media) {
          media.schema = nameComponents(media.schema, components)
          const example = ERROR_EXAMPLES[operation.operationId ?? '']?.[status]
          const more = MORE_ERROR_EXAMPLES[operation.operationId ?? '']?.[status]
          if (example && more) {
            media.examples = Object.fromEntries(
              [example, ...more].map((value) => [(value as { code: string }).code, { value }]),
            )
          } else if (example) media.example = example
        }
        if (status === '503') {
          response.headers = { ...(response.headers as Json), ...headerReferences(['Retry-After']) }
          // The same answer for every operation: defined once, referenced.
          shared.ServiceUnavailable ??= response
          responses[status] = { $ref: '#/components/responses/ServiceUnavailable' }
        }
      }
      responses['429'] = { $ref: '#/components/responses/TooManyRequests' }
    }
  }
  document.components = {
    ...(document.components as Json | undefined),
    schemas: components,
    responses: { ...shared, TooManyRequests: tooManyRequests(settings) },
    headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': RETRY_AFTER_HEADER },
  }
  return document
}

function typeParameter(parameter: Json): void {
  const schema = (parameter.schema ?? {}) as Json
  const example = (schema.examples as unknown[] | undefined)?.[0] ?? parameter.example
  const typed = typedParameterSchema(schema)
  if (typed) {
    parameter.schema = typed
    parameter.example = typed.type === 'integer' ? Number(example) : example
  } else if (example !== undefined) {
    delete schema.examples
    parameter.example = example
  }
  delete parameter.examples
}

/** Replaces every schema titled as a component with a reference to it, depth first. */
function nameComponents(schema: unknown, components: Record<string, Json>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => nameComponents(item, components))
  if (schema === null || typeof schema !== 'object') return schema
  const copy: Json = {}
  for (const [key, value] of Object.entries(schema)) copy[key] = nameComponents(value, components)
  const title = copy.title
  if (typeof title === 'string' && COMPONENTS.includes(title)) {
    components[title] ??= copy
    return { $ref: `#/components/schemas/${title}` }
  }
  return copy
}

function tooManyRequests(settings: DocsSettings): Json {
  return {
    description: `Too many requests: over ${settings.rateLimitMax} requests per ${settings.rateLimitWindowSeconds} seconds from this client. Plain text saying when to retry.`,
    headers: headerReferences([...RATE_LIMIT_HEADER_NAMES, 'Retry-After']),
    content: {
      'text/plain': {
        schema: { type: 'string' },
        example: exampleTooManyRequestsText(
          settings.rateLimitMax,
          settings.rateLimitWindowSeconds,
          EXAMPLE_DATE.resetAt,
        ),
      },
    },
  }
}
