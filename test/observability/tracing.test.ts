import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { loadConfig } from '../../src/config.ts'
import { openService } from '../../src/service.ts'
import {
  bookingForm,
  bookUrl,
  cookieOf,
  injectFollowing,
  PERSON,
  SEARCH,
} from '../helpers/booking-pages.ts'
import { FIXED_NOW, RULES_FLEET_FILE, SITE_URL } from '../helpers/test-app.ts'
import { REDIS_URL, runKeyPrefix, testNeeding } from '../instances/prerequisites.ts'
import { connectHttp } from '../mcp/mcp-sessions.ts'
import { SmtpSink } from '../notifications/smtp-sink.ts'
import { newWebhookSecret, WebhookReceiver } from '../notifications/webhook-receiver.ts'
import { ADMIN_URL, TestDatabases } from '../store/postgres-test-databases.ts'
import { OtlpReceiver, type ReceivedSpan } from './otlp-receiver.ts'

/*
 * Traces as an operator's collector receives them: a real OTLP/HTTP receiver in the test, the
 * service exporting to it as OTEL_EXPORTER_OTLP_ENDPOINT says. A quote is a span named after its
 * route, continuing the caller's `traceparent`, with the store's operations under it; an MCP
 * call continues the trace its `_meta` carries; Redis commands and message deliveries have spans;
 * every log line of a request carries its trace id.
 */

const CALLER_TRACE = '0af7651916cd43dd8448eb211c42b3aa'
const CALLER_SPAN = 'b7ad6b7169203331'
const TRACEPARENT = `00-${CALLER_TRACE}-${CALLER_SPAN}-01`
const QUOTE = bookUrl({ ...SEARCH, vehicle_id: '1' }, '/api/agent/quotes')
const SERVER = 2

type Service = Awaited<ReturnType<typeof openService>> & { lines: Record<string, unknown>[] }

/** The service exporting its traces to `receiver`, logging at info into `lines`. */
async function tracedService(
  receiver: OtlpReceiver,
  env: Record<string, string> = {},
  options: { deliverMessages?: boolean } = {},
): Promise<Service> {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line))
      done()
    },
  })
  const service = await openService(
    loadConfig({
      PUBLIC_URL: SITE_URL,
      FLEET_FILE: RULES_FLEET_FILE,
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      RATE_LIMIT_MAX: '1000',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      ...env,
    }),
    {
      now: () => FIXED_NOW,
      databaseFile: ':memory:',
      logger: { level: 'info', stream },
      deliverMessages: options.deliverMessages ?? false,
    },
  )
  return { ...service, lines }
}

/** The span's children among the received spans. */
function childrenOf(receiver: OtlpReceiver, span: ReceivedSpan): ReceivedSpan[] {
  return receiver.spans.filter(
    (candidate) => candidate.parentSpanId === span.spanId && candidate.traceId === span.traceId,
  )
}

function only(spans: ReceivedSpan[], what: string): ReceivedSpan {
  assert.equal(spans.length, 1, `${spans.length} spans for ${what}`)
  return spans[0] as ReceivedSpan
}

describe('a quote traced on the embedded store', () => {
  let receiver: OtlpReceiver
  let service: Service
  let quoteId: string
  before(async () => {
    receiver = await OtlpReceiver.start()
    service = await tracedService(receiver)
    const answer = await service.app.inject({
      method: 'GET',
      url: QUOTE,
      headers: { traceparent: TRACEPARENT },
    })
    assert.equal(answer.statusCode, 200)
    quoteId = answer.json<{ quoteId: string }>().quoteId
    assert.equal((await service.app.inject('/health')).statusCode, 200)
    // A caller that sends an address where an id goes: the 400's span must not keep it.
    const personal = await service.app.inject(
      bookUrl({ ...SEARCH, vehicle_id: 'wiremu.tk@example.org' }, '/api/agent/quotes'),
    )
    assert.equal(personal.statusCode, 400)
    // Closing sends every span not sent yet.
    await service.app.close()
  })
  after(() => receiver.stop())

  test("the request's span is named after its route and continues the caller's trace", () => {
    const request = only(
      receiver.named('GET /api/agent/quotes').filter((span) => span.traceId === CALLER_TRACE),
      'the quote',
    )
    assert.equal(request.traceId, CALLER_TRACE)
    assert.equal(request.parentSpanId, CALLER_SPAN)
    assert.equal(request.kind, SERVER)
    assert.equal(request.attributes['http.route'], '/api/agent/quotes')
    assert.equal(request.attributes['http.response.status_code'], 200)
    assert.equal(request.attributes['url.path'], '/api/agent/quotes')
    assert.equal(request.resource['service.name'], 'rental-agent')
  })

  test("the store's operations are its children: the units booked, the quote saved", () => {
    const request = only(
      receiver.named('GET /api/agent/quotes').filter((span) => span.traceId === CALLER_TRACE),
      'the quote',
    )
    const children = childrenOf(receiver, request)
    const saved = only(
      children.filter((span) => span.name === 'store saveQuote'),
      'saveQuote',
    )
    assert.equal(saved.attributes['db.system.name'], 'sqlite')
    assert.equal(saved.attributes['db.operation.name'], 'saveQuote')
    assert.ok(children.some((span) => span.name === 'store bookedUnits'))
  })

  test('health checks make no spans, nor does the background work', () => {
    assert.deepEqual(receiver.named('GET /health'), [])
    // The quote's trace and the 400's, nothing else.
    const traces = new Set(receiver.spans.map((span) => span.traceId))
    assert.equal(traces.size, 2, [...traces].join(', '))
    assert.ok(traces.has(CALLER_TRACE))
  })

  test("a failed request's span says it failed, without what the caller sent", () => {
    const failed = receiver
      .named('GET /api/agent/quotes')
      .find((span) => span.traceId !== CALLER_TRACE)
    assert.ok(failed)
    assert.equal(failed.attributes['http.response.status_code'], 400)
    assert.equal(failed.statusCode, 2, 'an error status')
    assert.match(failed.statusMessage, /vehicle_id/, 'the status says which parameter')
    assert.ok(!JSON.stringify(receiver.spans).includes('wiremu'), JSON.stringify(failed))
    assert.ok(!JSON.stringify(receiver.spans).includes('example.org'))
  })

  test("every log line of the request carries its trace id; the quote's id is not a span's", () => {
    const ofRequest = service.lines.filter((line) => line.reqId === 'req-1')
    assert.ok(ofRequest.length >= 2, JSON.stringify(service.lines.slice(0, 4)))
    for (const line of ofRequest) {
      assert.equal(line.trace_id, CALLER_TRACE, JSON.stringify(line))
      assert.match(String(line.span_id), /^[0-9a-f]{16}$/)
    }
    assert.ok(ofRequest.some((line) => line.msg === 'incoming request'))
    assert.ok(ofRequest.some((line) => line.msg === 'request completed'))
    assert.ok(!JSON.stringify(receiver.spans).includes(quoteId))
  })
})

describe('OTLP/HTTP protobuf, the default protocol', () => {
  test('spans are posted to /v1/traces as protobuf', async () => {
    const receiver = await OtlpReceiver.start()
    try {
      const service = await tracedService(receiver, { OTEL_EXPORTER_OTLP_PROTOCOL: '' })
      assert.equal((await service.app.inject(QUOTE)).statusCode, 200)
      await service.app.close()
      const post = receiver.posts.find((each) => each.path === '/v1/traces')
      assert.ok(post, 'nothing posted to /v1/traces')
      assert.equal(post.contentType, 'application/x-protobuf')
      // Strings are written as they are in protobuf: the span and route names are in the bytes.
      assert.ok(post.body.includes('GET /api/agent/quotes'))
      assert.ok(post.body.includes('store saveQuote'))
    } finally {
      await receiver.stop()
    }
  })
})

describe('MCP', () => {
  test("a tool call continues the trace its _meta carries, with the store's spans under it", async () => {
    const receiver = await OtlpReceiver.start()
    const service = await tracedService(receiver)
    try {
      await service.app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = service.app.server.address() as AddressInfo
      const client = await connectHttp(`http://127.0.0.1:${port}/mcp`)
      const metaTrace = '4bf92f3577b34da6a3ce929d0e0e4736'
      const metaSpan = '00f067aa0ba902b7'
      const result = await client.callTool({
        name: 'get_quote',
        arguments: { ...SEARCH, vehicle_id: 1 },
        _meta: { traceparent: `00-${metaTrace}-${metaSpan}-01` },
      })
      assert.notEqual(result.isError, true)
      await client.close()
      await service.app.close()
      const call = only(receiver.named('tools/call get_quote'), 'the tool call')
      assert.equal(call.traceId, metaTrace)
      assert.equal(call.parentSpanId, metaSpan)
      assert.equal(call.attributes['mcp.method.name'], 'tools/call')
      assert.equal(call.attributes['gen_ai.tool.name'], 'get_quote')
      // Linked to the HTTP request's span, which is in a trace of its own.
      const post = receiver.named('POST /mcp').find((span) => span.spanId === call.links[0]?.spanId)
      assert.ok(post, 'the call links the HTTP request')
      assert.ok(childrenOf(receiver, call).some((span) => span.name === 'store saveQuote'))
    } finally {
      await service.app.close()
      await receiver.stop()
    }
  })
})

describe('PostgreSQL, Redis and the deliveries', () => {
  const databases = new TestDatabases(ADMIN_URL)
  after(() => databases.dropAll().catch(() => {}))

  testNeeding(
    ['PostgreSQL', 'Redis'],
    'store spans name PostgreSQL; Redis commands are spans',
    async () => {
      const receiver = await OtlpReceiver.start()
      try {
        const service = await tracedService(receiver, {
          DATABASE_URL: await databases.create(),
          REDIS_URL,
          REDIS_KEY_PREFIX: runKeyPrefix(),
        })
        // Once Redis is connected (as /ready says), the quote's count goes to Redis, not memory.
        for (let tries = 0; (await service.app.inject('/ready')).statusCode !== 200; tries++) {
          assert.ok(tries < 100, 'never ready')
          await sleep(20)
        }
        const answer = await service.app.inject({
          url: QUOTE,
          headers: { traceparent: TRACEPARENT },
        })
        assert.equal(answer.statusCode, 200)
        await service.app.close()
        const request = receiver.named('GET /api/agent/quotes')[0]
        assert.ok(request)
        const children = childrenOf(receiver, request)
        const saved = only(
          children.filter((span) => span.name === 'store saveQuote'),
          'saveQuote',
        )
        assert.equal(saved.attributes['db.system.name'], 'postgresql')
        const redis = children.filter((span) => span.attributes['db.system.name'] === 'redis')
        assert.ok(
          redis.some((span) => span.name === 'EVALSHA'),
          `no Redis span among ${children.map((span) => span.name)}`,
        )
      } finally {
        await receiver.stop()
      }
    },
  )

  test("each email and webhook delivery is a span in the booking's trace, naming no recipient", async () => {
    const receiver = await OtlpReceiver.start()
    const sink = await SmtpSink.start()
    const secret = newWebhookSecret()
    const webhooks = await WebhookReceiver.start(secret)
    const service = await tracedService(
      receiver,
      { SMTP_URL: sink.url, WEBHOOK_URL: webhooks.url, WEBHOOK_SECRET: secret },
      { deliverMessages: true },
    )
    try {
      const van = { ...SEARCH, vehicle_id: '2' }
      const checkout = await injectFollowing(service.app, bookUrl(van))
      const booked = await service.app.inject({
        method: 'POST',
        url: '/book',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: cookieOf(checkout),
          traceparent: TRACEPARENT,
        },
        payload: new URLSearchParams({ ...bookingForm(checkout.body), ...PERSON }).toString(),
      })
      assert.equal(booked.statusCode, 201)
      await sink.waitFor(2)
      await webhooks.waitFor(1)
      await service.app.close()
      const emails = receiver.named('email send')
      assert.equal(emails.length, 2)
      const webhook = only(receiver.named('webhook send'), 'the webhook')
      const booking = only(receiver.named('POST /book'), 'the booking')
      assert.equal(booking.traceId, CALLER_TRACE)
      // The messages were written by the booking's store operation: the deliveries are its children.
      const written = only(
        childrenOf(receiver, booking).filter((span) => span.name === 'store createBooking'),
        'the booking written',
      )
      for (const span of [...emails, webhook]) {
        assert.equal(span.traceId, CALLER_TRACE, `${span.name} is not in the booking's trace`)
        assert.equal(span.parentSpanId, written.spanId)
        assert.match(String(span.attributes['outbox.message.id']), /\S/)
      }
      assert.equal(webhook.attributes['server.address'], new URL(webhooks.url).host)
      const everything = JSON.stringify(receiver.spans)
      for (const personal of Object.values(PERSON)) {
        assert.ok(!everything.includes(personal), `a span holds ${personal}`)
      }
    } finally {
      await service.app.close()
      await sink.stop()
      await webhooks.stop()
      await receiver.stop()
    }
  })
})
