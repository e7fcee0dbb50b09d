import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import fc from 'fast-check'
import type { BookingRecord } from '../../src/domain/booking.ts'
import { addDays, type CalendarDate } from '../../src/domain/calendar-date.ts'
import type { Catalogue } from '../../src/domain/catalogue.ts'
import { HEARTBEAT_MS, RECONNECT_MS } from '../../src/store/postgres/booked-days-mirror.ts'
import { PostgresStore } from '../../src/store/postgres/postgres-store.ts'
import { loadRulesFleet } from '../helpers/domain-fixtures.ts'
import { PROPERTY_SEED } from '../reliability/property-settings.ts'
import {
  ADMIN_URL,
  displayUrl,
  MUST_NOT_SKIP,
  queryOnce,
  TestDatabases,
  unreachableReason,
} from './postgres-test-databases.ts'
import { cancelOf, channelBooking, websiteBooking } from './store-contract.ts'
import { TcpProxy } from './tcp-proxy.ts'

/*
 * The service's PostgreSQL store answers booked units from a copy in memory, kept current by
 * LISTEN/NOTIFY (BookedDaysMirror). Whatever is written, by which instance or by the operator's
 * command, the copy of every instance must be what the table holds once the notices are in; and
 * when its notification connection is lost, the copy must stop answering until it is loaded again.
 */

const FIRST_DAY = '2027-03-01' as CalendarDate
/** The stock the sequences book against: tight at one depot, so that some bookings are refused. */
const STOCK: Record<number, Record<number, number>> = { 1: { 1: 3, 2: 2 }, 2: { 1: 2 } }
/** Long enough for the instances' notices to arrive and a load to run. */
const CAUGHT_UP_MS = 5000

const unreachable = await unreachableReason(ADMIN_URL)
const whySkipped =
  unreachable === undefined
    ? undefined
    : `PostgreSQL not reachable at ${displayUrl(ADMIN_URL)}: ${unreachable}`

type Row = { depot_id: number; vehicle_id: number; day: number; units_booked: number }

/** The table's rows with a unit booked, in one order. */
async function tableRows(url: string): Promise<Row[]> {
  const rows = await queryOnce(
    url,
    `SELECT depot_id, vehicle_id, day - date '1970-01-01' AS day, units_booked FROM booked_days
     WHERE units_booked > 0 ORDER BY depot_id, vehicle_id, day`,
  )
  return rows as Row[]
}

function sorted(rows: Row[]): Row[] {
  return [...rows].sort(
    (a, b) => a.depot_id - b.depot_id || a.vehicle_id - b.vehicle_id || a.day - b.day,
  )
}

/** The copy of `store` holds exactly the table's rows, and answers as the table does. */
async function assertCopyIsTheTable(store: PostgresStore, url: string, why: string) {
  const mirror = store.bookedDays
  assert.ok(mirror, 'opened with booked days in memory')
  assert.equal(await mirror.caughtUp(CAUGHT_UP_MS), true, `${why}: caught up`)
  assert.equal(mirror.live, true, `${why}: answering from memory`)
  const table = await tableRows(url)
  assert.deepEqual(sorted(mirror.rows() ?? []), table, `${why}: the copy's rows`)
  // And through bookedUnits, as availability asks: every depot, both vehicles, ranges of 1-5 days.
  for (const depotId of [1, 2]) {
    for (let offset = 0; offset < 70; offset += 3) {
      const from = addDays(FIRST_DAY, offset)
      const query = { depotId, vehicleIds: [1, 2], from, to: addDays(from, offset % 5) }
      const fromMemory = store.bookedUnits(query)
      assert.ok(!(fromMemory instanceof Promise), `${why}: answered at once from memory`)
      assert.deepEqual(
        [...fromMemory].sort(),
        [...(await store.bookedUnitsFromTable(query))].sort(),
        `${why}: booked units at depot ${depotId} from ${from}`,
      )
    }
  }
}

/** The rules fleet with room for the sequences' bookings. */
function fleetWithStock(stockUp = 0): { catalogue: Catalogue; bookings: [] } {
  const { catalogue } = loadRulesFleet()
  return {
    catalogue: {
      ...catalogue,
      vehicles: catalogue.vehicles.map((vehicle) => ({
        ...vehicle,
        unitsByDepot: Object.fromEntries(
          Object.entries(STOCK[vehicle.id] ?? {}).map(([depot, units]) => [depot, units + stockUp]),
        ),
      })),
    },
    bookings: [],
  }
}

type Rental = { vehicleId: number; depotId: number; offset: number; days: number }
type Command =
  | { kind: 'book'; writer: number; rental: Rental }
  | { kind: 'cancel'; writer: number; pick: number }
  | { kind: 'import-bookings'; writer: number; rentals: Rental[] }
  | { kind: 'import-fleet'; writer: number }

const rental = fc.record({
  vehicleId: fc.constantFrom(1, 2),
  depotId: fc.constantFrom(1, 2),
  offset: fc.integer({ min: 0, max: 60 }),
  days: fc.integer({ min: 0, max: 6 }),
})
/** Writers 0 and 1 are the instances; 2 is the operator's command, which keeps no copy. */
const writer = fc.integer({ min: 0, max: 2 })
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('book'), writer, rental }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('cancel'), writer, pick: fc.nat() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('import-bookings'),
      writer,
      // Sometimes one long rental at each depot: more rows than one notice carries (a reload).
      rentals: fc.oneof(
        fc.array(rental, { minLength: 1, maxLength: 3 }),
        fc.constant([
          { vehicleId: 1, depotId: 1, offset: 0, days: 200 },
          { vehicleId: 1, depotId: 2, offset: 0, days: 200 },
        ]),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('import-fleet'), writer }) },
) as fc.Arbitrary<Command>

if (whySkipped) {
  test('booked units in memory on PostgreSQL', { skip: MUST_NOT_SKIP ? false : whySkipped }, () =>
    assert.fail(whySkipped),
  )
}

describe('PostgreSQL: booked units in memory on two instances', { skip: whySkipped }, () => {
  const databases = new TestDatabases(ADMIN_URL)
  const opened: PostgresStore[] = []
  const open = async (url: string, inMemory: boolean) => {
    const store = await PostgresStore.open(url, {
      maxConnections: 3,
      bookedDaysInMemory: inMemory,
    })
    opened.push(store)
    return store
  }
  let url = ''
  let one: PostgresStore
  let two: PostgresStore
  let operator: PostgresStore
  let stockUp = 0
  let made = 0
  const confirmed: string[] = []

  before(async () => {
    if (whySkipped) return
    url = await databases.create()
    operator = await open(url, false)
    await operator.replaceFleet(fleetWithStock().catalogue, [])
    one = await open(url, true)
    two = await open(url, true)
  })
  after(async () => {
    for (const store of opened) await store.close()
    await databases.dropAll()
  })

  const writers = () => [one, two, operator]
  const dates = (r: Rental) => {
    const from = addDays(FIRST_DAY, r.offset)
    return { from, to: addDays(from, r.days) }
  }

  async function run(step: Command): Promise<void> {
    const store = writers()[step.writer] as PostgresStore
    switch (step.kind) {
      case 'book': {
        const reference = `G-${++made}`
        const { from, to } = dates(step.rental)
        const booking = {
          ...websiteBooking(reference, step.rental.vehicleId, from, to),
          pickUpDepotId: step.rental.depotId,
        }
        const result = await store.createBooking(booking, 99, [])
        if (result.outcome === 'booked') confirmed.push(reference)
        return
      }
      case 'cancel': {
        if (confirmed.length === 0) return
        const [reference] = confirmed.splice(step.pick % confirmed.length, 1)
        assert.ok(await cancelOf(store, reference as string), `${reference} cancelled`)
        return
      }
      case 'import-bookings': {
        const bookings: BookingRecord[] = step.rentals.map((r) => {
          const { from, to } = dates(r)
          return {
            ...channelBooking(`I-${++made}`, r.vehicleId, from, to),
            pickUpDepotId: r.depotId,
          }
        })
        // Beyond the stock, the database refuses the whole import: nothing is written then.
        const written = await store.importBookings(bookings, () => true).catch(() => false)
        if (written) confirmed.push(...bookings.map((b) => b.reference))
        return
      }
      case 'import-fleet': {
        stockUp++
        await store.importFleet(fleetWithStock(stockUp), () => true)
        return
      }
    }
  }

  test('after generated sequences of bookings, cancellations and imports, each copy is the table', async (t) => {
    t.diagnostic(`seed ${PROPERTY_SEED}`)
    await fc.assert(
      fc.asyncProperty(
        // Each step is one command, or a few at once from different writers.
        fc.array(fc.array(command, { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 8,
        }),
        async (steps) => {
          for (const together of steps) await Promise.all(together.map(run))
          await assertCopyIsTheTable(one, url, 'instance one')
          await assertCopyIsTheTable(two, url, 'instance two')
        },
      ),
      { seed: PROPERTY_SEED, numRuns: 25 },
    )
    t.diagnostic(
      `${made} bookings tried; loads of the copy: one ${one.bookedDays?.loads}, two ${two.bookedDays?.loads}`,
    )
    // The long imports asked for loads: the path of a change too large for one notice was taken.
    assert.ok((one.bookedDays?.loads ?? 0) > 1, 'a large change made instance one load again')
  })

  test("a booking is in its own instance's answers once it is answered, and in the other's within milliseconds", async (t) => {
    const seenAfter: number[] = []
    for (let round = 0; round < 20; round++) {
      const from = addDays(FIRST_DAY, 100 + round * 3)
      const booking = { ...websiteBooking(`S-${round}`, 2, from, from) }
      assert.equal((await one.createBooking(booking, 99, [])).outcome, 'booked')
      const at = { depotId: 1, vehicleIds: [2], from, to: from }
      // No waiting on its own instance: it is answered once its change is in its copy.
      assert.equal((one.bookedUnits(at) as Map<number, number>).get(2), 1, `round ${round}`)
      // The other hears it through its own connection; nothing else would ever tell it.
      const answered = performance.now()
      while ((two.bookedUnits(at) as Map<number, number>).get(2) !== 1) {
        assert.ok(performance.now() - answered < 1000, `round ${round}: not seen within 1 s`)
        await new Promise((done) => setImmediate(done))
      }
      seenAfter.push(performance.now() - answered)
    }
    t.diagnostic(
      `seen by the other instance at most ${Math.max(...seenAfter).toFixed(2)} ms after the booking was answered`,
    )
  })
})

describe('PostgreSQL: the notification connection lost', { skip: whySkipped }, () => {
  const databases = new TestDatabases(ADMIN_URL)
  const opened: PostgresStore[] = []
  let proxy: TcpProxy | undefined
  after(async () => {
    for (const store of opened) await store.close()
    await proxy?.close()
    await databases.dropAll()
  })

  async function fleetAndStores(behindProxy: boolean) {
    const url = await databases.create()
    const operator = await PostgresStore.open(url, { maxConnections: 2 })
    opened.push(operator)
    await operator.replaceFleet(fleetWithStock(5).catalogue, [])
    let serviceUrl = url
    if (behindProxy) {
      const direct = new URL(url)
      proxy = await TcpProxy.start(direct.hostname, Number(direct.port || 5432))
      const through = new URL(url)
      through.hostname = '127.0.0.1'
      through.port = String(proxy.port)
      serviceUrl = through.toString()
    }
    const service = await PostgresStore.open(serviceUrl, {
      maxConnections: 2,
      bookedDaysInMemory: true,
      applicationName: 'mirror test',
    })
    opened.push(service)
    return { url, operator, service }
  }

  const range = (from: CalendarDate) => ({ depotId: 1, vehicleIds: [1], from, to: from })

  async function until(what: string, condition: () => boolean, withinMs: number) {
    const started = performance.now()
    while (!condition()) {
      assert.ok(performance.now() - started < withinMs, `${what} within ${withinMs} ms`)
      await delay(10)
    }
    return performance.now() - started
  }

  test('ended by the server: answers come from the table at once, and the copy is loaded again with what it missed', async (t) => {
    const { url, operator, service } = await fleetAndStores(false)
    const mirror = service.bookedDays
    assert.ok(mirror?.live)
    const loads = mirror.loads
    const name = new URL(url).pathname.slice(1)
    const ended = await queryOnce(
      url,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = '${name}' AND application_name = 'mirror test booked days'`,
    )
    assert.equal(ended.length, 1, 'the listening connection was found and ended')
    const noticed = await until('the loss noticed', () => !mirror.live, 1000)
    // Booked while nobody listens: this notice is never delivered to the lost connection.
    const day = addDays(FIRST_DAY, 10)
    await operator.createBooking(websiteBooking('MISSED-1', 1, day, day), 99, [])
    const meanwhile = service.bookedUnits(range(day))
    if (!mirror.live) {
      assert.ok(meanwhile instanceof Promise, 'while lost, the table answers')
      assert.equal((await meanwhile).get(1), 1)
    }
    const back = await until('the copy loaded again', () => mirror.live, RECONNECT_MS + 3000)
    assert.equal(mirror.loads, loads + 1)
    assert.equal((service.bookedUnits(range(day)) as Map<number, number>).get(1), 1)
    await assertCopyIsTheTable(service, url, 'after the connection came back')
    t.diagnostic(`loss noticed in ${noticed.toFixed(0)} ms, copy back ${back.toFixed(0)} ms later`)
  })

  test('silent (the network holds every packet): the heartbeat notices, and the copy comes back', async (t) => {
    const { url, operator, service } = await fleetAndStores(true)
    const mirror = service.bookedDays
    assert.ok(mirror?.live && proxy)
    proxy.set('frozen')
    const frozenAt = performance.now()
    const day = addDays(FIRST_DAY, 20)
    await operator.createBooking(websiteBooking('SILENT-1', 1, day, day), 99, [])
    // At most a heartbeat's interval and its timeout, and a little for a busy machine.
    const noticed = await until('the silence noticed', () => !mirror.live, 2 * HEARTBEAT_MS + 1500)
    proxy.set('up')
    const back = await until('the copy loaded again', () => mirror.live, RECONNECT_MS + 5000)
    assert.equal((service.bookedUnits(range(day)) as Map<number, number>).get(1), 1)
    await assertCopyIsTheTable(service, url, 'after the network came back')
    t.diagnostic(
      `frozen: noticed after ${noticed.toFixed(0)} ms (${(performance.now() - frozenAt).toFixed(0)} ms in all), copy back ${back.toFixed(0)} ms after the network`,
    )
  })
})
