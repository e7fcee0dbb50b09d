import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { CalendarDate } from '../../src/domain/calendar-date.ts'
import type { Catalogue } from '../../src/domain/catalogue.ts'
import type { LoadedFleet } from '../../src/fleet/read-fleet-file.ts'
import type { HeldUnits, Store, StoredFleet } from '../../src/store/store.ts'
import { tokenHash } from '../../src/verbs/book-vehicle.ts'
import { loadRulesFleet } from '../helpers/domain-fixtures.ts'
import { bookOnce, cancelOf, channelBooking, websiteBooking } from './store-contract.ts'

const day = (text: string) => text as CalendarDate

/** Everything an operator can see of the store: catalogue, version and bookings. */
async function dump(store: Store) {
  return {
    catalogue: await store.loadCatalogue(),
    version: await store.fleetVersion(),
    bookings: await store.listBookings(),
    van: await store.bookedUnits({
      depotId: 1,
      vehicleIds: [1, 2],
      from: day('2027-01-01'),
      to: day('2027-12-31'),
    }),
  }
}

/**
 * What the operator's commands need from every Store adapter: imports that keep ids, bookings
 * listed, cancelled and imported. Run against a real database of each kind, as the store contract.
 */
export function describeOperatorStoreContract(name: string, openStore: () => Promise<Store>) {
  describe(`${name} store: the operator's operations`, () => {
    let store: Store
    let fleet: LoadedFleet

    before(async () => {
      fleet = loadRulesFleet()
      store = await openStore()
    })
    after(async () => {
      await store.close()
    })

    test('the fleet version is 0 before a fleet and moves when one is loaded', async () => {
      assert.equal(await store.fleetVersion(), 0)
      await store.loadFleetOnce(async () => fleet)
      assert.ok((await store.fleetVersion()) > 0)
      assert.equal((await store.loadCatalogue()).company.name, 'Rules Test Rentals')
    })

    test('a website booking lists with who booked, its total and when', async () => {
      // Sent by an agent: the booking keeps its reference, and lists by it.
      const booking = {
        ...websiteBooking('W-OP-1', 1, '2027-02-01', '2027-02-03'),
        agentRef: 'planner-7',
      }
      assert.equal(await bookOnce(store, booking, 2), true)
      assert.deepEqual(
        (await store.listBookings({ agentRef: 'planner-7' })).map((b) => b.reference),
        ['W-OP-1'],
      )
      assert.deepEqual(await store.listBookings({ agentRef: 'nobody' }), [])
      const [listed] = await store.listBookings({ vehicleId: 1, from: day('2027-02-02') })
      assert.deepEqual(listed, {
        reference: 'W-OP-1',
        vehicleId: 1,
        pickUpDepotId: 1,
        dropOffDepotId: 1,
        pickUpDate: '2027-02-01',
        dropOffDate: '2027-02-03',
        pickUpTime: '09:00',
        dropOffTime: '16:00',
        customer: { fullName: 'Aroha Ngata', email: 'aroha@example.com', phone: '+64 21 555 0101' },
        totalAmount: 10000,
        createdAt: '2027-01-10T00:00:00.000Z',
        status: 'confirmed',
        cancellation: null,
        quoteId: 'q_W-OP-1',
        price: websiteBooking('W-OP-1', 1, '2027-02-01', '2027-02-03').price,
        manageTokenHash: tokenHash('manage W-OP-1'),
        agentRef: 'planner-7',
      })
    })

    test('bookings filter by depot (either end), vehicle and overlapping dates, in date order', async () => {
      const references = async (filter: Parameters<Store['listBookings']>[0]) =>
        (await store.listBookings(filter)).map((b) => b.reference)
      assert.deepEqual(await references({}), ['T-2', 'T-1', 'W-OP-1'])
      // T-2 is dropped off at depot 2.
      assert.deepEqual(await references({ depotId: 2 }), ['T-2'])
      assert.deepEqual(await references({ vehicleId: 2 }), ['T-1'])
      assert.deepEqual(await references({ from: day('2027-01-25'), to: day('2027-02-01') }), [
        'T-1',
        'W-OP-1',
      ])
      assert.deepEqual(await references({ to: day('2027-01-19') }), ['T-2'])
      assert.deepEqual(await references({ depotId: 3 }), [])
    })

    test('an import the review refuses changes nothing, and the review saw what is stored', async () => {
      const before = await dump(store)
      const next = structuredClone(fleet)
      next.catalogue.vehicles = next.catalogue.vehicles.filter((v) => v.id !== 2)
      let seen: StoredFleet | undefined
      const written = await store.importFleet(next, (stored) => {
        seen = stored
        return false
      })
      assert.equal(written, false)
      assert.deepEqual(seen?.catalogue, before.catalogue)
      assert.deepEqual(
        seen?.bookings.map((b) => b.reference),
        ['T-2', 'T-1', 'W-OP-1'],
      )
      assert.deepEqual(await dump(store), before)
    })

    test('an import updates in place by id: prices, names and stock change, bookings stay', async () => {
      const version = await store.fleetVersion()
      const next: LoadedFleet = structuredClone(fleet)
      const car = next.catalogue.vehicles[0] as Catalogue['vehicles'][number]
      car.name = 'Test Car (new model)'
      car.dailyRates.high = [11_000, 9_900]
      car.unitsByDepot = { 1: 3 }
      next.catalogue.company = { ...next.catalogue.company, name: 'Rules Rentals Ltd' }
      next.catalogue.routes = []
      next.catalogue.accessories = next.catalogue.accessories.filter((a) => a.id !== 3)
      next.catalogue.depots.push({
        ...(next.catalogue.depots[0] as Catalogue['depots'][number]),
        id: 7,
        name: 'Delta',
      })
      next.bookings.push({
        reference: 'F-NEW',
        vehicleId: 2,
        pickUpDepotId: 1,
        dropOffDepotId: 1,
        pickUpDate: day('2027-05-01'),
        dropOffDate: day('2027-05-02'),
      })
      // T-2 was picked up at 1 and dropped off at 2; depot 2 no longer stocks the car, which is fine.
      assert.equal(await store.importFleet(next, () => true), true)
      assert.deepEqual(await store.loadCatalogue(), next.catalogue)
      assert.ok((await store.fleetVersion()) > version)
      const references = (await store.listBookings()).map((b) => b.reference)
      assert.deepEqual(references, ['T-2', 'T-1', 'W-OP-1', 'F-NEW'])
      const booked = await store.bookedUnits({
        depotId: 1,
        vehicleIds: [2],
        from: day('2027-05-01'),
        to: day('2027-05-02'),
      })
      assert.equal(booked.get(2), 1)
      // The new stock counts at once: three cars at depot 1.
      assert.equal(
        await bookOnce(store, websiteBooking('W-OP-2', 1, '2027-02-01', '2027-02-01'), 3),
        true,
      )
      assert.equal(
        await bookOnce(store, websiteBooking('W-OP-3', 1, '2027-02-01', '2027-02-01'), 3),
        true,
      )
      fleet = next
    })

    test('an import of what is stored writes nothing and keeps the version', async () => {
      const before = await dump(store)
      const stored = { catalogue: before.catalogue, bookings: before.bookings }
      assert.equal(await store.importFleet(stored, () => true), true)
      assert.deepEqual(await dump(store), before)
    })

    test('cancelling keeps the booking, marked cancelled with when, by whom and why, and frees its unit on each of its days at once', async () => {
      const range = { depotId: 1, vehicleIds: [1], from: day('2027-02-01'), to: day('2027-02-01') }
      assert.equal((await store.bookedUnits(range)).get(1), 3)
      const cancelled = await cancelOf(store, 'W-OP-2')
      assert.equal(cancelled?.reference, 'W-OP-2')
      assert.equal((await store.bookedUnits(range)).get(1), 2)
      // A second cancellation changes nothing, and frees nothing more.
      assert.equal(await cancelOf(store, 'W-OP-2'), undefined)
      assert.equal((await store.bookedUnits(range)).get(1), 2)
      const kept = (await store.listBookings()).find((b) => b.reference === 'W-OP-2')
      assert.equal(kept?.status, 'cancelled')
      assert.deepEqual(kept?.cancellation, {
        at: '2027-01-10T01:00:00.000Z',
        by: 'operator',
        reason: 'test',
      })
      assert.deepEqual(
        (await store.listBookings({ status: 'cancelled' })).map((b) => b.reference),
        ['W-OP-2'],
      )
      assert.equal(
        (await store.listBookings({ status: 'confirmed' })).some((b) => b.reference === 'W-OP-2'),
        false,
      )
      // The last booking of a day gone, the day holds no unit.
      await cancelOf(store, 'F-NEW')
      const may = { depotId: 1, vehicleIds: [2], from: day('2027-05-01'), to: day('2027-05-02') }
      assert.equal((await store.bookedUnits(may)).has(2), false)
    })

    test('a vehicle whose bookings are all cancelled can be removed', async () => {
      await cancelOf(store, 'T-1')
      const next: LoadedFleet = structuredClone(fleet)
      next.catalogue.vehicles = next.catalogue.vehicles.filter((v) => v.id !== 2)
      next.catalogue.insurancePlans = next.catalogue.insurancePlans.filter((p) => p.id !== 3)
      next.bookings = []
      assert.equal(await store.importFleet(next, () => true), true)
      assert.deepEqual(await store.loadCatalogue(), next.catalogue)
      fleet = next
    })

    test('an import of bookings sees the units they meet, and writes all of them', async () => {
      const bookings = [
        channelBooking('C-1', 1, '2027-02-01', '2027-02-02'),
        channelBooking('C-2', 1, '2027-06-01', '2027-06-03'),
        channelBooking('W-OP-1', 1, '2027-07-01', '2027-07-01'),
      ]
      let held: HeldUnits | undefined
      const refused = await store.importBookings(bookings, (seen) => {
        held = seen
        return false
      })
      assert.equal(refused, false)
      assert.deepEqual([...(held?.takenReferences ?? [])], ['W-OP-1'])
      // W-OP-1 (02-01 to 02-03) and W-OP-3 (02-01) hold the cars at depot 1.
      assert.equal(held?.booked.get('1|1|2027-02-01'), 2)
      assert.equal(held?.booked.get('1|1|2027-02-02'), 1)
      assert.equal(held?.booked.has('1|1|2027-06-01'), false)
      assert.deepEqual(held?.catalogue, fleet.catalogue)
      // W-OP-1, W-OP-3, and W-OP-2, cancelled but kept.
      assert.equal((await store.listBookings({ vehicleId: 1 })).length, 3 + 1)

      const progress: number[] = []
      const fresh = bookings.slice(0, 2)
      assert.equal(
        await store.importBookings(
          fresh,
          () => true,
          (written) => progress.push(written),
        ),
        true,
      )
      assert.equal(progress.at(-1), 2)
      const listed = await store.listBookings({ from: day('2027-06-01') })
      assert.deepEqual(listed, [fresh[1]])
      const range = { depotId: 1, vehicleIds: [1], from: day('2027-02-01'), to: day('2027-02-01') }
      assert.equal((await store.bookedUnits(range)).get(1), 3)
    })
  })
}
