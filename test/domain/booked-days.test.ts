import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  bookedDayKey,
  bookingsBeyondStock,
  bookingsOnOverbookedDays,
} from '../../src/domain/booked-days.ts'
import type { Booking } from '../../src/domain/catalogue.ts'
import { date } from '../helpers/domain-fixtures.ts'

/** A booking of vehicle 1 at depot 1 from `from` to `to`. */
const rental = (reference: string, from: string, to: string, vehicleId = 1): Booking => ({
  reference,
  vehicleId,
  pickUpDepotId: 1,
  dropOffDepotId: 1,
  pickUpDate: date(from),
  dropOffDate: date(to),
})
const twoUnits = (vehicleId: number, depotId: number) => (vehicleId === 1 && depotId === 1 ? 2 : 0)

describe('bookingsBeyondStock names the bookings that take a unit the depot does not have', () => {
  const rows = [
    {
      why: 'two bookings on a day fit two units',
      bookings: [rental('A', '2027-02-01', '2027-02-03'), rental('B', '2027-02-03', '2027-02-04')],
      booked: {},
      beyond: [],
    },
    {
      why: 'the third booking of a day is beyond two units, at its first such day',
      bookings: [
        rental('A', '2027-02-01', '2027-02-03'),
        rental('B', '2027-02-02', '2027-02-02'),
        rental('C', '2027-01-30', '2027-02-05'),
      ],
      booked: {},
      beyond: ['C 2027-02-02 3'],
    },
    {
      why: 'units already booked count first',
      bookings: [rental('A', '2027-02-01', '2027-02-01')],
      booked: { [bookedDayKey(1, 1, date('2027-02-01'))]: 2 },
      beyond: ['A 2027-02-01 3'],
    },
    {
      why: 'the drop-off day holds the unit too',
      bookings: [rental('A', '2027-02-01', '2027-02-03')],
      booked: { [bookedDayKey(1, 1, date('2027-02-03'))]: 2 },
      beyond: ['A 2027-02-03 3'],
    },
    {
      why: 'a vehicle the depot does not stock is beyond at once',
      bookings: [rental('A', '2027-02-01', '2027-02-01', 2)],
      booked: {},
      beyond: ['A 2027-02-01 1'],
    },
  ]
  for (const { why, bookings, booked, beyond } of rows) {
    test(why, () => {
      const found = bookingsBeyondStock(
        bookings,
        twoUnits,
        (key) => (booked as Record<string, number>)[key] ?? 0,
      )
      assert.deepEqual(
        found.map((b) => `${b.booking.reference} ${b.day} ${b.unitsBooked}`),
        beyond,
      )
    })
  }
})

test('bookingsOnOverbookedDays names every booking holding a unit on an overbooked day', () => {
  const bookings = [
    rental('A', '2027-02-01', '2027-02-03'),
    rental('B', '2027-02-03', '2027-02-03'),
    rental('C', '2027-02-03', '2027-02-06'),
    rental('D', '2027-02-05', '2027-02-05'),
  ]
  const found = bookingsOnOverbookedDays(bookings, twoUnits)
  assert.deepEqual(
    found.map((b) => `${b.booking.reference} ${b.day} ${b.unitsBooked}/${b.unitsStocked}`),
    ['A 2027-02-03 3/2', 'B 2027-02-03 3/2', 'C 2027-02-03 3/2'],
  )
})
