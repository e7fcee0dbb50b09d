import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  API,
  assertRateLimitHeaders,
  type Params,
  type Response,
  startApi,
  type TestApi,
  url,
} from './api-client.ts'

/*
 * 100 requests per 60-second window by default, counted per client address. The window runs on
 * the real clock, so X-RateLimit-Reset is checked against Date.now(), not the fixed test clock.
 */

const WINDOW_MS = 60_000

const SEARCH: Params = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-01-13',
  drop_off_date: '2027-01-18',
}

function header(response: Response, name: string): string {
  const value = response.headers[name]
  assert.notEqual(value, undefined, `no ${name} header`)
  return String(value)
}

function assertResetWithinWindow(response: Response, requestedAtMs: number): number {
  const reset = header(response, 'x-ratelimit-reset')
  assert.match(reset, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/)
  const resetMs = Date.parse(reset)
  assert.ok(resetMs > requestedAtMs, `reset ${reset} is not in the future`)
  assert.ok(resetMs <= Date.now() + WINDOW_MS, `reset ${reset} is more than a window away`)
  return resetMs
}

describe('the rate limit at its default of 100 requests a window', () => {
  let api: TestApi
  const responses: Response[] = []
  let startedAtMs = 0
  before(async () => {
    // No RATE_LIMIT_MAX: the service's own default applies.
    api = await startApi({ env: { RATE_LIMIT_MAX: undefined } })
    startedAtMs = Date.now()
    for (let i = 0; i < 101; i++) responses.push(await api.get('/depots'))
  })
  after(async () => {
    await api.close()
  })

  test('answers requests 1 to 100 with 200 and X-RateLimit-Limit 100', () => {
    for (const response of responses.slice(0, 100)) {
      assert.equal(response.statusCode, 200)
      assert.equal(header(response, 'x-ratelimit-limit'), '100')
    }
  })

  test('counts X-RateLimit-Remaining down from 99 to 0', () => {
    assert.deepEqual(
      responses.slice(0, 100).map((response) => header(response, 'x-ratelimit-remaining')),
      Array.from({ length: 100 }, (_, i) => String(99 - i)),
    )
  })

  test('gives X-RateLimit-Reset as one UTC ISO 8601 instant within the window', () => {
    const resets = responses.map((response) => assertResetWithinWindow(response, startedAtMs))
    assert.equal(new Set(resets).size, 1, 'the reset instant moved within one window')
  })

  test('answers the 101st request with 429 in plain text', () => {
    const response = responses[100] as Response
    assert.equal(response.statusCode, 429)
    assert.match(header(response, 'content-type'), /^text\/plain\b/)
  })

  test('gives the 429 the three X-RateLimit headers, with none remaining', () => {
    const response = responses[100] as Response
    assertRateLimitHeaders(response)
    assert.equal(header(response, 'x-ratelimit-limit'), '100')
    assert.equal(header(response, 'x-ratelimit-remaining'), '0')
    assertResetWithinWindow(response, startedAtMs)
  })

  test('gives the 429 a Retry-After in whole seconds, more than 0 and at most 60', () => {
    const retryAfter = header(responses[100] as Response, 'retry-after')
    assert.match(retryAfter, /^\d+$/)
    assert.ok(Number(retryAfter) > 0 && Number(retryAfter) <= 60, `Retry-After ${retryAfter}`)
  })

  test('says in the 429 body when to retry', () => {
    const response = responses[100] as Response
    assert.match(response.body, /retry/i)
    assert.ok(
      response.body.includes(header(response, 'x-ratelimit-reset')),
      `the body does not give the reset time: ${response.body}`,
    )
    assert.ok(response.body.includes(`${header(response, 'retry-after')} seconds`))
  })

  test('keeps refusing every endpoint of the API for the rest of the window', async () => {
    for (const target of [
      url('/vehicles/availability', SEARCH),
      url('/quotes', { ...SEARCH, vehicle_id: '1' }),
    ]) {
      const response = await api.request(target)
      assert.equal(response.statusCode, 429)
      assert.equal(header(response, 'x-ratelimit-remaining'), '0')
    }
  })

  test('counts another client address separately', async () => {
    const response = await api.request({
      method: 'GET',
      url: `${API}/depots`,
      remoteAddress: '203.0.113.7',
    })
    assert.equal(response.statusCode, 200)
    assert.equal(header(response, 'x-ratelimit-limit'), '100')
    assert.equal(header(response, 'x-ratelimit-remaining'), '99')
  })
})

describe('the rate limit with RATE_LIMIT_MAX=3', () => {
  let api: TestApi
  before(async () => {
    api = await startApi({ env: { RATE_LIMIT_MAX: '3' } })
  })
  after(async () => {
    await api.close()
  })

  const from = (remoteAddress: string, target: string) =>
    api.request({ method: 'GET', url: target, remoteAddress })

  test('counts 400s and 404s, which carry the headers too', async () => {
    const client = '198.51.100.1'
    const badRequest = await from(
      client,
      url('/vehicles/availability', { ...SEARCH, pick_up_depot_id: '07' }),
    )
    const unavailable = await from(
      client,
      url('/quotes', { ...SEARCH, vehicle_id: '1', drop_off_date: '2027-01-15' }),
    )
    const unknownPath = await from(client, `${API}/cars`)
    assert.deepEqual(
      [badRequest.statusCode, unavailable.statusCode, unknownPath.statusCode],
      [400, 404, 404],
    )
    for (const response of [badRequest, unavailable, unknownPath]) {
      assertRateLimitHeaders(response)
      assert.equal(header(response, 'x-ratelimit-limit'), '3')
    }
    assert.deepEqual(
      [badRequest, unavailable, unknownPath].map((response) =>
        header(response, 'x-ratelimit-remaining'),
      ),
      ['2', '1', '0'],
    )
    const fourth = await from(client, `${API}/depots`)
    assert.equal(fourth.statusCode, 429)
  })

  test('does not trust X-Forwarded-For to name the client', async () => {
    const client = '198.51.100.2'
    const statuses: number[] = []
    for (let i = 1; i <= 4; i++) {
      const response = await api.request({
        method: 'GET',
        url: `${API}/depots`,
        remoteAddress: client,
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      })
      statuses.push(response.statusCode)
    }
    assert.deepEqual(statuses, [200, 200, 200, 429])
  })

  test('prices no quote over the limit', async () => {
    const client = '198.51.100.3'
    for (let i = 0; i < 3; i++) await from(client, `${API}/depots`)
    const response = await from(client, url('/quotes', { ...SEARCH, vehicle_id: '1' }))
    assert.equal(response.statusCode, 429)
    assert.doesNotMatch(response.body, /quoteId/)
  })
})
