import type { BookedPrice, BookingRecord, NewBooking } from '../domain/booking.ts'
import type { CalendarDate } from '../domain/calendar-date.ts'
import type { Booking } from '../domain/catalogue.ts'
import type { Customer } from '../domain/customer.ts'
import { withQuoteDefaults } from '../domain/quote.ts'
import type { Row } from './catalogue-rows.ts'
import type { BookingFilter, BookingKey } from './store.ts'

/*
 * The bookings' queries both adapters share. They differ only in placeholders (`?` in SQLite,
 * `$1` in PostgreSQL) and in how JSON and timestamps arrive.
 */

export type Dialect = 'sqlite' | 'postgres'

/** Values bound to a query's placeholders. */
export type SqlValue = string | number

const placeholder = (dialect: Dialect, values: SqlValue[]) =>
  dialect === 'sqlite' ? '?' : `$${values.length}`

/**
 * Bookings matching the filter, as `WHERE` conditions the caller may extend with `AND ...`. A
 * depot matches a booking picked up or dropped off there; dates match a rental that overlaps them.
 */
export function bookingsQuery(
  dialect: Dialect,
  filter: BookingFilter,
): { text: string; values: SqlValue[] } {
  const values: SqlValue[] = []
  const add = (value: SqlValue) => {
    values.push(value)
    return placeholder(dialect, values)
  }
  const conditions = ['TRUE']
  if (filter.depotId !== undefined) {
    const depot = add(filter.depotId)
    const again = add(filter.depotId)
    conditions.push(`(pick_up_depot_id = ${depot} OR drop_off_depot_id = ${again})`)
  }
  if (filter.vehicleId !== undefined) conditions.push(`vehicle_id = ${add(filter.vehicleId)}`)
  if (filter.from !== undefined) conditions.push(`drop_off_date >= ${add(filter.from)}`)
  if (filter.to !== undefined) conditions.push(`pick_up_date <= ${add(filter.to)}`)
  if (filter.status !== undefined) conditions.push(`status = ${add(filter.status)}`)
  if (filter.agentRef !== undefined) conditions.push(`agent_ref = ${add(filter.agentRef)}`)
  return {
    text: `SELECT ${BOOKING_COLUMNS} FROM bookings WHERE ${conditions.join(' AND ')}`,
    values,
  }
}

/** The column and value a BookingKey finds its booking by. */
export function bookingKeyQuery(
  by: BookingKey,
  param: (position: number) => string,
): { filter: string; values: string[] } {
  // A checkout opened with the quote may have been priced again and booked with the new quote:
  // the first booking either way.
  if ('checkoutOf' in by) {
    return {
      filter: `WHERE quote_id = ${param(1)} OR opened_quote_id = ${param(2)} ORDER BY created_at, reference LIMIT 1`,
      values: [by.checkoutOf, by.checkoutOf],
    }
  }
  const [column, value] = bookingKeyColumn(by)
  return { filter: `WHERE ${column} = ${param(1)}`, values: [value] }
}

function bookingKeyColumn(by: Exclude<BookingKey, { checkoutOf: string }>): [string, string] {
  if ('reference' in by) return ['reference', by.reference]
  if ('manageTokenHash' in by) return ['manage_token_hash', by.manageTokenHash]
  if ('quoteId' in by) return ['quote_id', by.quoteId]
  return ['checkout_token_hash', by.checkoutTokenHash]
}

/** The columns bookingFromRow reads. */
export const BOOKING_COLUMNS = `reference, vehicle_id, pick_up_depot_id, drop_off_depot_id,
  pick_up_date, drop_off_date, pick_up_time, drop_off_time, customer, quote_id, total_cents, price,
  created_at, status, cancelled_at, cancelled_by, cancel_reason, manage_token_hash, agent_ref`

/**
 * What a booking's row holds beyond its rental, whichever kind of booking it is: one from a fleet
 * file knows nothing more; one from another channel (or an export) what it gave; one made on the
 * website also its quote, the price it was booked at and its tokens' hashes.
 */
export function bookingDetails(booking: Booking | BookingRecord | NewBooking) {
  const known = 'customer' in booking ? booking : undefined
  const record = known && 'status' in known ? known : undefined
  const website = known && 'checkoutTokenHash' in known ? known : undefined
  const price: BookedPrice | null = website?.price ?? record?.price ?? null
  return {
    pickUpTime: known?.pickUpTime ?? null,
    dropOffTime: known?.dropOffTime ?? null,
    customer: known?.customer ?? null,
    quoteId: known?.quoteId ?? null,
    totalCents: website ? website.price.totalAmount : (record?.totalAmount ?? null),
    price,
    createdAt: known?.createdAt ?? null,
    status: record?.status ?? 'confirmed',
    cancelledAt: record?.cancellation?.at ?? null,
    cancelledBy: record?.cancellation?.by ?? null,
    cancelReason: record?.cancellation?.reason ?? null,
    checkoutTokenHash: website?.checkoutTokenHash ?? null,
    manageTokenHash: website?.manageTokenHash ?? record?.manageTokenHash ?? null,
    agentRef: website?.agentRef ?? record?.agentRef ?? null,
    openedQuoteId: website?.openedQuoteId ?? null,
  }
}

export function bookingFromRow(row: Row, json: (value: unknown) => unknown): BookingRecord {
  const instant = (value: unknown) =>
    value instanceof Date ? value.toISOString() : ((value as string | null) ?? null)
  const cancelledAt = instant(row.cancelled_at)
  return {
    reference: row.reference as string,
    vehicleId: row.vehicle_id as number,
    pickUpDepotId: row.pick_up_depot_id as number,
    dropOffDepotId: row.drop_off_depot_id as number,
    pickUpDate: row.pick_up_date as CalendarDate,
    dropOffDate: row.drop_off_date as CalendarDate,
    pickUpTime: (row.pick_up_time as string | null) ?? null,
    dropOffTime: (row.drop_off_time as string | null) ?? null,
    customer: json(row.customer) as Customer | null,
    totalAmount: (row.total_cents as number | null) ?? null,
    createdAt: instant(row.created_at),
    status: (row.status as BookingRecord['status'] | undefined) ?? 'confirmed',
    cancellation:
      cancelledAt === null
        ? null
        : {
            at: cancelledAt,
            by: row.cancelled_by as 'traveller' | 'operator',
            reason: (row.cancel_reason as string | null) ?? '',
          },
    quoteId: (row.quote_id as string | null) ?? null,
    price: priceOf(json(row.price) as BookedPrice | null),
    manageTokenHash: (row.manage_token_hash as string | null) ?? null,
    agentRef: (row.agent_ref as string | null) ?? null,
  }
}

/**
 * The booked days that bookings about to be added meet: those of their vehicles at their pick-up
 * depots over the dates they span. Undefined when there are no bookings.
 */
export function heldUnitsQuery(
  dialect: Dialect,
  bookings: Booking[],
): { booked: string; values: SqlValue[] } | undefined {
  if (bookings.length === 0) return undefined
  let from = bookings[0]?.pickUpDate as string
  let to = bookings[0]?.dropOffDate as string
  const vehicles = new Set<number>()
  const depots = new Set<number>()
  for (const b of bookings) {
    if (b.pickUpDate < from) from = b.pickUpDate
    if (b.dropOffDate > to) to = b.dropOffDate
    vehicles.add(b.vehicleId)
    depots.add(b.pickUpDepotId)
  }
  const values = [from, to, JSON.stringify([...vehicles]), JSON.stringify([...depots])]
  const list = (n: number) =>
    dialect === 'sqlite'
      ? '(SELECT value FROM json_each(?))'
      : `(SELECT value::integer FROM jsonb_array_elements_text($${n}::jsonb))`
  const day = dialect === 'sqlite' ? 'day' : `to_char(day, 'YYYY-MM-DD') AS day`
  const between = dialect === 'sqlite' ? '? AND ?' : '$1 AND $2'
  return {
    booked: `SELECT vehicle_id, depot_id, ${day}, units_booked FROM booked_days
             WHERE day BETWEEN ${between} AND vehicle_id IN ${list(3)} AND depot_id IN ${list(4)}`,
    values,
  }
}

/** A stored price as today's code reads it (a booking made before surcharges has none). */
function priceOf(price: BookedPrice | null): BookedPrice | null {
  return price === null ? null : withQuoteDefaults(price)
}
