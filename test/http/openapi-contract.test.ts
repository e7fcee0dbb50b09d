import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { API, type Response, startApi, type TestApi } from './api-client.ts'
import { type OpenApiDocument, openApiContract } from './openapi-contract.ts'

/*
 * The check api-client.ts runs on every response, tried against altered copies of the real
 * document: each alteration must make a real, correct response fail with a message saying why.
 */

type Schema = { type?: string; properties?: Record<string, Schema> }
type DocumentedResponse = { content?: Record<string, unknown>; headers?: Record<string, unknown> }
type Document = OpenApiDocument & {
  paths: Record<string, Record<string, { responses: Record<string, DocumentedResponse> }>>
  components: { schemas: Record<string, Schema> }
}

describe('the OpenAPI check on every response of the HTTP tests', () => {
  let api: TestApi
  let document: Document
  let depots: Response
  const depotsRequest = { method: 'GET', url: `${API}/depots` }

  before(async () => {
    api = await startApi()
    document = (await api.request('/openapi.json')).json<Document>()
    depots = await api.get('/depots')
  })
  after(async () => {
    await api.close()
  })

  /** The check built from a copy of the document that `change` alters. */
  function checkAgainst(change: (copy: Document) => void) {
    const copy = structuredClone(document)
    change(copy)
    return openApiContract(copy)
  }

  function depotsResponses(copy: Document): Record<string, DocumentedResponse> {
    return copy.paths['/depots']?.get?.responses ?? {}
  }

  test('passes a response that matches the document', () => {
    assert.equal(depots.statusCode, 200)
    openApiContract(document).check(depotsRequest, depots)
  })

  test('fails a body that breaks the schema, naming the path, the status and the Ajv error', () => {
    const contract = checkAgainst((copy) => {
      const name = copy.components.schemas.Depot?.properties?.name
      if (name) name.type = 'integer'
    })
    assert.throws(
      () => contract.check(depotsRequest, depots),
      /GET \/api\/agent\/depots \(\/depots\) answered 200 with a body that does not match the document's schema for application\/json:\n.*\/0\/name must be integer/,
    )
  })

  test('maps a request path onto its templated path', async () => {
    const target = `${API}/vehicles/1/accessories`
    const response = await api.request(target)
    assert.equal(response.statusCode, 200)
    const contract = checkAgainst((copy) => {
      const name = copy.components.schemas.Accessory?.properties?.name
      if (name) name.type = 'integer'
    })
    assert.throws(
      () => contract.check({ method: 'GET', url: target }, response),
      /\/api\/agent\/vehicles\/1\/accessories \(\/vehicles\/\{vehicleId\}\/accessories\) answered 200/,
    )
  })

  test('fails a status the document does not list for the operation', () => {
    const contract = checkAgainst((copy) => {
      delete depotsResponses(copy)['200']
    })
    assert.throws(
      () => contract.check(depotsRequest, depots),
      /answered 200, a status the document does not list for list_depots \(it lists 429, 503\)/,
    )
  })

  test('fails a content type other than the documented media type', () => {
    const contract = checkAgainst((copy) => {
      const ok = depotsResponses(copy)['200'] as DocumentedResponse
      ok.content = { 'text/csv': ok.content?.['application/json'] }
    })
    assert.throws(
      () => contract.check(depotsRequest, depots),
      /answered 200 as application\/json; charset=utf-8; the document says text\/csv/,
    )
  })

  test('fails a response without a documented header', () => {
    const contract = checkAgainst((copy) => {
      const ok = depotsResponses(copy)['200'] as DocumentedResponse
      ok.headers = { ...ok.headers, 'X-Request-Id': { schema: { type: 'string' } } }
    })
    assert.throws(
      () => contract.check(depotsRequest, depots),
      /answered 200 without the documented header X-Request-Id/,
    )
  })

  test('fails a header whose value is not of its documented type', () => {
    const contract = checkAgainst((copy) => {
      const ok = depotsResponses(copy)['200'] as DocumentedResponse
      ok.headers = { ...ok.headers, 'X-RateLimit-Reset': { schema: { type: 'integer' } } }
    })
    assert.throws(
      () => contract.check(depotsRequest, depots),
      /with header X-RateLimit-Reset: .*, which does not match the document: data must be integer/,
    )
  })

  test('leaves alone the 404 of a path the document does not have', async () => {
    const target = `${API}/cars`
    const response = await api.request(target)
    assert.equal(response.statusCode, 404)
    openApiContract(document).check({ method: 'GET', url: target }, response)
  })
})
