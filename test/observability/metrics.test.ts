import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import type { Client } from '@modelcontextprotocol/client'
import { OTHER_AGENT_REFS } from '../../src/observability/service-metrics.ts'
import {
  bookingForm,
  bookUrl,
  cookieOf,
  injectFollowing,
  PERSON,
  SEARCH,
} from '../helpers/booking-pages.ts'
import { buildTestApp } from '../helpers/test-app.ts'
import { connectHttp } from '../mcp/mcp-sessions.ts'
import { parseExposition, type Sample, samplesOf, sampleValue } from './exposition.ts'

/*
 * A scripted session through every door (the API, MCP with the SDK's client, the website's
 * checkout, booking and cancellation), then a scrape of /metrics: each counter and histogram
 * moved by what the session did, no more, and the labels stay bounded.
 */

const TOKEN = 'test-metrics-token-0123456789'
const RATE_LIMIT = 40
const VAN = { ...SEARCH, vehicle_id: '2', insurance_id: '3', accessory_ids: '3' }
const AVAILABILITY = bookUrl(SEARCH, '/api/agent/vehicles/availability')
const QUOTE = bookUrl({ ...SEARCH, vehicle_id: '1' }, '/api/agent/quotes')

type TestApp = Awaited<ReturnType<typeof buildTestApp>>

async function scrape(app: TestApp['app']): Promise<Sample[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  })
  assert.equal(response.statusCode, 200, response.body)
  assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/)
  assert.equal(response.headers['x-ratelimit-limit'], undefined, 'never rate limited')
  return parseExposition(response.body)
}

const requests = (route: string, status: number, method = 'GET') => ({
  method,
  route,
  status_code: String(status),
})

describe('metrics after a scripted session', () => {
  let service: TestApp
  let mcp: Client
  let before_: Sample[]
  let after_: Sample[]
  let refused = 0
  const delta = (name: string, labels: Record<string, string> = {}) =>
    sampleValue(after_, name, labels) - sampleValue(before_, name, labels)

  before(async () => {
    service = await buildTestApp({
      env: {
        METRICS_TOKEN: TOKEN,
        RATE_LIMIT_MAX: String(RATE_LIMIT),
        BOOKING_RATE_LIMIT_MAX: '2',
      },
    })
    await service.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = service.app.server.address() as AddressInfo
    mcp = await connectHttp(`http://127.0.0.1:${port}/mcp`)
    before_ = await scrape(service.app)
    const { app } = service
    const get = (url: string) => app.inject({ method: 'GET', url })

    // The API: two searches, a quote, a bad quote, an unknown path.
    assert.equal((await get(AVAILABILITY)).statusCode, 200)
    assert.equal((await get(AVAILABILITY)).statusCode, 200)
    assert.equal((await get(QUOTE)).statusCode, 200)
    assert.equal(
      (await get(bookUrl({ ...SEARCH, vehicle_id: 'x' }, '/api/agent/quotes'))).statusCode,
      400,
    )
    assert.equal((await get('/api/agent/vehicles/2/nothing-here')).statusCode, 404)
    // MCP: a quote through the tool.
    const called = await mcp.callTool({
      name: 'get_quote',
      arguments: { ...SEARCH, vehicle_id: 1 },
    })
    assert.notEqual(called.isError, true, JSON.stringify(called.content))
    // The website: a checkout (which stores its quote), a booking, the booking cancelled on its
    // own page, and one more confirmation refused by the booking limit.
    const checkout = await injectFollowing(app, bookUrl(VAN))
    assert.equal(checkout.statusCode, 200)
    const post = (cookie: string) =>
      app.inject({
        method: 'POST',
        url: '/book',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        payload: new URLSearchParams({ ...bookingForm(checkout.body), ...PERSON }).toString(),
      })
    const booked = await post(cookieOf(checkout))
    assert.equal(booked.statusCode, 201, booked.body.slice(0, 300))
    const manage =
      /id="manage-link" href="https:\/\/rentals\.example\.com(\/book\/manage\/[^"]+)"/.exec(
        booked.body,
      )?.[1]
    assert.ok(manage)
    const page = await get(manage)
    const form = /<form method="post" action="([^"]+)"[\s\S]*?name="_csrf" value="([^"]+)"/.exec(
      page.body,
    )
    assert.ok(form)
    const cancelled = await app.inject({
      method: 'POST',
      url: form[1] ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieOf(page) },
      payload: new URLSearchParams({
        _csrf: form[2] ?? '',
        reason: 'Plans changed',
        confirm: 'yes',
      }).toString(),
    })
    assert.ok(cancelled.statusCode < 400, `cancel answered ${cancelled.statusCode}`)
    // A third confirmation within the minute: the booking limit (2) refuses it.
    assert.equal((await post(cookieOf(checkout))).statusCode, 429)
    // The API's rate limit, until it refuses; /metrics is still answered below.
    for (let sent = 0; sent < RATE_LIMIT + 5; sent++) {
      if ((await get('/api/agent/depots')).statusCode === 429) refused++
    }
    after_ = await scrape(service.app)
  })
  after(async () => {
    await mcp?.close()
    await service?.close()
  })

  test('requests are counted and timed by method, route template and status', () => {
    const availability = requests('/api/agent/vehicles/availability', 200)
    assert.equal(delta('http_request_duration_seconds_count', availability), 2)
    assert.ok(delta('http_request_duration_seconds_sum', availability) > 0)
    assert.equal(
      delta('http_request_duration_seconds_count', requests('/api/agent/quotes', 200)),
      1,
    )
    assert.equal(
      delta('http_request_duration_seconds_count', requests('/api/agent/quotes', 400)),
      1,
    )
    assert.equal(delta('http_request_duration_seconds_count', requests('unmatched', 404)), 1)
    assert.equal(
      delta('http_request_duration_seconds_count', requests('/mcp', 200, 'POST')) >= 1,
      true,
    )
    assert.equal(delta('http_request_duration_seconds_count', requests('/book', 201, 'POST')), 1)
    assert.equal(delta('http_request_duration_seconds_count', requests('/book', 429, 'POST')), 1)
    assert.equal(
      delta('http_request_duration_seconds_count', requests('/book/manage/:token', 200)),
      1,
    )
    assert.equal(
      delta('http_request_duration_seconds_count', requests('/api/agent/depots', 429)),
      refused,
    )
  })

  test("a histogram's buckets add up: each at most the next, the last its count", () => {
    const labels = requests('/api/agent/vehicles/availability', 200)
    const buckets = samplesOf(after_, 'http_request_duration_seconds_bucket', labels)
    assert.ok(buckets.length > 5)
    for (let index = 1; index < buckets.length; index++) {
      assert.ok((buckets[index - 1] as Sample).value <= (buckets[index] as Sample).value)
    }
    assert.equal(buckets.at(-1)?.labels.le, '+Inf')
    assert.equal(
      buckets.at(-1)?.value,
      sampleValue(after_, 'http_request_duration_seconds_count', labels),
    )
  })

  test('labels are bounded: route templates, never a path with ids, dates or a token', () => {
    const routes = new Set(
      samplesOf(after_, 'http_request_duration_seconds_count').map((sample) => sample.labels.route),
    )
    assert.ok(routes.has('/api/agent/vehicles/:vehicleId/accessories') || routes.size > 0)
    for (const route of routes) {
      assert.ok(route === 'unmatched' || route?.startsWith('/'), `route ${route}`)
      assert.doesNotMatch(String(route), /\?|\/\d+(\/|$)|\d{4}-\d{2}-\d{2}|manage\/[^:]/)
    }
  })

  test('quotes, bookings and cancellations are counted per channel', () => {
    assert.equal(delta('rental_quotes_total', { channel: 'api', agent_ref: '' }), 1)
    assert.equal(delta('rental_quotes_total', { channel: 'mcp', agent_ref: '' }), 1)
    assert.ok(delta('rental_quotes_total', { channel: 'website', agent_ref: '' }) >= 1)
    assert.equal(delta('rental_bookings_total', { channel: 'website', agent_ref: '' }), 1)
    assert.equal(delta('rental_bookings_total', { channel: 'api', agent_ref: '' }), 0)
    assert.equal(delta('rental_cancellations_total', { channel: 'website', agent_ref: '' }), 1)
  })

  test('rate-limit refusals are counted per limit', () => {
    assert.ok(refused >= 5, `only ${refused} refused`)
    assert.equal(delta('rental_rate_limit_refusals_total', { limit: 'api' }), refused)
    assert.equal(delta('rental_rate_limit_refusals_total', { limit: 'booking' }), 1)
  })

  test("the store's operations are timed, the outbox and readiness read at the scrape", () => {
    const timed = (operation: string) =>
      delta('rental_store_operation_duration_seconds_count', { store: 'sqlite', operation })
    assert.ok(timed('bookedUnits') >= 3)
    assert.ok(timed('saveQuote') >= 3)
    assert.equal(timed('createBooking'), 1)
    assert.equal(timed('cancelBooking'), 1)
    // The booking and the cancellation each wrote two emails; no sender runs in this test.
    assert.equal(sampleValue(after_, 'rental_outbox_messages', { status: 'pending' }), 4)
    assert.equal(sampleValue(after_, 'rental_outbox_messages', { status: 'failed' }), 0)
    assert.equal(sampleValue(after_, 'rental_ready'), 1)
  })

  test("Node's default process metrics are there, but for garbage collection", () => {
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      assert.ok(samplesOf(after_, name).length > 0, `${name} missing`)
    }
    // All but the garbage-collection histogram, whose observer costs more than the rest together.
    assert.deepEqual(samplesOf(after_, 'nodejs_gc_duration_seconds_count'), [])
  })

  test('/metrics asks for the token: none or a wrong one is a 401, and never rate limited', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`]) {
      const response = await service.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      })
      assert.equal(response.statusCode, 401)
      assert.equal(response.headers['www-authenticate'], 'Bearer realm="metrics"')
      assert.doesNotMatch(response.body, /http_request/)
    }
    // The client is over the API's limit now; the scrape still answers.
    assert.equal((await service.app.inject('/api/agent/depots')).statusCode, 429)
    await scrape(service.app)
  })
})

describe('metrics settings', () => {
  test('without METRICS_TOKEN, /metrics is not on the public port', async () => {
    const service = await buildTestApp()
    try {
      const response = await service.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      assert.equal(response.statusCode, 404)
    } finally {
      await service.close()
    }
  })

  test('with METRICS_PORT=off and no token, nothing is recorded at all', async () => {
    const service = await buildTestApp({ env: { METRICS_PORT: 'off' } })
    try {
      assert.equal(service.metrics, undefined)
      assert.equal((await service.app.inject(AVAILABILITY)).statusCode, 200)
    } finally {
      await service.close()
    }
  })
})

describe('agent_ref labels', () => {
  test('quotes count per agent_ref; past the first 100 references, the rest are "(other)"', async () => {
    const service = await buildTestApp()
    try {
      const metrics = service.metrics
      assert.ok(metrics)
      const { countedContext } = await import('../../src/observability/channel-counts.ts')
      const ctx = countedContext(service.ctx, metrics, 'api')
      const quote = (await service.app.inject(QUOTE)).json<{ quoteId: string }>()
      const stored = await service.store.findQuote(quote.quoteId)
      assert.ok(stored)
      const refs = Array.from({ length: 105 }, (_, index) => `agent-${index}`)
      for (const [index, agentRef] of [...refs, 'agent-0', 'bad ref!'].entries()) {
        await ctx.store.saveQuote({
          ...stored,
          id: `${stored.id}-${index}`,
          agentRef,
        } as typeof stored)
      }
      const samples = parseExposition((await metrics.exposition()).body)
      const api = samplesOf(samples, 'rental_quotes_total', { channel: 'api' })
      assert.equal(
        sampleValue(samples, 'rental_quotes_total', { channel: 'api', agent_ref: 'agent-0' }),
        2,
      )
      assert.equal(
        sampleValue(samples, 'rental_quotes_total', { channel: 'api', agent_ref: 'agent-99' }),
        1,
      )
      assert.equal(
        sampleValue(samples, 'rental_quotes_total', {
          channel: 'api',
          agent_ref: OTHER_AGENT_REFS,
        }),
        6,
      )
      // The quote without a reference (""), the first 100 references, and "(other)".
      assert.equal(api.length, 102)
    } finally {
      await service.close()
    }
  })
})
