import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { addDays, todayIn } from '../../src/domain/calendar-date.ts'
import { DEMO_FLEET_FILE, SITE_URL } from '../helpers/test-app.ts'
import { cents, okBody, type QuoteBody, startApi, type TestApi } from '../http/api-client.ts'
import { connectStdio, errorText, COMMAND as STDIO_COMMAND, structured } from './mcp-sessions.ts'

/*
 * `rental-agent mcp`: the stdio server as its own process, on the same embedded database as a service
 * (the REST door here, in-process on the same file, with the same real clock), answering alike.
 */

type Vehicle = { vehicleId: number }
type Option = { id: number }

describe('MCP over stdio', () => {
  let dataDir: string
  let stdio: Awaited<ReturnType<typeof connectStdio>>
  let api: TestApi
  // A week from thirty days on, moved past Christmas Day, when the demo's depot 1 is closed.
  let pickUp = addDays(todayIn('Pacific/Auckland', new Date()), 30)
  while ([pickUp, addDays(pickUp, 7)].some((date) => date.endsWith('-12-25'))) {
    pickUp = addDays(pickUp, 1)
  }
  const search = {
    pick_up_depot_id: '1',
    drop_off_depot_id: '1',
    pick_up_date: pickUp,
    drop_off_date: addDays(pickUp, 7),
  }
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'mcp-stdio-'))
    const env = { DATA_DIR: dataDir, FLEET_FILE: DEMO_FLEET_FILE, PUBLIC_URL: SITE_URL }
    // The stdio server creates the database and loads the fleet before it answers.
    stdio = await connectStdio(env)
    api = await startApi({
      fleetFile: DEMO_FLEET_FILE,
      now: 'real',
      databaseFile: join(dataDir, 'rental.db'),
    })
  })
  after(async () => {
    await stdio?.close()
    await api?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  test('lists the nine tools, read-only and idempotent', async () => {
    const { tools } = await stdio.client.listTools()
    assert.deepEqual(
      tools.map((tool) => tool.name),
      [
        'list_depots',
        'list_routes',
        'list_vehicles',
        'find_available_vehicles',
        'explain_unavailable',
        'find_flexible_dates',
        'list_accessories',
        'list_insurance_plans',
        'get_quote',
      ],
    )
    for (const tool of tools) {
      assert.equal(tool.annotations?.readOnlyHint, true)
      assert.equal(tool.annotations?.idempotentHint, true)
    }
  })

  test('every tool gives what its endpoint gives, a quote to the cent', async () => {
    const depots = structured<{ depots: unknown[] }>(
      await stdio.client.callTool({ name: 'list_depots' }),
    )
    assert.deepEqual(depots.depots, okBody(await api.get('/depots')))

    const { vehicles } = structured<{ vehicles: Vehicle[] }>(
      await stdio.client.callTool({ name: 'find_available_vehicles', arguments: search }),
    )
    assert.deepEqual(vehicles, okBody(await api.get('/vehicles/availability', search)))
    const vehicleId = String(vehicles[0]?.vehicleId)
    assert.ok(vehicles.length > 0, 'the demo company has vehicles free in 30 days')

    const dates = { pick_up_date: search.pick_up_date, drop_off_date: search.drop_off_date }
    const { accessories } = structured<{ accessories: Option[] }>(
      await stdio.client.callTool({
        name: 'list_accessories',
        arguments: { vehicle_id: vehicleId, ...dates },
      }),
    )
    assert.deepEqual(
      accessories,
      okBody(await api.get(`/vehicles/${vehicleId}/accessories`, dates)),
    )
    const { insurancePlans } = structured<{ insurancePlans: Option[] }>(
      await stdio.client.callTool({
        name: 'list_insurance_plans',
        arguments: { vehicle_id: vehicleId, ...dates },
      }),
    )
    assert.deepEqual(
      insurancePlans,
      okBody(await api.get(`/vehicles/${vehicleId}/insurance-types`, dates)),
    )

    assert.ok(accessories.length >= 2 && insurancePlans.length >= 1)
    const choice = {
      ...search,
      vehicle_id: vehicleId,
      accessory_ids: `${accessories[0]?.id},${accessories[1]?.id}`,
      insurance_id: String(insurancePlans.at(-1)?.id),
    }
    const quote = structured<QuoteBody>(
      await stdio.client.callTool({ name: 'get_quote', arguments: choice }),
    )
    const viaRest = okBody<QuoteBody>(await api.get('/quotes', choice))
    assert.equal(cents(quote.totalAmount), cents(viaRest.totalAmount))
    assert.deepEqual(quote.priceBreakdown, viaRest.priceBreakdown)
    assert.ok(quote.checkoutUrl.startsWith(`${SITE_URL}/book?`))
    // The stdio server stored its quote in the shared database: the website finds it.
    const stored = await api.store.findQuote(quote.quoteId)
    assert.equal(stored?.totalAmount, cents(quote.totalAmount))
  })

  test('an error the agent can fix is isError with the API message', async () => {
    const params = { ...search, pick_up_date: '2026-02-30' }
    const response = await api.get('/vehicles/availability', params)
    assert.equal(response.statusCode, 400)
    const result = await stdio.client.callTool({
      name: 'find_available_vehicles',
      arguments: params,
    })
    assert.equal(errorText(result), response.json<{ error: string }>().error)
  })

  test('writes nothing but MCP messages to standard output (the client would fail on anything else)', async () => {
    assert.doesNotMatch(stdio.stderr(), /error/i)
  })
})

describe('MCP over stdio and the rate limit', () => {
  let dataDir: string
  let stdio: Awaited<ReturnType<typeof connectStdio>>
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'mcp-stdio-limit-'))
    stdio = await connectStdio({
      DATA_DIR: dataDir,
      FLEET_FILE: DEMO_FLEET_FILE,
      RATE_LIMIT_MAX: '2',
    })
  })
  after(async () => {
    await stdio?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  test('tool calls count against RATE_LIMIT_MAX; over it, isError says when to retry', async () => {
    structured(await stdio.client.callTool({ name: 'list_depots' }))
    structured(await stdio.client.callTool({ name: 'list_depots' }))
    const text = errorText(await stdio.client.callTool({ name: 'list_depots' }))
    assert.match(
      text,
      /^Too many requests: the limit is 2 requests per 60 seconds\. Retry after .* \(in \d+ seconds\)\.$/,
    )
    // Listing the tools is not a call and stays possible.
    assert.equal((await stdio.client.listTools()).tools.length, 9)
  })
})

describe('MCP over stdio: lines the SDK would skip or answer with its raw issue list', () => {
  /** Writes the lines to a fresh `mcp` process and gives its first `count` answers. */
  async function stdioAnswers(
    lines: string[],
    count: number,
  ): Promise<{ id: unknown; result?: unknown; error?: { code: number; message: string } }[]> {
    const dataDir = await mkdtemp(join(tmpdir(), 'mcp-stdio-lines-'))
    const child = spawn(process.execPath, [STDIO_COMMAND, 'mcp'], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    try {
      const answers: { id: unknown; error?: { code: number; message: string } }[] = []
      let buffered = ''
      const all = new Promise<void>((done) => {
        child.stdout.on('data', (chunk: Buffer) => {
          buffered += chunk.toString()
          const received = buffered.split('\n')
          buffered = received.pop() ?? ''
          for (const line of received) answers.push(JSON.parse(line))
          if (answers.length >= count) done()
        })
      })
      for (const line of lines) child.stdin.write(`${line}\n`)
      await all
      return answers
    } finally {
      child.kill()
      await rm(dataDir, { recursive: true, force: true })
    }
  }

  test('are answered as over HTTP: not JSON -32700, malformed params -32602 in a sentence', async () => {
    const answers = await stdioAnswers(
      [
        'this is not json',
        '{"jsonrpc":"2.0","id":1,"method":"initialize"}',
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_depots","arguments":[1]}}',
        // Null arguments are none: answered with the depots, as with {} (after the three above).
        '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_depots","arguments":null}}',
      ],
      4,
    )
    assert.deepEqual(answers.slice(0, 3), [
      {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32700,
          message: 'Parse error: the line is not JSON; send one JSON-RPC message a line',
        },
      },
      {
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32602,
          message:
            'Invalid params for initialize: send params {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": ..., "version": ...}}',
        },
      },
      {
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32602,
          message:
            "Invalid params for tools/call: params.arguments must be a JSON object of the tool's parameters",
        },
      },
    ])
    assert.equal(answers[3]?.id, 3)
    assert.equal(answers[3]?.error, undefined, JSON.stringify(answers[3]))
  })

  test('a batch or a message that is no JSON-RPC request is -32600, not silence', async () => {
    const answers = await stdioAnswers(
      [
        '[{"jsonrpc":"2.0","id":3,"method":"ping"},{"jsonrpc":"2.0","id":4,"method":"ping"}]',
        '{"jsonrpc":"2.0","id":7,"method":5}',
        '{"jsonrpc":"1.0","id":8,"method":"ping"}',
        '{"jsonrpc":"2.0","id":{"nested":1},"method":"ping"}',
        '42',
        '{"jsonrpc":"2.0","id":9,"method":"ping"}',
      ],
      6,
    )
    const said = answers.map(({ id, error }) => [id, error?.code, error?.message])
    assert.deepEqual(said, [
      [
        null,
        -32600,
        'Invalid Request: over stdio each JSON-RPC message goes on a line of its own, not in a batch (an array); send each of its messages on its own line',
      ],
      [7, -32600, 'Invalid Request: the method is a string, such as "tools/list"'],
      [8, -32600, 'Invalid Request: send "jsonrpc": "2.0"'],
      [null, -32600, 'Invalid Request: an id is a string or a number'],
      [null, -32600, 'Invalid Request: a JSON-RPC message is a JSON object'],
      // A well-formed request after them is answered as ever.
      [9, undefined, undefined],
    ])
  })
})

describe('MCP over stdio without TIME_ZONE', () => {
  test('answers in the time zone the service recorded, not the default, and says so', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mcp-stdio-zone-'))
    const api = await startApi({
      fleetFile: DEMO_FLEET_FILE,
      now: 'real',
      databaseFile: join(dataDir, 'rental.db'),
    })
    let stdio: Awaited<ReturnType<typeof connectStdio>> | undefined
    try {
      // As `serve` records it on its start, for a company in London.
      await api.store.recordServiceTimeZone('Europe/London')
      // The agent host's environment: no TIME_ZONE (connectStdio passes only what it is given).
      stdio = await connectStdio({ DATA_DIR: dataDir, PUBLIC_URL: SITE_URL, LOG_LEVEL: 'info' })
      const pickUp = addDays(todayIn('Europe/London', new Date()), 60)
      const quote = structured<{
        terms: { cancellation: { text: string; freeUntil: string | null } }
        expiresAt: string
      }>(
        await stdio.client.callTool({
          name: 'get_quote',
          arguments: {
            pick_up_depot_id: 1,
            drop_off_depot_id: 1,
            pick_up_date: pickUp,
            drop_off_date: addDays(pickUp, 7),
            vehicle_id: 2,
          },
        }),
      )
      const { text } = quote.terms.cancellation
      assert.match(text, /\b(GMT|BST)\b/, text)
      assert.doesNotMatch(text, /NZ[DS]T/, text)
      assert.match(
        stdio.stderr(),
        /TIME_ZONE is not set: the service's time zone, Europe\/London, is used/,
      )
      // PUBLIC_URL is set here, so its links need no warning.
      assert.doesNotMatch(stdio.stderr(), /PUBLIC_URL/)
    } finally {
      await stdio?.close()
      await api.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('MCP over stdio without PUBLIC_URL', () => {
  test("warns on standard error that the checkout links go to this machine's own address", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mcp-stdio-site-'))
    const stdio = await connectStdio({ DATA_DIR: dataDir, FLEET_FILE: DEMO_FLEET_FILE })
    try {
      assert.match(
        stdio.stderr(),
        /PUBLIC_URL is not set: quotes' checkout links go to http:\/\/localhost:3000, which a person can open only while the service runs there/,
      )
    } finally {
      await stdio.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
