import assert from 'node:assert/strict'
import { after, before, describe } from 'node:test'
import { MIGRATIONS } from '../../src/store/postgres/migrations.ts'
import { textOf } from '../helpers/booking-pages.ts'
import { connectHttp, structured } from '../mcp/mcp-sessions.ts'
import { queryOnce, TestDatabases } from '../store/postgres-test-databases.ts'
import {
  availableVehicles,
  confirmBooking,
  LAST_UNITS,
  openCheckout,
  rentalAhead,
  type Search,
} from './demo-rentals.ts'
import {
  deleteRedisKeys,
  POSTGRES_URL,
  REDIS_ANSWERS,
  redisEnv,
  runKeyPrefix,
  testNeeding,
  unavailable,
} from './prerequisites.ts'
import { Instances, jsonOf, type ServiceInstance } from './service-instances.ts'

/*
 * Two instances as separate processes on one fresh PostgreSQL database (and one Redis when it
 * answers), started at the same moment: the fleet is loaded once, and a booking made on either
 * is the other's at once, down to the last unit.
 */

/** Bookings made on the demo fleet's own rentals: its file lists 8. */
const DEMO_BOOKINGS = 8

/** How many rows of the bookings table are this rental of this vehicle. */
async function bookingsOf(databaseUrl: string, vehicleId: number, search: Search) {
  const [row] = await queryOnce(
    databaseUrl,
    `SELECT count(*)::integer AS count FROM bookings
     WHERE vehicle_id = $1 AND pick_up_depot_id = $2 AND pick_up_date = $3 AND drop_off_date = $4`,
    [vehicleId, Number(search.pick_up_depot_id), search.pick_up_date, search.drop_off_date],
  )
  return row?.count
}

describe('two instances on one PostgreSQL database', () => {
  const databases = new TestDatabases(POSTGRES_URL)
  const instances = new Instances()
  const prefix = runKeyPrefix()
  let databaseUrl = ''
  let one: ServiceInstance
  let two: ServiceInstance

  before(async () => {
    if (unavailable(['PostgreSQL'])) return
    databaseUrl = await databases.create()
    const env = {
      ...redisEnv(prefix),
      // Nine confirmations come from one address within the minute; the booking limit is not
      // what these tests are about.
      BOOKING_RATE_LIMIT_MAX: '1000',
    }
    // Spawned at the same moment on the empty database: both migrate and load the fleet.
    ;[one, two] = (await instances.startTogether([
      { name: 'instance one', databaseUrl, env },
      { name: 'instance two', databaseUrl, env },
    ])) as [ServiceInstance, ServiceInstance]
  })

  after(async () => {
    await instances.stopAll()
    await databases.dropAll()
    await deleteRedisKeys(prefix)
  })

  testNeeding(
    ['PostgreSQL'],
    'started at the same moment on an empty database, both come up, load the demo fleet once and are ready',
    async (t) => {
      const [counts] = await queryOnce(
        databaseUrl,
        `SELECT (SELECT count(*)::integer FROM depots) AS depots,
                (SELECT count(*)::integer FROM vehicles) AS vehicles,
                (SELECT count(*)::integer FROM bookings) AS bookings,
                (SELECT count(DISTINCT reference)::integer FROM bookings) AS references,
                (SELECT count(*)::integer FROM schema_migrations) AS migrations`,
      )
      assert.deepEqual(counts, {
        depots: 6,
        vehicles: 9,
        bookings: DEMO_BOOKINGS,
        references: DEMO_BOOKINGS,
        migrations: MIGRATIONS.length,
      })
      for (const instance of [one, two]) {
        assert.ok(instance.running, `${instance.name} is running`)
        const health = await instance.request('/health')
        assert.equal(health.status, 200, `${instance.name} /health`)
        const ready = await instance.request('/ready')
        assert.equal(ready.status, 200, `${instance.name} /ready: ${ready.body}`)
        assert.deepEqual(jsonOf(ready), { status: 'ready' })
        // Without SMTP_URL each takes the shared outbox's emails into files of its own: said.
        assert.match(
          await instance.waitForLog(/SMTP_URL is not set/),
          /SMTP_URL is not set: this instance writes the emails it sends as files in .+outbox, and on a database shared with other instances it takes their emails too; set SMTP_URL on every instance/,
        )
      }
      if (!REDIS_ANSWERS) t.diagnostic('Redis not reachable: the instances count in memory')
    },
  )

  testNeeding(
    ['PostgreSQL'],
    'a booking made through POST /book on one instance is seen at once by the other',
    async () => {
      const { vehicleId } = LAST_UNITS.ducatoAtWellington
      const search = rentalAhead(LAST_UNITS.ducatoAtWellington, 60)
      for (const instance of [one, two]) {
        assert.ok(
          (await availableVehicles(instance, search)).includes(vehicleId),
          `${instance.name} lists vehicle ${vehicleId} before the booking`,
        )
      }

      // Opened on two, confirmed on one, as a load balancer may send a person's two requests.
      const checkout = await openCheckout(two, search, vehicleId)
      const confirmed = await confirmBooking(one, checkout)
      assert.equal(confirmed.status, 201, textOf(confirmed.body).slice(0, 600))
      assert.match(textOf(confirmed.body), /Your booking reference is KR-[2-9A-HJKMNP-Z]{8}/)

      // Straight away, without waiting: the other instance reads the same database.
      assert.ok(
        !(await availableVehicles(two, search)).includes(vehicleId),
        `${two.name} no longer lists vehicle ${vehicleId}`,
      )
      const quote = await two.request(
        `/api/agent/quotes?${new URLSearchParams({ ...search, vehicle_id: String(vehicleId) })}`,
      )
      assert.equal(quote.status, 404, quote.body)
      assert.equal(jsonOf<{ code: string }>(quote).code, 'vehicle_sold_out')
      assert.equal(await bookingsOf(databaseUrl, vehicleId, search), 1)
    },
  )

  testNeeding(
    ['PostgreSQL'],
    'a race for the last unit across both instances gives exactly one booking; the others are 409 "no longer available"',
    async (t) => {
      const { vehicleId } = LAST_UNITS.teslaAtChristchurch
      const search = rentalAhead(LAST_UNITS.teslaAtChristchurch, 75)
      assert.ok(
        (await availableVehicles(one, search)).includes(vehicleId),
        `vehicle ${vehicleId} is free for ${search.pick_up_date} to ${search.drop_off_date}`,
      )
      const both = [one, two]
      const confirmations = 8
      // Each checkout opened on one instance or the other; confirmed on either, all at once.
      const checkouts = await Promise.all(
        Array.from({ length: confirmations }, (_, index) =>
          openCheckout(both[index % 2] as ServiceInstance, search, vehicleId),
        ),
      )
      const answers = await Promise.all(
        checkouts.map((checkout, index) =>
          confirmBooking(both[Math.floor(index / 2) % 2] as ServiceInstance, checkout),
        ),
      )
      const statuses = answers.map((answer) => answer.status)
      assert.deepEqual(
        [...statuses].sort(),
        [201, ...Array.from({ length: confirmations - 1 }, () => 409)],
        `statuses ${statuses.join(', ')}`,
      )
      for (const answer of answers.filter((each) => each.status === 409)) {
        assert.match(textOf(answer.body), /This vehicle is no longer available Nothing was booked/)
      }
      assert.equal(await bookingsOf(databaseUrl, vehicleId, search), 1, 'one row in bookings')
      for (const instance of both) {
        assert.ok(
          !(await availableVehicles(instance, search)).includes(vehicleId),
          `${instance.name} no longer lists vehicle ${vehicleId}`,
        )
      }
      const won = answers.findIndex((answer) => answer.status === 201)
      t.diagnostic(
        `${confirmations} confirmations split across both instances: 1 booked (confirmation ${won + 1}), ${confirmations - 1} answered 409`,
      )
    },
  )

  testNeeding(
    ['PostgreSQL'],
    'MCP over HTTP is stateless: a quote from an MCP session on one instance opens on the other, which answers tool calls without a session',
    async () => {
      const client = await connectHttp(`${one.url}/mcp`)
      const { vehicleId } = LAST_UNITS.ducatoAtWellington
      const search = rentalAhead(LAST_UNITS.ducatoAtWellington, 90)
      const quote = structured<{ quoteId: string; checkoutUrl: string }>(
        await client.callTool({
          name: 'get_quote',
          arguments: { ...search, vehicle_id: vehicleId },
        }),
      )
      await client.close()
      const checkout = new URL(quote.checkoutUrl)
      const page = await two.request(`${checkout.pathname}${checkout.search}`)
      assert.equal(page.status, 200, page.body.slice(0, 300))
      assert.ok(page.body.includes('Confirm booking'), 'the checkout of the MCP quote opens on two')

      const call = await fetch(`${two.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: 'list_depots', arguments: {} },
        }),
      })
      assert.equal(call.status, 200)
      const body = (await call.json()) as {
        id: number
        result: { structuredContent: { depots: unknown[] } }
      }
      assert.equal(body.id, 7)
      assert.equal(body.result.structuredContent.depots.length, 5)
    },
  )
})
