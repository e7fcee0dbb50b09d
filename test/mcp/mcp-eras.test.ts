import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Client, Tool } from '@modelcontextprotocol/client'
import { addDays, todayIn } from '../../src/domain/calendar-date.ts'
import { DEMO_FLEET_FILE, SITE_URL } from '../helpers/test-app.ts'
import { okBody, type QuoteBody, startApi, type TestApi } from '../http/api-client.ts'
import {
  asToolArguments,
  connectHttp,
  connectStdio,
  MCP_ERAS,
  type McpEra,
  structured,
} from './mcp-sessions.ts'

/*
 * Both eras of the protocol on both transports: a client of revision 2025-11-25 (the `initialize`
 * handshake) and one of 2026-07-28 (no handshake, the version in every request), each over
 * Streamable HTTP and over stdio, list the same tools, described alike, and get the REST API's
 * answers. The stdio server is its own process on the same embedded database as the in-process
 * service, with the real clock, so the two doors answer from the same data.
 */

const TOOL_ORDER = [
  'list_depots',
  'list_routes',
  'list_vehicles',
  'find_available_vehicles',
  'explain_unavailable',
  'find_flexible_dates',
  'list_accessories',
  'list_insurance_plans',
  'get_quote',
]

type Vehicle = { vehicleId: number }

/** The parts of a quote two separate asks agree on (each ask is its own quote, id and expiry). */
function comparable(quote: QuoteBody): Record<string, unknown> {
  const { quoteId: _id, expiresAt: _expires, checkoutUrl, ...rest } = quote
  return { ...rest, checkoutUrl: checkoutUrl.replace(/&quote_id=[^&]+/, '') }
}

describe('MCP for clients of 2025-11-25 and of 2026-07-28, over HTTP and stdio', () => {
  let dataDir: string
  let api: TestApi
  let mcpUrl: string
  const clients = new Map<string, Client>()
  const closers: (() => Promise<void>)[] = []
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
    dataDir = await mkdtemp(join(tmpdir(), 'mcp-eras-'))
    const env = { DATA_DIR: dataDir, FLEET_FILE: DEMO_FLEET_FILE, PUBLIC_URL: SITE_URL }
    // The first stdio server creates the database and loads the fleet before it answers.
    for (const era of MCP_ERAS) {
      const stdio = await connectStdio(env, era)
      clients.set(`${era} stdio`, stdio.client)
      closers.push(stdio.close)
    }
    api = await startApi({
      fleetFile: DEMO_FLEET_FILE,
      now: 'real',
      databaseFile: join(dataDir, 'rental.db'),
    })
    await api.app.listen({ port: 0, host: '127.0.0.1' })
    const address = api.app.server.address()
    assert.ok(address && typeof address === 'object')
    mcpUrl = `http://127.0.0.1:${address.port}/mcp`
    for (const era of MCP_ERAS) {
      const client = await connectHttp(mcpUrl, {}, era)
      clients.set(`${era} HTTP`, client)
      closers.push(() => client.close())
    }
  })
  after(async () => {
    for (const close of closers) await close()
    await api?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const cases: { era: McpEra; transport: 'HTTP' | 'stdio' }[] = MCP_ERAS.flatMap((era) =>
    (['HTTP', 'stdio'] as const).map((transport) => ({ era, transport })),
  )

  for (const { era, transport } of cases) {
    const client = () => clients.get(`${era} ${transport}`) as Client

    test(`${era} over ${transport}: speaks that revision, in its era`, () => {
      assert.equal(client().getNegotiatedProtocolVersion(), era)
      assert.equal(client().getProtocolEra(), era === '2026-07-28' ? 'modern' : 'legacy')
      const server = client().getServerVersion()
      assert.equal(server?.name, 'kiwi-roads-rentals')
      assert.match(client().getInstructions() ?? '', /list_depots/)
    })

    test(`${era} over ${transport}: the nine tools in a fixed order, each titled, with the company's logo, read-only, with an output schema`, async () => {
      const manifest = okBody<{ logo_url: string }>(
        await api.app.inject({ method: 'GET', url: '/.well-known/ai-plugin.json' }),
      )
      const { tools } = await client().listTools()
      assert.deepEqual(
        tools.map((tool) => tool.name),
        TOOL_ORDER,
      )
      for (const tool of tools as Tool[]) {
        assert.ok(tool.title && tool.title.length > 3, `${tool.name} has a title`)
        assert.equal(tool.icons?.[0]?.src, manifest.logo_url, `${tool.name} shows the logo`)
        assert.deepEqual(
          tool.annotations,
          {
            title: tool.title,
            readOnlyHint: true,
            destructiveHint: false,
            idempotentHint: true,
            openWorldHint: false,
          },
          tool.name,
        )
        assert.equal(tool.outputSchema?.type, 'object', `${tool.name} has an output schema`)
      }
    })

    test(`${era} over ${transport}: the same answers as the REST API, a quote to the cent`, async () => {
      const depots = structured<{ depots: unknown[] }>(
        await client().callTool({ name: 'list_depots', arguments: {} }),
      )
      assert.deepEqual(depots.depots, okBody(await api.get('/depots')))

      const available = structured<{ vehicles: Vehicle[] }>(
        await client().callTool({
          name: 'find_available_vehicles',
          arguments: asToolArguments(search),
        }),
      )
      const restVehicles = okBody<Vehicle[]>(await api.get('/vehicles/availability', search))
      assert.deepEqual(available.vehicles, restVehicles)
      const vehicleId = String(restVehicles[0]?.vehicleId)

      const quoteParams = { ...search, vehicle_id: vehicleId }
      const quote = structured<QuoteBody>(
        await client().callTool({ name: 'get_quote', arguments: asToolArguments(quoteParams) }),
      )
      const restQuote = okBody<QuoteBody>(await api.get('/quotes', quoteParams))
      assert.deepEqual(comparable(quote), comparable(restQuote))
    })
  }

  test('2026-07-28 over HTTP: tools/list and server/discover carry cache hints, the headers are checked', async () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    }
    const post = (method: string, headers: Record<string, string> = {}) =>
      fetch(mcpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': method,
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: { _meta: meta } }),
      })
    const list = await post('tools/list')
    assert.equal(list.status, 200)
    const listed = (await list.json()) as { result: { ttlMs: number; cacheScope: string } }
    assert.equal(listed.result.ttlMs, 3_600_000)
    assert.equal(listed.result.cacheScope, 'public')

    const discover = await post('server/discover')
    const found = (await discover.json()) as {
      result: { supportedVersions: string[]; capabilities: object; ttlMs: number }
    }
    assert.ok(found.result.supportedVersions.includes('2026-07-28'))
    assert.deepEqual(Object.keys(found.result.capabilities), ['tools'])
    assert.equal(found.result.ttlMs, 3_600_000)

    // Mcp-Method must say what the body does: a mismatch is refused, not served.
    const mismatched = await post('tools/list', { 'mcp-method': 'tools/call' })
    assert.equal(mismatched.status, 400)
    const refusal = (await mismatched.json()) as { error: { code: number } }
    assert.equal(refusal.error.code, -32020)
  })
})
