import { DatabaseSync } from 'node:sqlite'
import type { CalendarDate } from '../../../src/domain/calendar-date.ts'
import { eachDate } from '../../../src/domain/calendar-date.ts'

/*
 * What the database file holds, read by a connection of the test's own (read-only), apart from
 * the service: the website's bookings by reference and email, and whether the units booked per
 * depot, vehicle and day (`booked_days`) are exactly what the bookings add up to, which a booking
 * written in part would break.
 */

export type Ledger = {
  /** Website bookings: reference to the customer's email. */
  bookings: Map<string, string>
  /** Days whose units booked differ from what the bookings add up to; none when consistent. */
  mismatches: string[]
}

type BookingRow = {
  reference: string
  vehicle_id: number
  pick_up_depot_id: number
  pick_up_date: string
  drop_off_date: string
  customer: string | null
}

export function readLedger(file: string): Ledger {
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    const rows = db
      .prepare(
        'SELECT reference, vehicle_id, pick_up_depot_id, pick_up_date, drop_off_date, customer FROM bookings',
      )
      .all() as BookingRow[]
    const expected = new Map<string, number>()
    for (const row of rows) {
      for (const day of eachDate(
        row.pick_up_date as CalendarDate,
        row.drop_off_date as CalendarDate,
      )) {
        const key = `${row.pick_up_depot_id}/${row.vehicle_id}/${day}`
        expected.set(key, (expected.get(key) ?? 0) + 1)
      }
    }
    const stored = new Map<string, number>()
    for (const row of db
      .prepare('SELECT depot_id, vehicle_id, day, units_booked FROM booked_days')
      .all() as { depot_id: number; vehicle_id: number; day: string; units_booked: number }[]) {
      if (row.units_booked > 0)
        stored.set(`${row.depot_id}/${row.vehicle_id}/${row.day}`, row.units_booked)
    }
    const mismatches: string[] = []
    for (const key of new Set([...expected.keys(), ...stored.keys()])) {
      if ((expected.get(key) ?? 0) !== (stored.get(key) ?? 0)) {
        mismatches.push(
          `${key}: ${stored.get(key) ?? 0} units booked, bookings add up to ${expected.get(key) ?? 0}`,
        )
      }
    }
    const bookings = new Map<string, string>()
    for (const row of rows) {
      if (row.customer)
        bookings.set(row.reference, (JSON.parse(row.customer) as { email: string }).email)
    }
    return { bookings, mismatches }
  } finally {
    db.close()
  }
}
