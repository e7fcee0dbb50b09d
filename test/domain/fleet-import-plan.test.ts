import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Booking } from '../../src/domain/catalogue.ts'
import { type FleetState, planFleetImport } from '../../src/domain/fleet-import-plan.ts'
import { date, loadRulesFleet } from '../helpers/domain-fixtures.ts'

/** The rules fleet as stored: its catalogue and its two bookings (T-1 the van, T-2 a car). */
function stored(): FleetState {
  const fleet = loadRulesFleet()
  return { catalogue: fleet.catalogue, bookings: fleet.bookings }
}

const booking = (reference: string, vehicleId: number, from: string, to: string): Booking => ({
  reference,
  vehicleId,
  pickUpDepotId: 1,
  dropOffDepotId: 1,
  pickUpDate: date(from),
  dropOffDate: date(to),
})

describe('planFleetImport', () => {
  test('the same fleet changes nothing', () => {
    const plan = planFleetImport(stored(), stored())
    assert.deepEqual(plan, { changes: [], broken: [], newBookings: [], stillCancelled: [] })
  })

  test('a booking the file lists but the database holds cancelled stays so, and is named', () => {
    const held = stored()
    held.bookings = held.bookings.map((b) =>
      b.reference === 'T-2' ? { ...b, status: 'cancelled' as const } : b,
    )
    const plan = planFleetImport(held, stored())
    assert.deepEqual(plan.changes, [])
    assert.deepEqual(
      plan.stillCancelled.map((b) => b.reference),
      ['T-2'],
    )
  })

  test('items are matched by id: added, changed and removed are named', () => {
    const next = stored()
    next.catalogue.company = { ...next.catalogue.company, name: 'Renamed Rentals' }
    next.catalogue.rateBands.push({ minDays: 21, maxDays: null })
    const car = next.catalogue.vehicles[0]
    assert.ok(car)
    car.dailyRates.high = [10_100, 9_000]
    next.catalogue.accessories = next.catalogue.accessories.filter((a) => a.id !== 2)
    next.catalogue.routes.push({ fromDepotId: 2, toDepotId: 1, fee: 7550 })
    const plan = planFleetImport(stored(), next)
    assert.deepEqual(
      plan.changes.map(({ change, item }) => ({ change, item })),
      [
        { change: 'changed', item: 'company "Renamed Rentals"' },
        { change: 'added', item: 'rate band 3 (21+ days)' },
        { change: 'changed', item: 'vehicle 1 (Test Car)' },
        { change: 'added', item: 'route 2 to 1' },
        { change: 'removed', item: 'accessory 2 (Chains)' },
      ],
    )
    assert.deepEqual(plan.broken, [])
  })

  test("the file's new bookings are added; bookings missing from the file are kept", () => {
    const next = stored()
    next.bookings = [booking('N-1', 1, '2027-03-01', '2027-03-02')]
    const plan = planFleetImport(stored(), next)
    assert.deepEqual(plan.changes, [{ change: 'added', item: 'booking N-1' }])
    assert.deepEqual(plan.newBookings, next.bookings)
    assert.deepEqual(plan.broken, [])
  })

  const refusals = [
    {
      why: 'a removed vehicle breaks its bookings',
      change: (next: FleetState) => {
        next.catalogue.vehicles = next.catalogue.vehicles.filter((v) => v.id !== 2)
      },
      broken: ['T-1: vehicle 2 would be removed'],
    },
    {
      why: 'a removed depot breaks the bookings picked up or dropped off there',
      change: (next: FleetState) => {
        next.catalogue.depots = next.catalogue.depots.filter((d) => d.id !== 2)
      },
      broken: ['T-2: depot 2 would be removed'],
    },
    {
      why: 'fewer units than are booked break the bookings of that day',
      change: (next: FleetState) => {
        const van = next.catalogue.vehicles[1]
        if (van) van.unitsByDepot = { 1: 0 }
      },
      broken: ['T-1: vehicle 2 would have 0 unit(s) at depot 1, but 1 are booked on 2027-01-20'],
    },
    {
      why: 'a file booking beyond the stock breaks every booking of that day',
      change: (next: FleetState) => {
        next.bookings.push(booking('N-1', 2, '2027-01-25', '2027-01-26'))
      },
      broken: [
        'T-1: vehicle 2 would have 1 unit(s) at depot 1, but 2 are booked on 2027-01-25',
        'N-1: vehicle 2 would have 1 unit(s) at depot 1, but 2 are booked on 2027-01-25',
      ],
    },
    {
      why: 'a file booking under a stored reference with other details',
      change: (next: FleetState) => {
        next.bookings = next.bookings.map((b) =>
          b.reference === 'T-2' ? { ...b, dropOffDate: date('2027-01-13') } : b,
        )
      },
      broken: [
        'T-2: the file has a different booking under the same reference (vehicle 1 from depot 1 to depot 2, 2027-01-12 to 2027-01-13); cancel the stored one first or give the new one another reference',
      ],
    },
    {
      // A file with today+N dates, imported again a day later.
      why: 'a file booking whose both dates moved by the same days: relative dates, said so',
      change: (next: FleetState) => {
        next.bookings = next.bookings.map((b) =>
          b.reference === 'T-2'
            ? { ...b, pickUpDate: date('2027-01-13'), dropOffDate: date('2027-01-13') }
            : b,
        )
      },
      broken: [
        'T-2: the file has its dates 1 day(s) later (vehicle 1 from depot 1 to depot 2, 2027-01-13 to 2027-01-13): dates written as today+N move every day the file is read; write them as dates (rental-agent fleet export gives the stored ones)',
      ],
    },
  ]
  for (const { why, change, broken } of refusals) {
    test(why, () => {
      const next = stored()
      change(next)
      const plan = planFleetImport(stored(), next)
      assert.deepEqual(
        plan.broken.map((b) => `${b.booking.reference}: ${b.reason}`),
        broken,
      )
    })
  }
})
