import { DatabaseError } from 'pg'
import type { NewBooking } from '../../domain/booking.ts'
import { eachDate } from '../../domain/calendar-date.ts'
import type { OutboxMessage } from '../../notifications/outbox-message.ts'
import { BOOKING_COLUMNS, bookingFromRow } from '../booking-rows.ts'
import type { CreateOutcome } from '../store.ts'
import { writeMessages } from './outbox-writes.ts'
import type { Sql } from './transaction.ts'

/**
 * Books one unit inside the caller's transaction; any outcome but `booked` means nothing may be
 * committed.
 *
 * One booking per quote: the booking row goes in first, `ON CONFLICT (quote_id) DO NOTHING`. A
 * second confirmation of the same quote, sent at the same moment, waits on the first's unique
 * index entry; once the first commits, it inserts nothing and reads the booking the first made.
 *
 * Why the database, not this code, prevents double booking: the rental's days are counted up in
 * `booked_days` with one upsert. Two transactions booking the same day meet on that day's row:
 * the second waits for the first's row lock, then adds its unit to the committed count. The
 * CHECK `units_booked <= units_stocked` (units_stocked held equal to the stock by a foreign key)
 * refuses the unit that would oversell, so a check done in application code at READ COMMITTED,
 * which measured 6 bookings for 1 unit under 50 concurrent checkouts, is not what stands between
 * two instances and an oversold van. Days are locked in date order, so overlapping rentals queue
 * rather than deadlock. Chosen over an exclusion constraint (which needs a unit number per
 * booking, and a search for a free unit) and SERIALIZABLE (which needs retries): the counter
 * rows already exist for availability reads, and a refusal needs no retry.
 */
export async function bookOneUnit(
  sql: Sql,
  booking: NewBooking,
  unitsStocked: number,
  messages: OutboxMessage[],
): Promise<CreateOutcome> {
  const inserted = await sql(
    `INSERT INTO bookings (reference, vehicle_id, pick_up_depot_id, drop_off_depot_id,
       pick_up_date, drop_off_date, pick_up_time, drop_off_time, customer, quote_id, total_cents,
       price, created_at, checkout_token_hash, manage_token_hash, agent_ref, opened_quote_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12::jsonb, $13, $14, $15, $16,
       $17)
     ON CONFLICT DO NOTHING
     RETURNING reference`,
    [
      booking.reference,
      booking.vehicleId,
      booking.pickUpDepotId,
      booking.dropOffDepotId,
      booking.pickUpDate,
      booking.dropOffDate,
      booking.pickUpTime,
      booking.dropOffTime,
      JSON.stringify(booking.customer),
      booking.quoteId,
      booking.price.totalAmount,
      JSON.stringify(booking.price),
      booking.createdAt,
      booking.checkoutTokenHash,
      booking.manageTokenHash,
      booking.agentRef,
      booking.openedQuoteId ?? null,
    ],
  )
  if (inserted.length === 0) {
    const [made] = await sql(
      `SELECT ${BOOKING_COLUMNS}, checkout_token_hash FROM bookings
       WHERE quote_id = $1 OR checkout_token_hash = $2`,
      [booking.quoteId, booking.checkoutTokenHash],
    )
    if (!made) throw new Error('a booking of this quote was neither written nor found')
    return {
      outcome: 'already_booked',
      booking: bookingFromRow(made, (value) => value),
      sameCheckout: made.checkout_token_hash === booking.checkoutTokenHash,
    }
  }
  let counts: { units_booked: number }[]
  try {
    counts = await sql<{ units_booked: number }>(
      `INSERT INTO booked_days (depot_id, vehicle_id, day, units_booked, units_stocked)
       SELECT u.depot_id, u.vehicle_id, d.day::date, 1, u.units
       FROM vehicle_units u
       CROSS JOIN generate_series($3::date, $4::date, interval '1 day') AS d (day)
       WHERE u.vehicle_id = $1 AND u.depot_id = $2
       ORDER BY d.day
       ON CONFLICT (depot_id, vehicle_id, day)
         DO UPDATE SET units_booked = booked_days.units_booked + 1
       RETURNING units_booked`,
      [booking.vehicleId, booking.pickUpDepotId, booking.pickUpDate, booking.dropOffDate],
    )
  } catch (error) {
    if (error instanceof DatabaseError && error.constraint === 'booked_days_within_stock') {
      return { outcome: 'sold_out' }
    }
    throw error
  }
  // No row for a day means the depot does not stock the vehicle at all. The caller's figure is
  // honoured too when it is lower than the stock, as the SQLite adapter honours it; the days are
  // locked by now, so this reads the final count.
  const days = eachDate(booking.pickUpDate, booking.dropOffDate).length
  if (counts.length < days || counts.some((row) => row.units_booked > unitsStocked)) {
    return { outcome: 'sold_out' }
  }
  await writeMessages(sql, booking.reference, messages)
  return { outcome: 'booked' }
}
