import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import type { LightMyRequestResponse } from 'fastify'
import { bookUrl, SEARCH, textOf } from '../helpers/booking-pages.ts'
import { buildTestApp } from '../helpers/test-app.ts'
import { assertRateLimitHeaders } from '../http/api-client.ts'

/*
 * A saturated event loop, made in-process: a timer that keeps the loop busy 100 ms at a time,
 * as a flood of requests would. With the overload threshold at 50 ms, the service must answer
 * 503 with Retry-After at once instead of queueing, in each area's own medium, keep /health
 * answering, and serve again once the loop is free. No timing is asserted: each wait is a
 * bounded poll for the answer the test expects.
 */

type Response = LightMyRequestResponse

function busyFor(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // The event loop is held here, as a long synchronous task would hold it.
  }
}

describe('an overloaded event loop', () => {
  let testApp: Awaited<ReturnType<typeof buildTestApp>>
  let saturation: NodeJS.Timeout | undefined
  const get = (url: string) => testApp.app.inject({ method: 'GET', url })

  before(async () => {
    testApp = await buildTestApp({
      env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '50', RATE_LIMIT_MAX: '1000000' },
    })
    await testApp.app.ready()
  })
  after(async () => {
    clearInterval(saturation)
    await testApp.close()
  })

  /** Polls `url` (at most `tries` times) until it answers `status`; returns that answer. */
  async function pollFor(url: string, status: number, tries: number): Promise<Response> {
    let last: Response | undefined
    for (let attempt = 0; attempt < tries; attempt++) {
      last = await get(url)
      if (last.statusCode === status) return last
      await sleep(20)
    }
    assert.fail(`${url} never answered ${status} in ${tries} tries; last ${last?.statusCode}`)
  }

  test('answers normally before the load', async () => {
    assert.equal((await get('/api/agent/depots')).statusCode, 200)
  })

  test('while saturated: the API answers 503 JSON service_unavailable with Retry-After and the rate-limit headers', async () => {
    saturation = setInterval(() => busyFor(100), 1)
    const response = await pollFor('/api/agent/depots', 503, 200)
    assert.match(String(response.headers['content-type']), /^application\/json/)
    assert.deepEqual(Object.keys(response.json()).sort(), ['code', 'error'])
    assert.equal(response.json().code, 'service_unavailable')
    assert.match(response.json().error, /retry in \d+ seconds/)
    assert.match(String(response.headers['retry-after']), /^[1-9]\d*$/)
    assertRateLimitHeaders(response)
  })

  test('while saturated: a booking page is a 503 page with Retry-After, not JSON', async () => {
    const response = await pollFor(bookUrl(SEARCH), 503, 50)
    assert.match(String(response.headers['content-type']), /^text\/html/)
    assert.match(String(response.headers['retry-after']), /^[1-9]\d*$/)
    assert.match(textOf(response.body), /We are very busy right now Nothing was booked\./)
  })

  test('while saturated: the documents answer 503 JSON', async () => {
    const response = await pollFor('/openapi.json', 503, 50)
    assert.equal(response.json().code, 'service_unavailable')
    assert.match(String(response.headers['retry-after']), /^[1-9]\d*$/)
  })

  test('while saturated: /health still answers 200, since the process is alive', async () => {
    // Under pressure now (the API still refuses), and /health answers all the same.
    await pollFor('/api/agent/depots', 503, 50)
    const health = await get('/health')
    assert.equal(health.statusCode, 200)
    assert.deepEqual(health.json(), { status: 'ok' })
  })

  test('while saturated: /ready answers 503, so that a load balancer sends traffic elsewhere', async () => {
    const ready = await pollFor('/ready', 503, 50)
    assert.equal(ready.json().code, 'service_unavailable')
  })

  test('once the load drops, the API answers 200 again', async () => {
    clearInterval(saturation)
    saturation = undefined
    const response = await pollFor('/api/agent/depots', 200, 200)
    assert.ok(Array.isArray(response.json()))
  })
})

describe('start-up', () => {
  test('the work of starting is not taken for overload: the first requests are answered', async () => {
    const testApp = await buildTestApp({
      env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '50', RATE_LIMIT_MAX: '1000000' },
    })
    try {
      // Start-up's own work after the check began measuring (compiling every route's schemas,
      // on a slow or busy machine), longer than the sampling interval.
      busyFor(600)
      await testApp.app.ready()
      // The check's sampling timer, late behind that work, takes its reading first.
      await sleep(50)
      for (const url of ['/api/agent/depots', bookUrl(SEARCH), '/openapi.json']) {
        const response = await testApp.app.inject({ method: 'GET', url })
        assert.equal(response.statusCode, 200, `${url}: ${response.body.slice(0, 200)}`)
      }
    } finally {
      await testApp.close()
    }
  })
})

describe('the overload check turned off (OVERLOAD_MAX_EVENT_LOOP_DELAY_MS=0)', () => {
  test('a saturated loop delays answers but never refuses them', async () => {
    const testApp = await buildTestApp({ env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' } })
    const saturation = setInterval(() => busyFor(100), 1)
    try {
      for (let attempt = 0; attempt < 10; attempt++) {
        assert.equal((await testApp.app.inject('/api/agent/depots')).statusCode, 200)
        await sleep(50)
      }
    } finally {
      clearInterval(saturation)
      await testApp.close()
    }
  })
})
