import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import type { BookingRecord, NewBooking } from '../../domain/booking.ts'
import { eachDate } from '../../domain/calendar-date.ts'
import type { Booking, Catalogue } from '../../domain/catalogue.ts'
import type { Company } from '../../domain/company.ts'
import type { CompanyTerms } from '../../domain/company-terms.ts'
import type { OutboxMessage } from '../../notifications/outbox-message.ts'
import { bookingDetails } from '../booking-rows.ts'
import { FLEET_TABLES_CHILDREN_FIRST } from '../catalogue-rows.ts'
import {
  catalogueRecords,
  type TableChanges,
  type TableRecords,
  upsertByKey,
} from '../fleet-records.ts'

/** Replaces everything the fleet file holds, inside the caller's transaction. */
export function writeFleet(db: DatabaseSync, catalogue: Catalogue, bookings: Booking[]): void {
  for (const table of FLEET_TABLES_CHILDREN_FIRST) {
    db.exec(`DELETE FROM ${table}`)
  }
  for (const table of catalogueRecords(catalogue)) writeRecords(db, table, table.rows)
  const writeBooking = bookingWriter(db)
  for (const booking of bookings) writeBooking(booking)
  bumpFleetVersion(db, catalogue.company, catalogue.terms)
}

/**
 * Brings the stored catalogue to the new one in place, inside the caller's transaction: removed
 * rows deleted (children first), new and changed rows upserted by key (parents first).
 */
export function updateCatalogue(
  db: DatabaseSync,
  changes: TableChanges[],
  company: Company,
  terms: CompanyTerms,
): void {
  db.exec('DELETE FROM booked_days WHERE units_booked = 0')
  for (const table of [...changes].reverse()) {
    const where = table.key.map((k) => `${k} = ?`).join(' AND ')
    const remove = db.prepare(`DELETE FROM ${table.table} WHERE ${where}`)
    for (const row of table.deletes) remove.run(...table.key.map((k) => row[k] as SQLInputValue))
  }
  for (const table of changes) writeRecords(db, table, table.upserts, { upsert: true })
  bumpFleetVersion(db, company, terms)
}

/** Records the company and its terms, and moves the version that running instances poll. */
function bumpFleetVersion(db: DatabaseSync, company: Company, terms: CompanyTerms): void {
  db.prepare(
    `INSERT INTO fleet_meta (id, company_name, company, terms, version) VALUES (1, ?, ?, ?, 1)
     ON CONFLICT (id) DO UPDATE SET company_name = excluded.company_name,
       company = excluded.company, terms = excluded.terms, version = fleet_meta.version + 1`,
  ).run(company.name, JSON.stringify(company), JSON.stringify(terms))
}

/** SQLite has no boolean or JSON type: 1 and 0, and JSON text (null stays null). */
function sqliteValue(value: unknown, type: string): SQLInputValue {
  if (type === 'boolean') return value ? 1 : 0
  if (type === 'jsonb') return value === null ? null : JSON.stringify(value)
  return value as SQLInputValue
}

function writeRecords(
  db: DatabaseSync,
  table: TableRecords,
  rows: Record<string, unknown>[],
  options: { upsert?: boolean } = {},
): void {
  if (rows.length === 0) return
  const columns = Object.entries(table.columns)
  const names = columns.map(([name]) => name)
  const onConflict = options.upsert ? upsertByKey(table) : ''
  const insert = db.prepare(
    `INSERT INTO ${table.table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})${onConflict}`,
  )
  for (const row of rows) {
    insert.run(...columns.map(([name, type]) => sqliteValue(row[name], type)))
  }
}

/**
 * Inserts bookings and counts each confirmed one's unit on every day of it at its pick-up depot
 * (a cancelled booking holds no unit). The statements are prepared once per writer, so a large
 * import prepares them once.
 */
export function bookingWriter(
  db: DatabaseSync,
): (booking: Booking | BookingRecord | NewBooking) => void {
  const insert = db.prepare(
    `INSERT INTO bookings (reference, vehicle_id, pick_up_depot_id, drop_off_depot_id, pick_up_date,
       drop_off_date, pick_up_time, drop_off_time, customer, quote_id, total_cents, price,
       created_at, status, cancelled_at, cancelled_by, cancel_reason, checkout_token_hash,
       manage_token_hash, agent_ref, opened_quote_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const bookDay = db.prepare(
    `INSERT INTO booked_days VALUES (?, ?, ?, 1)
     ON CONFLICT (depot_id, vehicle_id, day) DO UPDATE SET units_booked = units_booked + 1`,
  )
  return (booking) => {
    const details = bookingDetails(booking)
    insert.run(
      booking.reference,
      booking.vehicleId,
      booking.pickUpDepotId,
      booking.dropOffDepotId,
      booking.pickUpDate,
      booking.dropOffDate,
      details.pickUpTime,
      details.dropOffTime,
      details.customer ? JSON.stringify(details.customer) : null,
      details.quoteId,
      details.totalCents,
      details.price ? JSON.stringify(details.price) : null,
      details.createdAt,
      details.status,
      details.cancelledAt,
      details.cancelledBy,
      details.cancelReason,
      details.checkoutTokenHash,
      details.manageTokenHash,
      details.agentRef,
      details.openedQuoteId,
    )
    if (details.status !== 'confirmed') return
    for (const day of eachDate(booking.pickUpDate, booking.dropOffDate)) {
      bookDay.run(booking.pickUpDepotId, booking.vehicleId, day)
    }
  }
}

/** Writes messages into the outbox, due at once, inside the caller's transaction. */
export function writeMessages(
  db: DatabaseSync,
  reference: string,
  messages: OutboxMessage[],
  now: string,
): void {
  if (messages.length === 0) return
  const insert = db.prepare(
    `INSERT INTO outbox (id, created_at, booking_reference, channel, message, next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  )
  for (const message of messages) {
    insert.run(message.id, now, reference, message.channel, JSON.stringify(message), now)
  }
}
