import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { buildTestApp, DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import { type RawAnswer, rawExchange } from './raw-http.ts'

/*
 * Requests that never reach a route, on a listening server: bodies and headers that trickle in
 * are cut off once the request timeout (1 s here, 15 s by default) has passed, and what Node's
 * parser refuses is answered in the service's own shape, with its security headers: the API's
 * JSON error with a `code`, or a page on the website. Each answer closes its connection.
 */

const REQUEST_TIMEOUT_SECONDS = 1
/** Node looks for late requests once a second: the cut comes within the timeout and 1-2 s. */
const CUT_WITHIN_MS = REQUEST_TIMEOUT_SECONDS * 1000 + 4000

let service: Awaited<ReturnType<typeof buildTestApp>>
let port: number
before(async () => {
  service = await buildTestApp({
    fleetFile: DEMO_FLEET_FILE,
    // Each POST to /mcp or /book counts against its limit as soon as its headers arrive.
    env: {
      REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
      RATE_LIMIT_MAX: '10000',
      BOOKING_RATE_LIMIT_MAX: '10000',
    },
  })
  await service.app.listen({ port: 0, host: '127.0.0.1' })
  port = (service.app.server.address() as AddressInfo).port
})
after(() => service.close())

function postHead(path: string, contentType: string, length: number): string {
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`
}

const TRICKLED_FORM = {
  head: postHead('/book', 'application/x-www-form-urlencoded', 10_000),
  trickle: 'full_name=Aroha&',
  trickleMs: 100,
}
const TRICKLED_MCP = {
  head: postHead('/mcp', 'application/json', 10_000),
  trickle: '{"jsonrpc":"2.0",',
  trickleMs: 100,
}

function assertSecurityHeaders(answer: RawAnswer): void {
  assert.equal(answer.headers['x-content-type-options'], 'nosniff')
  assert.equal(answer.headers['x-frame-options'], 'DENY')
  assert.ok(answer.headers['content-security-policy'], 'no Content-Security-Policy')
  assert.equal(answer.headers.connection, 'close')
  assert.equal(answer.headers['content-length'], String(Buffer.byteLength(answer.body)))
}

function assertApiError(answer: RawAnswer, status: number, code: string): void {
  assert.equal(answer.status, status, answer.body)
  assert.match(answer.headers['content-type'] ?? '', /^application\/json/)
  const body = JSON.parse(answer.body) as { error: string; code: string }
  assert.equal(body.code, code)
  assert.ok(body.error.length > 20, 'the error says nothing')
  assertSecurityHeaders(answer)
}

function assertPage(answer: RawAnswer, status: number): void {
  assert.equal(answer.status, status, answer.body.slice(0, 300))
  assert.match(answer.headers['content-type'] ?? '', /^text\/html/)
  assert.match(answer.body, /^<!doctype html>/)
  assert.match(answer.body, /Nothing was booked or changed/)
  assert.match(answer.body, /Kiwi Roads Rentals/, 'the page is not in the company frame')
  // The website's policy, not the API's `default-src 'none'` alone.
  assert.match(answer.headers['content-security-policy'] ?? '', /style-src/)
  assertSecurityHeaders(answer)
}

describe('a request that trickles in', () => {
  test('a form body on /book is cut off with a page saying to send it again', async () => {
    const answer = await rawExchange(port, TRICKLED_FORM)
    assertPage(answer, 408)
    assert.match(answer.body, /took too long to arrive/)
    assert.ok(answer.closedAfterMs < CUT_WITHIN_MS, `open for ${answer.closedAfterMs} ms`)
  })

  test('a JSON-RPC body on /mcp is cut off with the API error', async () => {
    const answer = await rawExchange(port, TRICKLED_MCP)
    assertApiError(answer, 408, 'request_timeout')
    assert.match(answer.body, /within 1 seconds/)
    assert.ok(answer.closedAfterMs >= REQUEST_TIMEOUT_SECONDS * 1000 - 50)
    assert.ok(answer.closedAfterMs < CUT_WITHIN_MS, `open for ${answer.closedAfterMs} ms`)
  })

  test('headers that trickle in are cut off too', async () => {
    const answer = await rawExchange(port, {
      head: 'GET /api/agent/depots HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      trickle: 'X-Slow: aaaaaaaa\r\n',
      trickleMs: 100,
    })
    assertApiError(answer, 408, 'request_timeout')
    assert.ok(answer.closedAfterMs < CUT_WITHIN_MS, `open for ${answer.closedAfterMs} ms`)
  })

  test('200 slow bodies at once, on /book and /mcp, are all closed within the bound', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        rawExchange(port, index % 2 === 0 ? TRICKLED_FORM : TRICKLED_MCP),
      ),
    )
    const slowest = Math.max(...answers.map((answer) => answer.closedAfterMs))
    assert.ok(slowest < CUT_WITHIN_MS + 2000, `the last closed after ${slowest} ms`)
    assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([408]))
    // The service still answers once they are gone.
    const depots = await fetch(`http://127.0.0.1:${port}/api/agent/depots`)
    assert.equal(depots.status, 200)
  })

  test('a body that arrives whole, however slowly within the bound, is answered as usual', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
    const answer = await rawExchange(port, {
      head: `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n`,
      trickle: body,
      // The whole body in about half the timeout.
      trickleMs: Math.floor((REQUEST_TIMEOUT_SECONDS * 500) / body.length),
    })
    assert.equal(answer.status, 200, answer.body.slice(0, 300))
    assert.match(answer.body, /find_available_vehicles/)
  })
})

describe('what the HTTP parser refuses', () => {
  test('a request line that is not HTTP is a 400 in the API shape', async () => {
    const answer = await rawExchange(port, { head: 'HELLO THERE\r\n\r\n' })
    assertApiError(answer, 400, 'bad_request')
  })

  test('headers too large under the API are a 431 naming the fix', async () => {
    const answer = await rawExchange(port, {
      head: `GET /api/agent/depots HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    })
    assertApiError(answer, 431, 'headers_too_large')
    assert.match(answer.body, /fewer or shorter headers/)
  })

  test('headers too large on the website are a page', async () => {
    const answer = await rawExchange(port, {
      head: `GET /book?pick_up_depot_id=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`,
    })
    assertPage(answer, 431)
  })

  test('a malformed header on a form post is a page', async () => {
    const answer = await rawExchange(port, {
      head: 'POST /book HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\nContent-Length: 0\r\n\r\n',
    })
    assertPage(answer, 400)
  })

  test('a body longer than its Content-Length says is refused, and nothing else is read', async () => {
    const answer = await rawExchange(port, {
      head: 'GET /api/agent/depots HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    })
    assertApiError(answer, 400, 'bad_request')
  })
})
