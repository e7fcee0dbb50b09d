import type { BookingRecord } from '../../domain/booking.ts'
import type { Booking } from '../../domain/catalogue.ts'
import { bookingDetails } from '../booking-rows.ts'
import type { Sql } from './transaction.ts'

/** Bookings travel to the server in batches of this many: one JSON parameter per statement. */
const BATCH = 5000

/**
 * Inserts bookings inside the caller's transaction and adds each one's unit to its days in
 * `booked_days`, a batch in two statements. A day booked beyond its stock breaks the CHECK, and a
 * vehicle the depot does not stock finds no stock (0) and breaks the foreign key: either refuses
 * the whole transaction, so the database itself stands behind the import's own check.
 */
export async function insertBookings(
  sql: Sql,
  bookings: (Booking | BookingRecord)[],
  onProgress?: (written: number) => void,
): Promise<void> {
  for (let start = 0; start < bookings.length; start += BATCH) {
    const batch = bookings.slice(start, start + BATCH).map((b) => {
      const details = bookingDetails(b)
      return {
        reference: b.reference,
        vehicle_id: b.vehicleId,
        pick_up_depot_id: b.pickUpDepotId,
        drop_off_depot_id: b.dropOffDepotId,
        pick_up_date: b.pickUpDate,
        drop_off_date: b.dropOffDate,
        pick_up_time: details.pickUpTime,
        drop_off_time: details.dropOffTime,
        customer: details.customer,
        quote_id: details.quoteId,
        total_cents: details.totalCents,
        price: details.price,
        created_at: details.createdAt,
        status: details.status,
        cancelled_at: details.cancelledAt,
        cancelled_by: details.cancelledBy,
        cancel_reason: details.cancelReason,
        manage_token_hash: details.manageTokenHash,
        agent_ref: details.agentRef,
      }
    })
    const rows = JSON.stringify(batch)
    await sql(
      `INSERT INTO bookings (reference, vehicle_id, pick_up_depot_id, drop_off_depot_id,
         pick_up_date, drop_off_date, pick_up_time, drop_off_time, customer, quote_id, total_cents,
         price, created_at, status, cancelled_at, cancelled_by, cancel_reason, manage_token_hash,
         agent_ref)
       SELECT reference, vehicle_id, pick_up_depot_id, drop_off_depot_id, pick_up_date,
         drop_off_date, pick_up_time, drop_off_time, customer, quote_id, total_cents, price,
         created_at, status, cancelled_at, cancelled_by, cancel_reason, manage_token_hash, agent_ref
       FROM jsonb_to_recordset($1::jsonb) AS r (reference text, vehicle_id integer,
         pick_up_depot_id integer, drop_off_depot_id integer, pick_up_date date,
         drop_off_date date, pick_up_time text, drop_off_time text, customer jsonb,
         quote_id text, total_cents bigint, price jsonb, created_at timestamptz, status text,
         cancelled_at timestamptz, cancelled_by text, cancel_reason text, manage_token_hash text,
         agent_ref text)`,
      [rows],
    )
    // Days in date order, as a website booking locks them, so the two queue rather than deadlock.
    // A cancelled booking holds no unit.
    await sql(
      `INSERT INTO booked_days (depot_id, vehicle_id, day, units_booked, units_stocked)
       SELECT b.pick_up_depot_id, b.vehicle_id, d.day::date, count(*), coalesce(u.units, 0)
       FROM jsonb_to_recordset($1::jsonb) AS b (vehicle_id integer, pick_up_depot_id integer,
         pick_up_date date, drop_off_date date, status text)
       CROSS JOIN LATERAL generate_series(b.pick_up_date, b.drop_off_date, interval '1 day') AS d (day)
       LEFT JOIN vehicle_units u ON u.vehicle_id = b.vehicle_id AND u.depot_id = b.pick_up_depot_id
       WHERE b.status = 'confirmed'
       GROUP BY b.pick_up_depot_id, b.vehicle_id, d.day, u.units
       ORDER BY d.day
       ON CONFLICT (depot_id, vehicle_id, day)
         DO UPDATE SET units_booked = booked_days.units_booked + excluded.units_booked`,
      [rows],
    )
    onProgress?.(Math.min(start + BATCH, bookings.length))
  }
}
