import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { startApi, type TestApi } from '../http/api-client.ts'

const DOCUMENTS = ['/openapi.json', '/openapi.yaml']

describe('the OpenAPI document as a cacheable resource', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
  })
  after(async () => {
    await api.close()
  })

  for (const path of DOCUMENTS) {
    test(`${path} answers 304 with no body to If-None-Match with its ETag`, async () => {
      const first = await api.request(path)
      assert.equal(first.statusCode, 200)
      const etag = first.headers.etag
      assert.match(String(etag), /^(W\/)?"[^"]+"$/, `no usable ETag: ${String(etag)}`)
      const again = await api.request({
        method: 'GET',
        url: path,
        headers: { 'if-none-match': String(etag) },
      })
      assert.equal(again.statusCode, 304)
      assert.equal(again.body, '')
      assert.equal(again.headers.etag, etag)
    })

    test(`${path} answers 200 in full to an If-None-Match with another ETag`, async () => {
      const response = await api.request({
        method: 'GET',
        url: path,
        headers: { 'if-none-match': '"not-this-one"' },
      })
      assert.equal(response.statusCode, 200)
      assert.ok(response.body.length > 0)
    })
  }
})

describe('the OpenAPI document with RATE_LIMIT_MAX=2', () => {
  let api: TestApi
  before(async () => {
    api = await startApi({ env: { RATE_LIMIT_MAX: '2' } })
  })
  after(async () => {
    await api.close()
  })

  test('answers ten requests in a row with 200 and no X-RateLimit header', async () => {
    for (let i = 1; i <= 10; i++) {
      const response = await api.request('/openapi.json')
      assert.equal(response.statusCode, 200, `request ${i}`)
      const limitHeaders = Object.keys(response.headers).filter((name) =>
        name.toLowerCase().startsWith('x-ratelimit-'),
      )
      assert.deepEqual(limitHeaders, [], `request ${i} carries ${limitHeaders.join(', ')}`)
    }
  })

  test('leaves the whole API budget to the API: its third request is the 429', async () => {
    const client = '198.51.100.20'
    for (let i = 0; i < 3; i++) {
      await api.request({ method: 'GET', url: '/openapi.json', remoteAddress: client })
    }
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      const response = await api.request({
        method: 'GET',
        url: '/api/agent/depots',
        remoteAddress: client,
      })
      statuses.push(response.statusCode)
    }
    assert.deepEqual(statuses, [200, 200, 429])
  })
})
