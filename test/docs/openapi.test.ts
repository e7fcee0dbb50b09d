import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join, resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { parse } from 'yaml'
import { SITE_URL } from '../helpers/test-app.ts'
import { type Response, startApi, type TestApi } from '../http/api-client.ts'
import { documentSchemas, resolveResponse } from '../http/openapi-contract.ts'

type Property = { type?: string; format?: string }
type Parameter = {
  name: string
  in: string
  description?: string
  example?: unknown
  examples?: Record<string, unknown>
  schema?: Property
}
type MediaType = { schema?: unknown; example?: unknown; examples?: Record<string, unknown> }
type DocumentedResponse = {
  $ref?: string
  headers?: Record<string, unknown>
  content?: Record<string, MediaType>
}
type Operation = {
  operationId?: string
  summary?: string
  description?: string
  parameters?: Parameter[]
  responses: Record<string, DocumentedResponse>
}
type Document = {
  openapi: string
  info: { version: string }
  servers: { url: string }[]
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, { properties?: Record<string, Property> }> }
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

/** Spec section 7, per endpoint, plus the 200 of each. */
const STATUSES: Record<string, string[]> = {
  '/depots': ['200', '429', '503'],
  '/routes': ['200', '400', '429', '503'],
  '/vehicles': ['200', '400', '429', '503'],
  '/vehicles/availability': ['200', '400', '429', '503'],
  '/vehicles/availability/flexible': ['200', '400', '429', '503'],
  '/vehicles/unavailable': ['200', '400', '429', '503'],
  '/vehicles/{vehicleId}/accessories': ['200', '400', '429', '503'],
  '/vehicles/{vehicleId}/insurance-types': ['200', '400', '429', '503'],
  '/quotes': ['200', '400', '404', '429', '503'],
}

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
const ID_PARAMETERS = [
  'pick_up_depot_id',
  'drop_off_depot_id',
  'depot_id',
  'vehicleId',
  'vehicle_id',
  'insurance_id',
]
const DATE_PARAMETERS = [
  'pick_up_date',
  'drop_off_date',
  'earliest_pick_up_date',
  'latest_pick_up_date',
]
const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']

/**
 * Every operation, its responses as the document defines them (a response defined once in
 * components.responses and referenced is given as defined there), and where each is defined.
 */
function operationsOf(document: Document) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, referenced]) => {
        const pointers: Record<string, string[]> = {}
        const responses: Record<string, DocumentedResponse> = {}
        for (const [status, response] of Object.entries(referenced.responses)) {
          const resolved = resolveResponse(document, response, [
            'paths',
            path,
            method,
            'responses',
            status,
          ])
          responses[status] = resolved.response as DocumentedResponse
          pointers[status] = resolved.at
        }
        const operation = { ...referenced, responses }
        return { path, method, operation, pointers, name: `${method} ${path}` }
      }),
  )
}

describe('the OpenAPI document', () => {
  let api: TestApi
  let json: Response
  let yaml: Response
  let document: Document
  before(async () => {
    api = await startApi()
    json = await api.request('/openapi.json')
    yaml = await api.request('/openapi.yaml')
    document = json.json<Document>()
  })
  after(async () => {
    await api.close()
  })

  test('is served as JSON at /openapi.json and as YAML at /openapi.yaml', () => {
    assert.equal(json.statusCode, 200)
    assert.match(String(json.headers['content-type']), /^application\/json\b/)
    assert.equal(yaml.statusCode, 200)
    assert.match(String(yaml.headers['content-type']), /^application\/yaml\b/)
  })

  test('is the same document in YAML and in JSON', () => {
    assert.deepEqual(parse(yaml.body), JSON.parse(json.body))
  })

  test('is OpenAPI 3.1 at version 1.0.0', () => {
    assert.match(document.openapi, /^3\.1\.\d+$/)
    assert.equal(document.info.version, '1.0.0')
  })

  test('names PUBLIC_URL/api/agent as its server', () => {
    assert.equal(document.servers[0]?.url, `${SITE_URL}/api/agent`)
  })

  test('names the resource schemas as components, with no def-N key', () => {
    const names = Object.keys(document.components.schemas)
    for (const name of COMPONENTS) assert.ok(names.includes(name), `no component ${name}`)
    for (const name of names) assert.doesNotMatch(name, /^def-/)
    assert.doesNotMatch(json.body, /def-\d/)
  })

  test('gives every operation a unique verb_noun operationId', () => {
    const ids = operationsOf(document).map(({ name, operation }) => {
      assert.match(String(operation.operationId), /^[a-z]+(_[a-z]+)+$/, name)
      return operation.operationId
    })
    assert.equal(new Set(ids).size, ids.length, `operationIds repeat: ${ids.join(', ')}`)
  })

  test('gives every operation a summary and a description of at most 300 characters', () => {
    for (const { name, operation } of operationsOf(document)) {
      for (const [field, text] of [
        ['summary', operation.summary],
        ['description', operation.description],
      ] as const) {
        assert.ok(text !== undefined && text.trim().length > 0, `${name} has no ${field}`)
        assert.ok(text.length <= 300, `${name}: the ${field} has ${text.length} characters`)
      }
    }
  })

  test('gives every parameter a description of at most 700 characters and an example of its schema', () => {
    const schemaErrors = documentSchemas(document)
    // Values only the company's data makes valid have none: a client filling parameters from
    // examples sent promo_code SUMMER10 (a 400, unknown) or a time the depot does not offer.
    const companyValues = new Set(['promo_code', 'pick_up_time', 'drop_off_time'])
    for (const { path, method, name, operation } of operationsOf(document)) {
      for (const [index, parameter] of (operation.parameters ?? []).entries()) {
        const where = `${name} parameter ${parameter.name}`
        const description = parameter.description ?? ''
        assert.ok(description.trim().length > 0, `${where} has no description`)
        assert.ok(description.length <= 700, `${where}: description of ${description.length}`)
        const examples = Object.values(parameter.examples ?? {}).map(
          (example) => (example as { value?: unknown }).value,
        )
        if (parameter.example !== undefined) examples.push(parameter.example)
        if (companyValues.has(parameter.name)) {
          assert.deepEqual(examples, [], `${where} has an example no company need accept`)
          assert.match(description, /no example/)
          continue
        }
        assert.ok(examples.length > 0, `${where} has no example`)
        for (const example of examples) {
          const errors = schemaErrors(
            ['paths', path, method, 'parameters', String(index), 'schema'],
            example,
          )
          assert.equal(errors, undefined, `${where}: example ${JSON.stringify(example)}: ${errors}`)
        }
      }
    }
  })

  test('documents exactly the statuses of spec section 7, plus 200, for each endpoint', () => {
    assert.deepEqual(Object.keys(document.paths).sort(), Object.keys(STATUSES).sort())
    for (const [path, statuses] of Object.entries(STATUSES)) {
      const item = document.paths[path] ?? {}
      assert.deepEqual(
        Object.keys(item).filter((key) => METHODS.includes(key)),
        ['get'],
        path,
      )
      assert.deepEqual(Object.keys(item.get?.responses ?? {}).sort(), statuses, path)
    }
  })

  test('documents each 200 and each error but 429 as JSON', () => {
    for (const { name, operation } of operationsOf(document)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status === '429') continue
        assert.deepEqual(
          Object.keys(response.content ?? {}),
          ['application/json'],
          `${name} ${status}`,
        )
      }
    }
  })

  test('defines the 429 and the 503, the same for every operation, once, and refers to them', () => {
    for (const { name, operation } of Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => ({ name: operation.operationId, operation })),
    )) {
      assert.deepEqual(operation.responses['429'], {
        $ref: '#/components/responses/TooManyRequests',
      })
      assert.deepEqual(
        operation.responses['503'],
        { $ref: '#/components/responses/ServiceUnavailable' },
        name,
      )
    }
    assert.equal(yaml.body.split('Too many requests: over').length - 1, 1)
  })

  test('documents each 429 as plain text with the X-RateLimit headers and Retry-After', () => {
    for (const { name, operation } of operationsOf(document)) {
      const tooMany = operation.responses['429']
      assert.ok(tooMany, `${name} has no 429`)
      assert.deepEqual(Object.keys(tooMany.content ?? {}), ['text/plain'], name)
      assert.equal(typeof tooMany.content?.['text/plain']?.example, 'string', `${name} 429 example`)
      const headers = Object.keys(tooMany.headers ?? {})
      for (const header of [...RATE_LIMIT_HEADERS, 'Retry-After']) {
        assert.ok(headers.includes(header), `${name} 429 does not document ${header}`)
      }
    }
  })

  test('documents the X-RateLimit headers on every response', () => {
    for (const { name, operation } of operationsOf(document)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers = Object.keys(response.headers ?? {})
        for (const header of RATE_LIMIT_HEADERS) {
          assert.ok(headers.includes(header), `${name} ${status} does not document ${header}`)
        }
      }
    }
  })

  test('gives every JSON error an example that matches its schema', () => {
    const schemaErrors = documentSchemas(document)
    for (const { name, operation, pointers } of operationsOf(document)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json']
        if (Number(status) < 400 || media === undefined) continue
        const examples = Object.values(media.examples ?? {}).map(
          (example) => (example as { value?: unknown }).value,
        )
        if (media.example !== undefined) examples.push(media.example)
        assert.ok(examples.length > 0, `${name} ${status} has no example`)
        for (const example of examples) {
          const pointer = [...(pointers[status] ?? []), 'content', 'application/json', 'schema']
          const errors = schemaErrors(pointer, example)
          assert.equal(errors, undefined, `${name} ${status} example: ${errors}`)
        }
      }
    }
  })

  test('documents accessory_ids as a comma-separated list', () => {
    const parameter = document.paths['/quotes']?.get?.parameters?.find(
      (candidate) => candidate.name === 'accessory_ids',
    )
    assert.ok(parameter, '/quotes has no accessory_ids parameter')
    assert.match(String(parameter.description), /comma-separated/i)
    assert.match(String(parameter.example), /^\d+(,\d+)+$/)
  })

  test('types the ids as integers and the dates as strings of format date', () => {
    const seen = new Set<string>()
    for (const { name, operation } of operationsOf(document)) {
      for (const parameter of operation.parameters ?? []) {
        if (ID_PARAMETERS.includes(parameter.name)) {
          assert.equal(parameter.schema?.type, 'integer', `${name} ${parameter.name}`)
        } else if (DATE_PARAMETERS.includes(parameter.name)) {
          assert.deepEqual(
            [parameter.schema?.type, parameter.schema?.format],
            ['string', 'date'],
            `${name} ${parameter.name}`,
          )
        } else continue
        seen.add(parameter.name)
      }
    }
    assert.deepEqual([...seen].sort(), [...ID_PARAMETERS, ...DATE_PARAMETERS].sort())
    const schemas = document.components.schemas
    for (const [component, id] of [
      ['Depot', 'id'],
      ['Vehicle', 'vehicleId'],
      ['CatalogueVehicle', 'vehicleId'],
      ['Route', 'pickUpDepotId'],
      ['Accessory', 'id'],
      ['InsurancePlan', 'id'],
    ] as const) {
      assert.equal(schemas[component]?.properties?.[id]?.type, 'integer', `${component}.${id}`)
    }
  })

  test('is under 1 MB', () => {
    assert.ok(Buffer.byteLength(json.body) < 1_000_000, `${Buffer.byteLength(json.body)} bytes`)
    assert.ok(Buffer.byteLength(yaml.body) < 1_000_000, `${Buffer.byteLength(yaml.body)} bytes`)
  })
})

const REDOCLY_DIR = resolve(import.meta.dirname, '../../node_modules/@redocly/cli')

/** Runs the pinned Redocly CLI (its package.json bin) with the Node running the tests. */
async function redocly(args: string[]): Promise<{ code: number | string; output: string }> {
  const manifest = JSON.parse(await readFile(join(REDOCLY_DIR, 'package.json'), 'utf8')) as {
    bin: Record<string, string>
  }
  const cli = join(REDOCLY_DIR, String(manifest.bin.redocly))
  return new Promise((done) => {
    execFile(
      process.execPath,
      [cli, ...args],
      {
        cwd: resolve(import.meta.dirname, '../..'),
        timeout: 90_000,
        env: {
          ...process.env,
          PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
          // No usage report and no update check sent from the test suite.
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
      },
      (error, stdout, stderr) => done({ code: error?.code ?? 0, output: `${stdout}${stderr}` }),
    )
  })
}

describe('the OpenAPI document under Redocly lint', () => {
  let api: TestApi
  let folder: string
  before(async () => {
    // Redocly warns about example.com servers, so the document names a real-looking site.
    api = await startApi({ env: { PUBLIC_URL: 'https://rentals.kiwiroads.co.nz' } })
    folder = await mkdtemp(join(tmpdir(), 'openapi-lint-'))
  })
  after(async () => {
    await api.close()
    await rm(folder, { recursive: true, force: true })
  })

  test('lints clean with the pinned @redocly/cli: no error, no warning', {
    timeout: 120_000,
  }, async () => {
    const response = await api.request('/openapi.yaml')
    assert.equal(response.statusCode, 200)
    const file = join(folder, 'openapi.yaml')
    await writeFile(file, response.body)
    const { code, output } = await redocly(['lint', file, '--format=stylish'])
    assert.equal(code, 0, `redocly lint exited with ${code}:\n${output}`)
    assert.doesNotMatch(output, /\b(errors?|warnings?)\b/i, output)
    assert.match(output, /Your API description is valid/, output)
  })
})
