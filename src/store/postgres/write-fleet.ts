import type { Booking, Catalogue } from '../../domain/catalogue.ts'
import { FLEET_TABLES_CHILDREN_FIRST } from '../catalogue-rows.ts'
import type { Sql } from './transaction.ts'

/**
 * Replaces everything the fleet file holds, inside the caller's transaction. DELETE rather than
 * TRUNCATE: requests keep reading the old fleet until the new one commits instead of waiting on
 * an exclusive lock.
 */
export async function writeFleet(sql: Sql, catalogue: Catalogue, bookings: Booking[]) {
  for (const table of FLEET_TABLES_CHILDREN_FIRST) await sql(`DELETE FROM ${table}`)
  await insertRecords(
    sql,
    'depots',
    {
      id: 'integer',
      name: 'text',
      active: 'boolean',
      opening_hours: 'text',
      pickup_times: 'jsonb',
      drop_off_times: 'jsonb',
      annual_closures: 'jsonb',
      closures: 'jsonb',
    },
    catalogue.depots.map((d) => ({
      id: d.id,
      name: d.name,
      active: d.active,
      opening_hours: d.openingHoursDescription,
      pickup_times: d.pickupTimes,
      drop_off_times: d.dropOffTimes,
      annual_closures: d.annualClosures,
      closures: d.closures,
    })),
  )
  await insertRecords(
    sql,
    'vehicles',
    {
      id: 'integer',
      name: 'text',
      vehicle_class: 'text',
      image: 'text',
      minimum_days: 'jsonb',
      daily_rates_cents: 'jsonb',
    },
    catalogue.vehicles.map((v) => ({
      id: v.id,
      name: v.name,
      vehicle_class: v.vehicleClass,
      image: v.image,
      minimum_days: v.minimumDays,
      daily_rates_cents: v.dailyRates,
    })),
  )
  await insertRecords(
    sql,
    'vehicle_units',
    { vehicle_id: 'integer', depot_id: 'integer', units: 'integer' },
    catalogue.vehicles.flatMap((v) =>
      Object.entries(v.unitsByDepot).map(([depotId, units]) => ({
        vehicle_id: v.id,
        depot_id: Number(depotId),
        units,
      })),
    ),
  )
  await insertRecords(
    sql,
    'seasons',
    { id: 'text', position: 'integer', name: 'text', periods: 'jsonb' },
    catalogue.seasons.map((s, position) => ({
      id: s.id,
      position,
      name: s.name,
      periods: s.periods,
    })),
  )
  await insertRecords(
    sql,
    'rate_bands',
    { position: 'integer', min_days: 'integer', max_days: 'integer' },
    catalogue.rateBands.map((b, position) => ({
      position,
      min_days: b.minDays,
      max_days: b.maxDays,
    })),
  )
  await insertRecords(
    sql,
    'routes',
    { from_depot_id: 'integer', to_depot_id: 'integer', fee_cents: 'bigint' },
    catalogue.routes.map((r) => ({
      from_depot_id: r.fromDepotId,
      to_depot_id: r.toDepotId,
      fee_cents: r.fee,
    })),
  )
  await insertRecords(
    sql,
    'accessories',
    {
      id: 'integer',
      name: 'text',
      price_cents: 'bigint',
      per: 'text',
      max_charge_cents: 'bigint',
      max_quantity: 'integer',
      vehicle_classes: 'jsonb',
      months: 'jsonb',
    },
    catalogue.accessories.map((a) => ({
      id: a.id,
      name: a.name,
      price_cents: a.price,
      per: a.per,
      max_charge_cents: a.maxCharge,
      max_quantity: a.maxQuantity,
      vehicle_classes: a.vehicleClasses,
      months: a.months,
    })),
  )
  await insertRecords(
    sql,
    'insurance_plans',
    {
      id: 'integer',
      name: 'text',
      description: 'text',
      price_cents: 'bigint',
      per: 'text',
      max_charge_cents: 'bigint',
      excess_cents: 'bigint',
      vehicle_classes: 'jsonb',
    },
    catalogue.insurancePlans.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      price_cents: p.price,
      per: p.per,
      max_charge_cents: p.maxCharge,
      excess_cents: p.excess,
      vehicle_classes: p.vehicleClasses,
    })),
  )
  await insertRecords(
    sql,
    'bookings',
    {
      reference: 'text',
      vehicle_id: 'integer',
      pick_up_depot_id: 'integer',
      drop_off_depot_id: 'integer',
      pick_up_date: 'date',
      drop_off_date: 'date',
    },
    bookings.map((b) => ({
      reference: b.reference,
      vehicle_id: b.vehicleId,
      pick_up_depot_id: b.pickUpDepotId,
      drop_off_depot_id: b.dropOffDepotId,
      pick_up_date: b.pickUpDate,
      drop_off_date: b.dropOffDate,
    })),
  )
  // Counted from the bookings just written, in one statement. A booking of a vehicle the depot
  // does not stock finds no stock (0): the foreign key or the CHECK refuses it, and the load.
  await sql(`
    INSERT INTO booked_days (depot_id, vehicle_id, day, units_booked, units_stocked)
    SELECT b.pick_up_depot_id, b.vehicle_id, d.day::date, count(*), coalesce(u.units, 0)
    FROM bookings b
    CROSS JOIN LATERAL generate_series(b.pick_up_date, b.drop_off_date, interval '1 day') AS d (day)
    LEFT JOIN vehicle_units u ON u.vehicle_id = b.vehicle_id AND u.depot_id = b.pick_up_depot_id
    GROUP BY b.pick_up_depot_id, b.vehicle_id, d.day, u.units`)
}

/**
 * Inserts every row of a table in one statement, however many there are: the rows travel as one
 * JSON parameter that `jsonb_to_recordset` turns back into typed columns. Table and column names
 * are this file's constants, never input.
 */
async function insertRecords(
  sql: Sql,
  table: string,
  columns: Record<string, string>,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return
  const names = Object.keys(columns).join(', ')
  const types = Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ')
  await sql(
    `INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS r (${types})`,
    [JSON.stringify(rows)],
  )
}
