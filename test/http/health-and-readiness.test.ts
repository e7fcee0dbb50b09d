import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { buildTestApp } from '../helpers/test-app.ts'

describe('/health and /ready', () => {
  test('/health says the process is alive, outside the rate limit', async () => {
    const { app, close } = await buildTestApp({ env: { RATE_LIMIT_MAX: '1' } })
    try {
      for (let i = 0; i < 3; i++) {
        const response = await app.inject('/health')
        assert.equal(response.statusCode, 200)
        assert.deepEqual(response.json(), { status: 'ok' })
        assert.equal(response.headers['x-ratelimit-limit'], undefined)
      }
    } finally {
      await close()
    }
  })

  test('/ready is 200 while the store answers, and 503 with Retry-After once it does not', async () => {
    const { app, store, close } = await buildTestApp()
    try {
      const ready = await app.inject('/ready')
      assert.equal(ready.statusCode, 200)
      assert.deepEqual(ready.json(), { status: 'ready' })
      await store.close()
      const unavailable = await app.inject('/ready')
      assert.equal(unavailable.statusCode, 503)
      assert.deepEqual(unavailable.json(), { status: 'unavailable' })
      assert.equal(unavailable.headers['retry-after'], '5')
      const alive = await app.inject('/health')
      assert.equal(alive.statusCode, 200)
    } finally {
      await close()
    }
  })
})
