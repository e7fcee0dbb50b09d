import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { CallToolResult } from '@modelcontextprotocol/client'
import { SPOKEN_REVISIONS } from '../../src/mcp/mcp-plugin.ts'
import { nestedDeeperThan } from '../../src/mcp/message-check.ts'
import { connectHttp, errorText, MCP_ERAS, startMcpOverHttp, structured } from './mcp-sessions.ts'

/*
 * /mcp as the web sees it: stateless (any instance answers any POST), guarded against DNS
 * rebinding by an Origin allow-list, open to browser clients on allowed origins, and counted
 * against the client's API rate limit request by request.
 */

const ALLOWED = 'https://chat.example.com'
const ACCEPT = 'application/json, text/event-stream'

/** One POST to the server's /mcp as a 2025-06-18 client sends it, JSON unless said otherwise. */
function postMcp(origin: string, body: string, contentType = 'application/json') {
  return fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: { 'content-type': contentType, accept: ACCEPT, 'mcp-protocol-version': '2025-06-18' },
    body,
  })
}

function rpc(method: string, params: object = {}, id = 1) {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params })
}

const INITIALIZE = rpc('initialize', {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'raw', version: '1' },
})

describe('the /mcp endpoint', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  before(async () => {
    session = await startMcpOverHttp({
      env: { MCP_ALLOWED_ORIGINS: `${ALLOWED},http://localhost:6274` },
    })
  })
  after(async () => {
    await session.close()
  })
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(session.mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
      body,
    })

  test('is stateless: a tool call without initialize or session id is answered as plain JSON', async () => {
    const response = await post(rpc('tools/call', { name: 'list_depots', arguments: {} }), {
      'mcp-protocol-version': '2025-06-18',
    })
    assert.equal(response.status, 200)
    assert.match(String(response.headers.get('content-type')), /^application\/json/)
    assert.equal(response.headers.get('mcp-session-id'), null)
    const body = (await response.json()) as { result: { structuredContent: { depots: unknown[] } } }
    assert.ok(body.result.structuredContent.depots.length > 0)
  })

  test('"arguments": null, as some hosts send for a tool that takes none, is no arguments', async () => {
    const response = await post(rpc('tools/call', { name: 'list_depots', arguments: null }), {
      'mcp-protocol-version': '2025-06-18',
    })
    assert.equal(response.status, 200)
    const body = (await response.json()) as {
      result?: { structuredContent: { depots: unknown[] } }
    }
    assert.ok(body.result?.structuredContent.depots.length, JSON.stringify(body))
  })

  test('a request from a page on another origin is refused with 403 before any work', async () => {
    const response = await post(INITIALIZE, { origin: 'https://evil.example.net' })
    assert.equal(response.status, 403)
    const body = (await response.json()) as { error: { message: string } }
    assert.match(body.error.message, /Origin https:\/\/evil\.example\.net may not call/)
    assert.equal(response.headers.get('access-control-allow-origin'), null)
    assert.equal(response.headers.get('x-ratelimit-remaining'), null, 'not counted')
  })

  test('an allowed origin is answered, with CORS headers, and its preflight too', async () => {
    const response = await post(INITIALIZE, { origin: ALLOWED })
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('access-control-allow-origin'), ALLOWED)
    assert.match(
      String(response.headers.get('access-control-expose-headers')),
      /x-ratelimit-remaining/,
    )
    const preflight = await fetch(session.mcpUrl, {
      method: 'OPTIONS',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-protocol-version',
      },
    })
    assert.equal(preflight.status, 204)
    assert.equal(preflight.headers.get('access-control-allow-origin'), ALLOWED)
    assert.match(
      String(preflight.headers.get('access-control-allow-headers')),
      /mcp-protocol-version/,
    )
    const refused = await fetch(session.mcpUrl, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.net' },
    })
    assert.equal(refused.status, 403)
  })

  test('a request under a Host that is not a name of the server is refused with 403 before any work (DNS rebinding)', async () => {
    const send = (host: string) =>
      session.api.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { host, 'content-type': 'application/json', accept: ACCEPT },
        payload: INITIALIZE,
      })
    for (const host of [
      'evil.example.net',
      'evil.example.net:3000',
      'rentals.example.com.evil.net',
    ]) {
      const refused = await send(host)
      assert.equal(refused.statusCode, 403, host)
      assert.match(
        refused.json().error.message,
        /is not a name of this MCP server.*MCP_ALLOWED_HOSTS/,
      )
      assert.equal(refused.headers['x-ratelimit-remaining'], undefined, 'not counted')
    }
    // PUBLIC_URL's host, with or without a port, and the loopback names are this server's.
    for (const host of [
      'rentals.example.com',
      'rentals.example.com:443',
      'localhost:3000',
      '127.0.0.1',
    ]) {
      assert.equal((await send(host)).statusCode, 200, host)
    }
  })

  test('the SDK client connects with an allowed Origin header and not with another', async () => {
    const allowed = await connectHttp(session.mcpUrl, { origin: 'http://localhost:6274' })
    structured(await allowed.callTool({ name: 'list_depots' }))
    await allowed.close()
    await assert.rejects(
      connectHttp(session.mcpUrl, { origin: 'http://localhost:9999' }),
      /403|may not call/,
    )
  })

  test('GET and DELETE say the server is stateless (405), a body that is not JSON is a parse error', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(session.mcpUrl, {
        method,
        headers: { accept: 'text/event-stream' },
      })
      assert.equal(response.status, 405, method)
      assert.equal(response.headers.get('allow'), 'POST, OPTIONS')
    }
    for (const method of ['PUT', 'PATCH']) {
      const response = await fetch(session.mcpUrl, { method, body: '{}' })
      assert.equal(response.status, 405, method)
      assert.equal(response.headers.get('allow'), 'POST, OPTIONS')
      const answer = (await response.json()) as { error: { message: string } }
      assert.equal(
        answer.error.message,
        `${method} is not an MCP method: send each message with POST`,
      )
    }
    const broken = await post('{"jsonrpc": "2.0", ')
    assert.equal(broken.status, 400)
    const body = (await broken.json()) as { error: { code: number } }
    assert.equal(body.error.code, -32700)
  })

  test('a body of any type but JSON is one 415 with one JSON-RPC error code, text/plain included', async () => {
    const message = rpc('tools/call', { name: 'list_depots', arguments: {} })
    for (const type of [
      'text/plain',
      'text/plain; charset=utf-8',
      'application/xml',
      'application/x-www-form-urlencoded',
    ]) {
      const response = await post(message, { 'content-type': type })
      assert.equal(response.status, 415, type)
      const answer = (await response.json()) as { error: { code: number; message: string } }
      assert.deepEqual(
        answer.error,
        {
          code: -32700,
          message: 'Parse error: send the message as JSON, with Content-Type: application/json',
        },
        type,
      )
    }
  })

  test('JSON nested thousands of levels deep is a 400 Invalid Request, never a 500', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
    for (const message of [
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${deep}}}`,
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_depots","arguments":{"x":${deep}}}}`,
    ]) {
      const response = await post(message, { 'mcp-protocol-version': '2025-06-18' })
      assert.equal(response.status, 400)
      const body = (await response.json()) as { error: { code: number; message: string } }
      assert.equal(body.error.code, -32600)
      assert.match(body.error.message, /more than 64 levels/)
    }
    // A message nested exactly as deep as the limit allows is still read: the message, params
    // and arguments are three levels, the list in them the other 61.
    const nest = (levels: number): string => `${'['.repeat(levels)}1${']'.repeat(levels)}`
    const atLimit = await post(
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_depots","arguments":{"x":${nest(61)}}}}`,
      { 'mcp-protocol-version': '2025-06-18' },
    )
    assert.equal(atLimit.status, 200)
    const overLimit = await post(
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_depots","arguments":{"x":${nest(62)}}}}`,
      { 'mcp-protocol-version': '2025-06-18' },
    )
    assert.equal(overLimit.status, 400)
  })
})

describe('malformed params, said as invalid params in a sentence', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  before(async () => {
    session = await startMcpOverHttp()
  })
  after(() => session.close())

  const rows: [string, string, RegExp][] = [
    [
      'initialize without params',
      '{"jsonrpc":"2.0","id":7,"method":"initialize"}',
      /^Invalid params for initialize: send params \{"protocolVersion"/,
    ],
    [
      'initialize without clientInfo',
      '{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}',
      /^Invalid params for initialize: params\.clientInfo must be an object with a name and a version$/,
    ],
    [
      'clientInfo without a version',
      '{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw"}}}',
      /^Invalid params for initialize: params\.clientInfo must be an object with a name and a version$/,
    ],
    [
      'tool arguments as text',
      '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"list_depots","arguments":"x"}}',
      /^Invalid params for tools\/call: params\.arguments must be a JSON object of the tool's parameters$/,
    ],
    [
      'params as a list',
      '{"jsonrpc":"2.0","id":7,"method":"tools/list","params":[1]}',
      /^Invalid params for tools\/list: params must be a JSON object$/,
    ],
  ]
  test("what the transport or JSON-RPC refuses first stays the SDK's answer", async () => {
    const send = (body: string, headers: Record<string, string>) =>
      fetch(session.mcpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      })
    const noParams = '{"jsonrpc":"2.0","id":7,"method":"initialize"}'
    // An Accept without text/event-stream: the SDK's 406, not the params check's 200.
    assert.equal((await send(noParams, { accept: 'application/json' })).status, 406)
    // No jsonrpc member: not a JSON-RPC request at all.
    const bare = await send('{"id":7,"method":"initialize"}', { accept: ACCEPT })
    assert.notEqual(((await bare.json()) as { error?: { code: number } }).error?.code, -32602)
  })

  for (const [what, body, says] of rows) {
    test(`${what}: -32602 with the request's id, no validation library's issue list`, async () => {
      const response = await fetch(session.mcpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: ACCEPT,
          'mcp-protocol-version': '2025-06-18',
        },
        body,
      })
      assert.equal(response.status, 200)
      const answer = (await response.json()) as {
        id: number
        error: { code: number; message: string }
      }
      assert.equal(answer.id, 7)
      assert.equal(answer.error.code, -32602)
      assert.match(answer.error.message, says)
      assert.doesNotMatch(answer.error.message, /invalid_type|"path"/)
    })
  }
})

describe('how deep a message nests', () => {
  test('is measured to the limit and no further', () => {
    const nest = (levels: number): unknown => (levels === 0 ? 1 : [nest(levels - 1)])
    assert.equal(nestedDeeperThan(nest(64), 64), false)
    assert.equal(nestedDeeperThan(nest(65), 64), true)
    // Four levels: the message, a, b's list and the object in it.
    assert.equal(nestedDeeperThan({ a: { b: [1, { c: 'x' }] } }, 4), false)
    assert.equal(nestedDeeperThan({ a: { b: [1, { c: 'x' }] } }, 3), true)
    assert.equal(nestedDeeperThan('text', 0), false)
  })
})

describe('MCP calls and the rate limit', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  before(async () => {
    session = await startMcpOverHttp({ env: { RATE_LIMIT_MAX: '6' } })
  })
  after(async () => {
    await session.close()
  })

  test('every MCP request counts against the same per-client limit as the API', async () => {
    // Connecting took two requests (initialize, then the initialized notification).
    structured(await session.client.callTool({ name: 'list_depots' }))
    const rest = await fetch(`${session.origin}/api/agent/depots`)
    assert.equal(rest.headers.get('x-ratelimit-remaining'), '2', 'four of six requests were used')
    await fetch(`${session.origin}/api/agent/depots`)
    await fetch(`${session.origin}/api/agent/depots`)
    // Over the limit, a tool call is the tool's error result saying when to retry, as over stdio:
    // the SDK's client threw the 429 as a transport failure, which agent loops take for a crash.
    const over = (await session.client.callTool({ name: 'list_depots' })) as CallToolResult
    assert.equal(over.isError, true)
    assert.match(
      errorText(over),
      /^Too many requests: the limit is 6 requests per 60 seconds\. Retry after .+ \(in \d+ seconds\)\.$/,
    )
    const refused = await fetch(`${session.origin}/api/agent/depots`)
    assert.equal(refused.status, 429)
  })

  test('over the limit, a tool call keeps the limit headers and Retry-After; other messages are the 429', async () => {
    const post = (message: string) => postMcp(session.origin, message)
    const call = await post(rpc('tools/call', { name: 'list_depots', arguments: {} }, 7))
    assert.equal(call.status, 200)
    assert.equal(call.headers.get('x-ratelimit-remaining'), '0')
    assert.match(call.headers.get('retry-after') ?? '', /^\d+$/)
    const body = (await call.json()) as { id: number; result: CallToolResult }
    assert.equal(body.id, 7)
    assert.equal(body.result.isError, true)
    const list = await post(rpc('tools/list', {}, 8))
    assert.equal(list.status, 429)
    assert.match(list.headers.get('retry-after') ?? '', /^\d+$/)
    assert.match(await list.text(), /^Too many requests/)
    // A body that is not JSON is still refused as over the limit first.
    const notJson = await post('{')
    assert.equal(notJson.status, 429)
    // So are a body of another type and one too large: the 429 before the body is read.
    const text = await postMcp(session.origin, 'hello', 'text/plain')
    assert.equal(text.status, 429)
    const large = await post(
      rpc(
        'tools/call',
        { name: 'list_depots', arguments: {}, _meta: { pad: 'x'.repeat(8000) } },
        9,
      ),
    )
    assert.equal(large.status, 429)
    assert.match(await large.text(), /^Too many requests/)
  })
})

for (const era of MCP_ERAS) {
  describe(`a tool call over the rate limit, revision ${era}`, () => {
    let session: Awaited<ReturnType<typeof startMcpOverHttp>>
    before(async () => {
      session = await startMcpOverHttp({ env: { RATE_LIMIT_MAX: '3' } }, era)
    })
    after(async () => {
      await session.close()
    })

    test("is the tool's isError result in the revision's own form, and the tool does not run", async () => {
      let over: CallToolResult | undefined
      for (let call = 0; call < 4 && !over; call++) {
        const result = (await session.client.callTool({ name: 'list_depots' })) as CallToolResult
        if (result.isError) over = result
        else assert.ok(structured<{ depots: unknown[] }>(result).depots.length > 0)
      }
      assert.ok(over, 'no call was over the limit of 3')
      assert.match(errorText(over), /^Too many requests: the limit is 3 requests per 60 seconds/)
      assert.equal(over.structuredContent, undefined, 'no depots: the tool did not run')
    })
  })
}

describe('a JSON-RPC batch on /mcp', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  before(async () => {
    session = await startMcpOverHttp({ env: { RATE_LIMIT_MAX: '12' } })
  })
  after(async () => {
    await session.close()
  })

  const post = (body: string) => postMcp(session.origin, body)
  const batch = (messages: number) =>
    `[${Array.from({ length: messages }, (_, i) => rpc('tools/call', { name: 'list_depots', arguments: {} }, i + 1)).join(',')}]`

  test('of more than ten messages is refused before any is answered, and counted once', async () => {
    const refused = await post(batch(11))
    assert.equal(refused.status, 400)
    assert.deepEqual(await refused.json(), {
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message:
          'Invalid Request: a batch holds at most 10 messages, this one 11; send the others in further POSTs',
      },
      id: null,
    })
    // 12 a window: connecting took two (initialize, initialized), the refused batch one.
    assert.equal(refused.headers.get('x-ratelimit-remaining'), '9')
  })

  test('counts each of its messages against the rate limit, and is refused when they pass it', async () => {
    const five = await post(batch(5))
    assert.equal(five.status, 200)
    assert.equal(five.headers.get('x-ratelimit-remaining'), '4')
    const eight = await post(batch(8))
    assert.equal(eight.status, 429)
    assert.match(await eight.text(), /Too many requests/)
  })
})

describe('what /mcp refuses before the SDK reads the message: an unspoken revision, a body too large', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  before(async () => {
    session = await startMcpOverHttp()
  })
  after(async () => {
    await session.close()
  })

  test("the revisions spoken are the SDK's and 2026-07-28", async () => {
    const sdk = await import('@modelcontextprotocol/server')
    assert.deepEqual(
      [...SPOKEN_REVISIONS].sort(),
      [...sdk.SUPPORTED_PROTOCOL_VERSIONS, '2026-07-28'].sort(),
    )
  })

  test('a revision it does not speak is a 400 naming those it does, not a missing _meta', async () => {
    const response = await fetch(`${session.origin}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: ACCEPT,
        'mcp-protocol-version': 'bogus',
      },
      body: rpc('tools/list'),
    })
    assert.equal(response.status, 400)
    const body = (await response.json()) as {
      id: unknown
      error: { code: number; message: string; data: { supported: string[]; requested: string } }
    }
    assert.equal(body.id, 1)
    assert.equal(body.error.code, -32022)
    assert.match(
      body.error.message,
      /^Unsupported protocol version: MCP-Protocol-Version "bogus" is not a revision this server speaks; send one of 2026-07-28, 2025-11-25, 2025-06-18/,
    )
    assert.doesNotMatch(body.error.message, /_meta/)
    assert.deepEqual(body.error.data, { supported: SPOKEN_REVISIONS, requested: 'bogus' })
  })

  test('over 64 KB: 413 with a JSON-RPC error saying the limit', async () => {
    const response = await fetch(`${session.origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT },
      body: rpc('tools/call', {
        name: 'get_quote',
        arguments: { promo_code: 'X'.repeat(100_000) },
      }),
    })
    assert.equal(response.status, 413)
    assert.deepEqual(await response.json(), {
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message: 'Invalid Request: the body is larger than 64 KB; an MCP message needs far less',
      },
      id: null,
    })
  })
})
