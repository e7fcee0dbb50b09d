import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { buildTestApp, DEMO_FLEET_FILE } from '../helpers/test-app.ts'

type TestApp = Awaited<ReturnType<typeof buildTestApp>>

const DOCUMENTS = [
  '/docs',
  '/.well-known/ai-plugin.json',
  '/logo.svg',
  '/llms.txt',
  '/openapi.json',
  '/openapi.yaml',
]

describe('the discovery documents, for caches and the rate limit', () => {
  let testApp: TestApp
  before(async () => {
    // Two API requests per window: a document counted like the API would soon be refused.
    testApp = await buildTestApp({ fleetFile: DEMO_FLEET_FILE, env: { RATE_LIMIT_MAX: '2' } })
  })
  after(async () => {
    await testApp.close()
  })

  for (const path of DOCUMENTS) {
    describe(path, () => {
      test('carries an ETag and answers 304, with no body, to If-None-Match with it', async () => {
        const first = await testApp.app.inject(path)
        assert.equal(first.statusCode, 200)
        const etag = first.headers.etag
        assert.match(String(etag), /^"[^"]+"$/)
        const again = await testApp.app.inject({ url: path, headers: { 'if-none-match': etag } })
        assert.equal(again.statusCode, 304)
        assert.equal(again.body, '')
        assert.equal(again.headers.etag, etag)
        const changed = await testApp.app.inject({
          url: path,
          headers: { 'if-none-match': '"something-else"' },
        })
        assert.equal(changed.statusCode, 200)
      })

      test('may be cached publicly for a while', async () => {
        const response = await testApp.app.inject(path)
        assert.match(String(response.headers['cache-control']), /^public, max-age=\d+$/)
      })

      test('is outside the rate limit: ten requests all answer 200, with no rate-limit headers', async () => {
        for (let i = 0; i < 10; i++) {
          const response = await testApp.app.inject(path)
          assert.equal(response.statusCode, 200, `request ${i + 1} answered ${response.statusCode}`)
          for (const header of Object.keys(response.headers)) {
            assert.doesNotMatch(header, /^x-ratelimit-|^ratelimit/i)
          }
        }
      })
    })
  }

  test('while the API itself is limited to two requests', async () => {
    const statuses = []
    for (let i = 0; i < 3; i++)
      statuses.push((await testApp.app.inject('/api/agent/depots')).statusCode)
    assert.deepEqual(statuses, [200, 200, 429])
  })
})
