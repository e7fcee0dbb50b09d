import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { addDays, type CalendarDate } from '../../src/domain/calendar-date.ts'
import { type LoadedFleet, readFleetFile } from '../../src/fleet/read-fleet-file.ts'
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts'
import { RULES_FLEET_FILE } from '../helpers/test-app.ts'
import { bookOnce, cancelOf, channelBooking, websiteBooking } from './store-contract.ts'

/*
 * The embedded store answers "units booked" from a copy of booked_days in memory. Another
 * connection on the same file (the operator's CLI, another process) writes behind its back: from
 * the next turn of the event loop on, every answer must be the table's, as a connection opened
 * afresh reads it. (Within one turn the answers share one snapshot; see BookedDaysCache.)
 */

/** Lets the event loop turn, as it does between any two requests from different clients. */
const nextTurn = () => new Promise<void>((done) => setImmediate(done))

const day = (text: string) => text as CalendarDate
const FIRST_DAY = day('2027-02-01')

describe('SQLite: booked units seen across connections on one file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rental-shared-'))
  const file = join(dir, 'rental.db')
  let fleet: LoadedFleet
  let service: SqliteStore
  let operator: SqliteStore
  before(async () => {
    fleet = await readFleetFile(RULES_FLEET_FILE, day('2027-01-10'))
    service = SqliteStore.open(file)
    operator = SqliteStore.open(file)
    await service.replaceFleet(fleet.catalogue, fleet.bookings)
  })
  after(async () => {
    await service.close()
    await operator.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** Every vehicle's booked units over every 1- and 3-day range of February, at each depot. */
  async function bookedEverywhere(store: SqliteStore) {
    const vehicleIds = fleet.catalogue.vehicles.map((v) => v.id)
    const seen: string[] = []
    for (const depot of fleet.catalogue.depots) {
      for (let offset = 0; offset < 28; offset++) {
        for (const length of [0, 2]) {
          const from = addDays(FIRST_DAY, offset)
          const booked = await store.bookedUnits({
            depotId: depot.id,
            vehicleIds,
            from,
            to: addDays(from, length),
          })
          seen.push(`${depot.id} ${from}+${length}: ${JSON.stringify([...booked])}`)
        }
      }
    }
    return seen
  }

  /** The service's answers are a fresh connection's, which reads the table itself. */
  async function assertServiceSeesTheTable(why: string) {
    await nextTurn()
    const fresh = SqliteStore.open(file)
    try {
      assert.deepEqual(await bookedEverywhere(service), await bookedEverywhere(fresh), why)
    } finally {
      await fresh.close()
    }
  }

  test('a booking made by another connection counts from the next turn', async () => {
    const range = { depotId: 1, vehicleIds: [1], from: FIRST_DAY, to: day('2027-02-03') }
    assert.equal((await service.bookedUnits(range)).has(1), false)
    assert.equal(
      await bookOnce(operator, websiteBooking('O-1', 1, '2027-02-02', '2027-02-04'), 2),
      true,
    )
    await nextTurn()
    assert.equal((await service.bookedUnits(range)).get(1), 1)
    await assertServiceSeesTheTable('after a booking by another connection')
  })

  test("the service's own booking counts at once, for it and for the other connection", async () => {
    const range = { depotId: 1, vehicleIds: [1], from: day('2027-02-04'), to: day('2027-02-04') }
    assert.equal(
      await bookOnce(service, websiteBooking('S-1', 1, '2027-02-04', '2027-02-06'), 2),
      true,
    )
    assert.equal((await service.bookedUnits(range)).get(1), 2)
    await nextTurn()
    assert.equal((await operator.bookedUnits(range)).get(1), 2)
    // Both units taken on 02-04: a third booking is refused, as the table says.
    assert.equal(
      await bookOnce(service, websiteBooking('S-2', 1, '2027-02-04', '2027-02-04'), 2),
      false,
    )
    await assertServiceSeesTheTable('after its own bookings')
  })

  test('a cancellation by another connection frees the units from the next turn', async () => {
    await service.bookedUnits({ depotId: 1, vehicleIds: [1], from: FIRST_DAY, to: FIRST_DAY })
    assert.equal((await cancelOf(operator, 'O-1'))?.reference, 'O-1')
    await nextTurn()
    const range = { depotId: 1, vehicleIds: [1], from: day('2027-02-02'), to: day('2027-02-03') }
    assert.equal((await service.bookedUnits(range)).has(1), false)
    await assertServiceSeesTheTable('after a cancellation by another connection')
  })

  test('imported bookings count from the next turn', async () => {
    const imported = [
      channelBooking('C-1', 1, '2027-02-10', '2027-02-12'),
      channelBooking('C-2', 2, '2027-02-11', '2027-02-11'),
    ]
    assert.equal(await operator.importBookings(imported, () => true), true)
    await nextTurn()
    const range = { depotId: 1, vehicleIds: [1, 2], from: day('2027-02-11'), to: day('2027-02-11') }
    assert.deepEqual([...(await service.bookedUnits(range))].sort(), [
      [1, 1],
      [2, 1],
    ])
    await assertServiceSeesTheTable('after an import of bookings')
  })

  test("the service's own cancellation and imports count at once", async () => {
    await cancelOf(service, 'C-1')
    await service.importBookings([channelBooking('C-3', 1, '2027-02-20', '2027-02-21')], () => true)
    await assertServiceSeesTheTable('after its own cancellation and import')
  })

  test('a fleet loaded anew by another connection replaces every booked day', async () => {
    await service.bookedUnits({ depotId: 1, vehicleIds: [1], from: FIRST_DAY, to: FIRST_DAY })
    await operator.replaceFleet(fleet.catalogue, [
      ...fleet.bookings,
      {
        reference: 'F-1',
        vehicleId: 1,
        pickUpDepotId: 1,
        dropOffDepotId: 1,
        pickUpDate: day('2027-02-15'),
        dropOffDate: day('2027-02-16'),
      },
    ])
    await nextTurn()
    const range = { depotId: 1, vehicleIds: [1], from: day('2027-02-04'), to: day('2027-02-16') }
    assert.equal((await service.bookedUnits(range)).get(1), 1)
    await assertServiceSeesTheTable('after a fleet load by another connection')
  })

  test('within one turn the answers share one snapshot; the next turn sees the commit', async () => {
    const range = { depotId: 1, vehicleIds: [2], from: day('2027-02-25'), to: day('2027-02-25') }
    const before = (await service.bookedUnits(range)).get(2) ?? 0
    await bookOnce(operator, websiteBooking('SNAPSHOT-1', 2, '2027-02-25', '2027-02-25'), 9)
    // Still this turn: the copy is not checked again (one check a turn is the point of it).
    assert.equal((await service.bookedUnits(range)).get(2) ?? 0, before)
    await nextTurn()
    assert.equal((await service.bookedUnits(range)).get(2), before + 1)
    await assertServiceSeesTheTable('after a booking in the same turn')
  })

  test('interleaved writes from both connections: always what the table holds', async () => {
    for (let i = 0; i < 12; i++) {
      const writer = i % 3 === 0 ? operator : service
      const from = addDays(FIRST_DAY, (i * 5) % 20)
      await bookOnce(writer, websiteBooking(`X-${i}`, 1 + (i % 2), from, addDays(from, i % 4)), 9)
      if (i % 4 === 3) await cancelOf(i % 8 === 3 ? service : operator, `X-${i - 2}`)
      await nextTurn()
      await service.bookedUnits({ depotId: 1, vehicleIds: [1, 2], from, to: from })
    }
    await assertServiceSeesTheTable('after interleaved bookings and cancellations')
  })
})
