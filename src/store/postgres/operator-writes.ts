import type { BookingRecord, Cancellation } from '../../domain/booking.ts'
import type { OutboxMessage } from '../../notifications/outbox-message.ts'
import {
  BOOKING_COLUMNS,
  bookingFromRow,
  bookingKeyQuery,
  bookingsQuery,
  heldUnitsQuery,
} from '../booking-rows.ts'
import { importWrites } from '../fleet-records.ts'
import type {
  BookingFilter,
  BookingKey,
  CancelOutcome,
  FleetContents,
  HeldUnits,
  ImportDecision,
  StoredFleet,
} from '../store.ts'
import { FLEET_LOCK } from './advisory-locks.ts'
import { insertBookings } from './insert-bookings.ts'
import { writeMessages } from './outbox-writes.ts'
import { readCatalogue } from './read-catalogue.ts'
import type { Sql } from './transaction.ts'
import { updateCatalogue, writeFleet } from './write-fleet.ts'

/*
 * The operator's writes, each inside a transaction the adapter opens. Imports first take the
 * fleet lock (one import at a time, and none while a fleet loads) and lock the booking tables
 * against writes: a website booking made while an import is reviewed could otherwise slip past
 * its check. Website bookings wait for the import to commit (or give a 503 after their timeout).
 */

async function lockForImport(sql: Sql): Promise<void> {
  await sql(`SELECT ${FLEET_LOCK}`)
  await sql('LOCK TABLE bookings, booked_days IN SHARE ROW EXCLUSIVE MODE')
}

export async function importFleet(
  sql: Sql,
  next: FleetContents,
  review: (stored: StoredFleet) => ImportDecision,
): Promise<boolean> {
  await lockForImport(sql)
  const stored = { catalogue: await readCatalogue(sql), bookings: await listBookings(sql, {}) }
  const decision = review(stored)
  if (!decision) return false
  if (decision === 'replace') {
    await writeFleet(sql, next.catalogue, next.bookings)
    // The replaced company's quotes would be honoured for the new one's vehicles of the same ids.
    await sql('DELETE FROM quotes')
    return true
  }
  const writes = importWrites(stored, next)
  if (!writes) return true
  await updateCatalogue(sql, writes.changes, writes.company, writes.terms)
  await insertBookings(sql, writes.bookings)
  return true
}

export async function listBookings(sql: Sql, filter: BookingFilter): Promise<BookingRecord[]> {
  const { text, values } = bookingsQuery('postgres', filter)
  const rows = await sql(`${text} ORDER BY pick_up_date, reference`, values)
  return rows.map((row) => bookingFromRow(row, (value) => value))
}

export async function findBooking(sql: Sql, by: BookingKey): Promise<BookingRecord | undefined> {
  const { filter, values } = bookingKeyQuery(by, (position) => `$${position}`)
  const [row] = await sql(`SELECT ${BOOKING_COLUMNS} FROM bookings ${filter}`, values)
  return row ? bookingFromRow(row, (json) => json) : undefined
}

export async function cancelBooking(
  sql: Sql,
  reference: string,
  cancellation: Cancellation,
  notices: (cancelled: BookingRecord) => OutboxMessage[],
): Promise<CancelOutcome> {
  // The row is locked first: two cancellations of one booking take turns, and the second finds
  // it cancelled.
  const [row] = await sql(
    `SELECT ${BOOKING_COLUMNS} FROM bookings WHERE reference = $1 FOR UPDATE`,
    [reference],
  )
  if (!row) return { outcome: 'not_found' }
  const booking = bookingFromRow(row, (value) => value)
  if (booking.status === 'cancelled') return { outcome: 'already_cancelled', booking }
  await sql(
    `UPDATE bookings SET status = 'cancelled', cancelled_at = $2, cancelled_by = $3,
       cancel_reason = $4 WHERE reference = $1`,
    [reference, cancellation.at, cancellation.by, cancellation.reason],
  )
  await sql(
    `UPDATE booked_days SET units_booked = units_booked - 1
     WHERE depot_id = $1 AND vehicle_id = $2 AND day BETWEEN $3 AND $4`,
    [booking.pickUpDepotId, booking.vehicleId, booking.pickUpDate, booking.dropOffDate],
  )
  await sql(
    'DELETE FROM booked_days WHERE depot_id = $1 AND vehicle_id = $2 AND units_booked = 0',
    [booking.pickUpDepotId, booking.vehicleId],
  )
  const cancelled: BookingRecord = { ...booking, status: 'cancelled', cancellation }
  await writeMessages(sql, reference, notices(cancelled))
  return { outcome: 'cancelled', booking: cancelled }
}

export async function importBookings(
  sql: Sql,
  bookings: BookingRecord[],
  review: (held: HeldUnits) => boolean,
  onProgress?: (written: number) => void,
): Promise<boolean> {
  await lockForImport(sql)
  const booked = new Map<string, number>()
  const query = heldUnitsQuery('postgres', bookings)
  if (query) {
    for (const row of await sql(query.booked, query.values)) {
      booked.set(`${row.vehicle_id}|${row.depot_id}|${row.day}`, row.units_booked as number)
    }
  }
  const taken = await sql<{ reference: string }>(
    'SELECT reference FROM bookings WHERE reference = ANY ($1::text[])',
    [bookings.map((b) => b.reference)],
  )
  const held: HeldUnits = {
    catalogue: await readCatalogue(sql),
    booked,
    takenReferences: new Set(taken.map((row) => row.reference)),
  }
  if (!review(held)) return false
  await insertBookings(sql, bookings, onProgress)
  return true
}
