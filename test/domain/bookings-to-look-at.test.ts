import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { bookingsToLookAt } from '../../src/domain/bookings-to-look-at.ts'
import type { CalendarDate } from '../../src/domain/calendar-date.ts'
import type { Booking } from '../../src/domain/catalogue.ts'
import { loadRulesFleet } from '../helpers/domain-fixtures.ts'

/*
 * The bookings still to come that the fleet no longer fits, told to the operator at validate and
 * import. The rules fleet: Alpha (1) open every day, Beta (2) weekdays only and closed on
 * 2027-03-03, Gamma (3) inactive; a route from Alpha to Beta only. Today is 2027-01-10.
 */

const TODAY = '2027-01-10' as CalendarDate

function booking(
  pickUpDepotId: number,
  dropOffDepotId: number,
  pickUpDate: string,
  dropOffDate: string,
): Booking {
  return {
    reference: 'T-1',
    vehicleId: 1,
    pickUpDepotId,
    dropOffDepotId,
    pickUpDate: pickUpDate as CalendarDate,
    dropOffDate: dropOffDate as CalendarDate,
  } as Booking
}

describe('bookingsToLookAt', () => {
  const { catalogue } = loadRulesFleet()
  const rows: [string, Booking, string | undefined][] = [
    [
      'a booking the fleet fits is not listed',
      booking(1, 1, '2027-01-13', '2027-01-15'),
      undefined,
    ],
    [
      'a booking picked up before today is not listed',
      booking(3, 3, '2027-01-09', '2027-01-15'),
      undefined,
    ],
    [
      'a pick-up at a depot made inactive is listed, once even when it is the drop-off too',
      booking(3, 3, '2027-01-13', '2027-01-15'),
      'Gamma is no longer active (active: false in the fleet file)',
    ],
    [
      'a drop-off at a depot made inactive is listed, with the route not offered',
      booking(1, 3, '2027-01-13', '2027-01-15'),
      'Gamma is no longer active (active: false in the fleet file); one-way rentals from Alpha to Gamma are not offered',
    ],
    [
      'a pick-up on a day the depot is closed is listed',
      booking(2, 2, '2027-03-03', '2027-03-05'),
      'Beta is closed on 2027-03-03',
    ],
    [
      'a drop-off at a weekend at a weekday depot is listed',
      booking(1, 2, '2027-01-13', '2027-01-16'),
      'Beta has no drop-off times on a weekend (2027-01-16)',
    ],
    [
      'a one-way route no longer offered is listed',
      booking(2, 1, '2027-01-13', '2027-01-15'),
      'one-way rentals from Beta to Alpha are not offered',
    ],
  ]
  for (const [rule, stored, reason] of rows) {
    test(rule, () => {
      const found = bookingsToLookAt(catalogue, [stored], TODAY)
      assert.deepEqual(
        found.map((item) => item.reason),
        reason === undefined ? [] : [reason],
      )
    })
  }
})
