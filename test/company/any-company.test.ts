import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Client } from '@modelcontextprotocol/client'
import { loadConfig } from '../../src/config.ts'
import { openService } from '../../src/service.ts'
import { DEMO_FLEET, runCommand, sqliteTarget, type Target } from '../cli/cli-runner.ts'
import { bookingForm, bookUrl, cookieOf } from '../helpers/booking-pages.ts'
import { FIXED_NOW, SITE_URL } from '../helpers/test-app.ts'
import { connectHttp } from '../mcp/mcp-sessions.ts'
import { assertUcpProfile } from '../ucp/ucp-sdk-schemas.ts'

/*
 * A company other than the demo one runs the service from its own fleet file: every page,
 * document, API answer and MCP tool names it, and nothing names the demo company, whether its
 * fleet is loaded into a fresh database or imported over the demo while the service runs.
 */

const ALPS_FLEET = resolve(import.meta.dirname, '../fixtures/southern-alps-fleet.yaml')
const ALPS_IMAGES = resolve(import.meta.dirname, '../fixtures/images')
/** The demo company, however a surface might spell it or its domain or references. */
const DEMO = /kiwi ?roads|kiwiroads|\bKR-/i
/**
 * What only the demo company's fleet holds (its depots' streets, its vehicles, its promotion
 * codes): an example or a default that shows them shows another company the demo's facts.
 */
const DEMO_FACTS =
  /Ray Emery|Hobson Street|Stewart Duff|Durey Road|Mercedes|Toyota|Hyundai|WINTER15|WELCOME50/

/** A summer rental at Christchurch that the campervan, the motorhome and the wagon can take. */
const SEARCH = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-02-15',
  drop_off_date: '2027-02-22',
}
const query = new URLSearchParams(SEARCH).toString()

type Service = Awaited<ReturnType<typeof openService>>

async function start(target: Target, fleetFile: string): Promise<Service> {
  const config = loadConfig({
    ...target.env,
    PUBLIC_URL: SITE_URL,
    FLEET_FILE: fleetFile,
    IMAGES_DIR: ALPS_IMAGES,
    RATE_LIMIT_MAX: '100000',
    BOOKING_RATE_LIMIT_MAX: '1000',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    WEBHOOK_URL: 'http://127.0.0.1:9/events',
    WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  })
  const service = await openService(config, { now: () => FIXED_NOW })
  await service.app.listen({ port: 0, host: '127.0.0.1' })
  return service
}

/** Every answer of every door the company's visitors read, by what was asked. */
async function everySurface(service: Service, target: Target): Promise<Map<string, string>> {
  const { app } = service
  const seen = new Map<string, string>()
  const get = async (url: string, status = 200) => {
    const response = await app.inject(url)
    assert.equal(response.statusCode, status, `${url} answered ${response.statusCode}`)
    seen.set(`GET ${url}`, response.body)
    return response
  }
  for (const url of [
    '/docs',
    '/docs/api',
    '/docs/api/json',
    '/openapi.json',
    '/openapi.yaml',
    '/llms.txt',
    '/.well-known/ai-plugin.json',
    '/.well-known/ucp',
    '/ucp/rental-extension.json',
    '/.well-known/mcp/server.json',
    '/mcp/server-card',
    '/.well-known/ai-catalog.json',
    '/logo.svg',
    '/schemas/fleet.json',
    '/api/agent/depots',
    '/api/agent/routes',
    '/api/agent/vehicles',
    `/api/agent/vehicles/availability?${query}`,
    `/api/agent/vehicles/unavailable?${query}`,
    `/api/agent/vehicles/availability/flexible?pick_up_depot_id=1&drop_off_depot_id=1&earliest_pick_up_date=${SEARCH.pick_up_date}&latest_pick_up_date=2027-02-20&rental_days=7`,
    '/api/agent/vehicles/1/accessories',
    '/api/agent/vehicles/1/insurance-types',
    '/book',
    `/book?${query}`,
  ]) {
    await get(url)
  }
  await get('/docs/api/', 200)
  await get('/book/no-such-page', 404)
  await get('/api/agent/no-such-endpoint', 404)
  await get(`/api/agent/quotes?${query}&vehicle_id=4`, 404)
  await get('/api/agent/vehicles/availability?pick_up_depot_id=9', 400)

  // A quote, its checkout and the booking it makes.
  const quote = (await get(`/api/agent/quotes?${query}&vehicle_id=1&accessory_ids=1`)).json() as {
    checkoutUrl: string
  }
  const checkout = await get(
    new URL(quote.checkoutUrl).pathname + new URL(quote.checkoutUrl).search,
  )
  const booked = await app.inject({
    method: 'POST',
    url: '/book',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookieOf(checkout),
    },
    payload: new URLSearchParams({
      ...bookingForm(checkout.body),
      full_name: 'Mere Tane',
      email: 'mere@example.com',
      phone: '+64 21 555 0100',
      date_of_birth: '1986-05-14',
    }).toString(),
  })
  assert.equal(booked.statusCode, 201, booked.body)
  seen.set('POST /book', booked.body)
  // The booking's own page, and the messages the booking wrote: both emails and the webhook event.
  const manage = /id="manage-link" href="([^"]+)"/.exec(booked.body)?.[1] ?? ''
  await get(new URL(manage).pathname)
  const reference = /id="booking-reference">([^<]+)</.exec(booked.body)?.[1] ?? ''
  const messages = (await service.store.claimMessages(100, 60_000))
    .map((claimed) => JSON.stringify(claimed.message))
    .filter((message) => message.includes(reference))
  assert.deepEqual(
    messages.map((message) => (JSON.parse(message) as { channel: string }).channel).sort(),
    ['email', 'email', 'webhook'],
  )
  seen.set("the booking's messages", messages.join('\n'))
  await get(bookUrl({ ...SEARCH, vehicle_id: '1', insurance_id: '9' }), 400)

  // The operator's list of the bookings that hold a unit (the demo's, cancelled before an
  // import, are history), the new one's reference among them.
  const list = await runCommand(target, ['bookings', 'list', '--status', 'confirmed'])
  assert.equal(list.code, 0, list.stderr)
  assert.ok(list.stdout.includes(reference), list.stdout)
  seen.set('rental-agent bookings list', list.stdout)

  // A UCP checkout, read back, and one refused.
  const ucp = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/ucp/checkout-sessions', payload: payload as object })
  const rental = { ...SEARCH, pick_up_depot_id: 1, drop_off_depot_id: 1 }
  const created = await ucp({ line_items: [{ item: { id: 'vehicle:1' } }], rental })
  assert.equal(created.statusCode, 201, created.body)
  seen.set('POST /ucp/checkout-sessions', created.body)
  await get(`/ucp/checkout-sessions/${created.json().id}`)
  const refused = await ucp({ line_items: [{ item: { id: 'vehicle:4' } }], rental })
  seen.set('POST /ucp/checkout-sessions (not rentable)', refused.body)

  // The MCP server: its name, instructions and every tool's listing and answer, in both eras.
  const { port } = app.server.address() as AddressInfo
  const modern = await connectHttp(`http://127.0.0.1:${port}/mcp`, {}, '2026-07-28')
  try {
    seen.set('MCP 2026-07-28 discover', JSON.stringify(modern.getDiscoverResult()))
    seen.set('MCP 2026-07-28 tools/list', JSON.stringify(await modern.listTools()))
    seen.set(
      'MCP 2026-07-28 get_quote',
      JSON.stringify(
        await modern.callTool({
          name: 'get_quote',
          arguments: { ...rental, vehicle_id: 2 },
        }),
      ),
    )
  } finally {
    await modern.close()
  }
  const client: Client = await connectHttp(`http://127.0.0.1:${port}/mcp`)
  try {
    seen.set('MCP server', JSON.stringify(client.getServerVersion()))
    seen.set('MCP instructions', client.getInstructions() ?? '')
    seen.set('MCP tools/list', JSON.stringify(await client.listTools()))
    const dates = {
      pick_up_depot_id: 1,
      drop_off_depot_id: 1,
      pick_up_date: SEARCH.pick_up_date,
      drop_off_date: SEARCH.drop_off_date,
    }
    const calls: [string, Record<string, unknown>][] = [
      ['list_depots', {}],
      ['find_available_vehicles', dates],
      ['list_accessories', { vehicleId: 1 }],
      ['list_insurance_plans', { vehicleId: 1 }],
      ['get_quote', { ...dates, vehicle_id: 2 }],
      ['get_quote', { ...dates, vehicle_id: 4 }],
      ['list_routes', {}],
      ['list_vehicles', {}],
      ['explain_unavailable', dates],
      [
        'find_flexible_dates',
        {
          pick_up_depot_id: 1,
          drop_off_depot_id: 1,
          earliest_pick_up_date: SEARCH.pick_up_date,
          latest_pick_up_date: '2027-02-20',
          rental_days: 7,
        },
      ],
    ]
    for (const [name, args] of calls) {
      seen.set(
        `MCP ${name} ${JSON.stringify(args)}`,
        JSON.stringify(await client.callTool({ name, arguments: args })),
      )
    }
  } finally {
    await client.close()
  }
  return seen
}

function assertItIsTheAlpsCompany(seen: Map<string, string>) {
  for (const [asked, body] of seen) {
    assert.doesNotMatch(body, DEMO, `${asked} names the demo company`)
    assert.doesNotMatch(body, DEMO_FACTS, `${asked} shows the demo company's facts`)
  }
  const named = (asked: string) =>
    assert.match(
      seen.get(asked) ?? '',
      /Southern Alps Campers/,
      `${asked} does not name the company`,
    )
  for (const asked of [
    'GET /docs',
    'GET /docs/api/',
    'GET /openapi.json',
    'GET /openapi.yaml',
    'GET /llms.txt',
    'GET /.well-known/ai-plugin.json',
    'GET /.well-known/mcp/server.json',
    'GET /mcp/server-card',
    'POST /ucp/checkout-sessions',
    'MCP 2026-07-28 discover',
    'GET /book',
    'GET /book/no-such-page',
    'POST /book',
    'MCP server',
    'MCP instructions',
    "the booking's messages",
  ]) {
    named(asked)
  }
  const openApi = JSON.parse(seen.get('GET /openapi.json') ?? '{}')
  assert.deepEqual(openApi.info.contact, {
    name: 'Southern Alps Campers',
    email: 'hello@alpscampers.example.org',
    url: 'https://www.alpscampers.example.org',
  })
  assert.equal(openApi.info.termsOfService, 'https://www.alpscampers.example.org/conditions')
  const manifest = JSON.parse(seen.get('GET /.well-known/ai-plugin.json') ?? '{}')
  // Shortened, and seen to be: 'Southern Alps' read as another company's name.
  assert.equal(manifest.name_for_human, 'Southern Alps…')
  assert.equal(manifest.contact_email, 'hello@alpscampers.example.org')
  assert.equal(manifest.logo_url, `${SITE_URL}/images/alps-logo.svg`)
  assert.equal(manifest.legal_info_url, 'https://www.alpscampers.example.org/conditions')
  assert.match(seen.get('GET /docs/api/') ?? '', /<title>Southern Alps Campers Agent API<\/title>/)
  assert.match(
    seen.get('POST /book') ?? '',
    /<title>Booking confirmed: SAC-[2-9A-HJKMNP-Z]{8} · Southern Alps Campers<\/title>/,
  )
  assert.match(
    seen.get('MCP server') ?? '',
    /"name":"southern-alps-campers","title":"Southern Alps Campers"/,
  )
  const server = JSON.parse(seen.get('GET /.well-known/mcp/server.json') ?? '{}')
  assert.equal(server.name, 'com.example.rentals/southern-alps-campers')
  assert.equal(server.icons[0].src, `${SITE_URL}/images/alps-logo.svg`)
  const tools = JSON.parse(seen.get('MCP 2026-07-28 tools/list') ?? '{}')
  assert.equal(tools.tools[0].icons[0].src, `${SITE_URL}/images/alps-logo.svg`)
  const profile = JSON.parse(seen.get('GET /.well-known/ucp') ?? '{}')
  assertUcpProfile(profile)
  const extension = profile.ucp.capabilities.find(
    (capability: { name: string }) => capability.name === 'com.example.rentals.shopping.rental',
  )
  assert.equal(extension.config.terms_of_service, 'https://www.alpscampers.example.org/conditions')
}

describe('another company: every surface names it, none names the demo company', () => {
  describe('its fleet loaded into a fresh database', () => {
    let target: Target
    let service: Service
    before(async () => {
      target = sqliteTarget()
      service = await start(target, ALPS_FLEET)
    })
    after(async () => {
      await service.app.close()
      await target.close()
    })

    test('pages, documents, API answers and MCP tools name Southern Alps Campers; bookings are SAC-', async () => {
      assertItIsTheAlpsCompany(await everySurface(service, target))
    })

    test('its logo is served from its images folder', async () => {
      const logo = await service.app.inject('/images/alps-logo.svg')
      assert.equal(logo.statusCode, 200)
      assert.match(logo.body, /Southern Alps Campers/)
    })
  })

  describe('its fleet imported over the demo while the service runs', () => {
    let target: Target
    let service: Service
    before(async () => {
      target = sqliteTarget()
      service = await start(target, DEMO_FLEET)
    })
    after(async () => {
      await service.app.close()
      await target.close()
    })

    test('before the import the demo company is served; after it, only the new one, with no restart', async () => {
      const before = await service.app.inject('/.well-known/ai-plugin.json')
      assert.equal(before.json().name_for_human, 'Kiwi Roads Rentals')
      // The import replaces every depot and vehicle, so the demo's bookings go first.
      for (const reference of [
        'KR-DEMO-01',
        'KR-DEMO-02',
        'KR-DEMO-03',
        'KR-DEMO-04',
        'KR-DEMO-05',
        'KR-DEMO-06',
        'KR-DEMO-07',
        'KR-DEMO-08',
      ]) {
        const cancel = await runCommand(target, ['bookings', 'cancel', reference])
        assert.equal(cancel.code, 0, cancel.stderr)
      }
      const run = await runCommand(target, ['fleet', 'import', ALPS_FLEET], {
        IMAGES_DIR: ALPS_IMAGES,
      })
      assert.equal(run.code, 0, run.stderr)
      assert.match(run.stdout, /^Imported .* \(Southern Alps Campers\) into/)
      assert.match(run.stdout, /changed +company "Southern Alps Campers"/)
      assert.match(run.stdout, /name: Kiwi Roads Rentals → Southern Alps Campers/)
      assert.equal(await service.reloadCatalogue(), true)
      assertItIsTheAlpsCompany(await everySurface(service, target))
      // The registry entry the operator publishes names it too.
      const manifest = await runCommand(target, ['mcp', 'manifest'], { PUBLIC_URL: SITE_URL })
      assert.equal(manifest.code, 0, manifest.stderr)
      assert.doesNotMatch(manifest.stdout, DEMO)
      assert.match(manifest.stdout, /"title": "Southern Alps Campers"/)
    })
  })
})
