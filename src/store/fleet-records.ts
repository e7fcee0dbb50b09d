import { isDeepStrictEqual } from 'node:util'
import type { Booking, Catalogue } from '../domain/catalogue.ts'
import type { Company } from '../domain/company.ts'
import type { CompanyTerms } from '../domain/company-terms.ts'
import type { FleetContents, StoredFleet } from './store.ts'

/*
 * The catalogue as the rows of its tables, shared by both adapters: PostgreSQL writes them as
 * typed records, SQLite turns JSON into text and booleans into 1 and 0. An import compares the
 * stored rows with the new ones by key, so that ids stay as the file gives them and rows that
 * bookings do not hold can be updated or removed in place.
 */

export type ColumnType =
  | 'integer'
  | 'bigint'
  | 'text'
  | 'boolean'
  | 'jsonb'
  | 'date'
  | 'double precision'

export type TableRecords = {
  table: string
  /** The columns that identify a row: what an update keeps. */
  key: string[]
  columns: Record<string, ColumnType>
  rows: Record<string, unknown>[]
}

/**
 * What turns an INSERT of the table's rows into an upsert by key, in the syntax SQLite and
 * PostgreSQL share: every other column takes the new row's value.
 */
export function upsertByKey(table: TableRecords): string {
  const updates = Object.keys(table.columns)
    .filter((name) => !table.key.includes(name))
    .map((name) => `${name} = excluded.${name}`)
    .join(', ')
  return ` ON CONFLICT (${table.key.join(', ')}) DO UPDATE SET ${updates}`
}

/** The catalogue's tables, parents before children, so inserting in this order breaks no foreign key. */
export function catalogueRecords(catalogue: Catalogue): TableRecords[] {
  return [
    {
      table: 'depots',
      key: ['id'],
      columns: {
        id: 'integer',
        name: 'text',
        active: 'boolean',
        opening_hours: 'text',
        pickup_times: 'jsonb',
        drop_off_times: 'jsonb',
        annual_closures: 'jsonb',
        closures: 'jsonb',
        weekly_closures: 'jsonb',
        address: 'text',
        latitude: 'double precision',
        longitude: 'double precision',
        phone: 'text',
        directions: 'text',
        email: 'text',
        after_hours: 'jsonb',
      },
      rows: catalogue.depots.map((d) => ({
        id: d.id,
        name: d.name,
        active: d.active,
        opening_hours: d.openingHoursDescription,
        pickup_times: d.pickupTimes,
        drop_off_times: d.dropOffTimes,
        annual_closures: d.annualClosures,
        closures: d.closures,
        weekly_closures: d.weeklyClosures,
        address: d.address,
        latitude: d.latitude,
        longitude: d.longitude,
        phone: d.phone,
        directions: d.directions,
        email: d.email,
        after_hours: d.afterHours,
      })),
    },
    {
      table: 'vehicles',
      key: ['id'],
      columns: {
        id: 'integer',
        name: 'text',
        vehicle_class: 'text',
        image: 'text',
        minimum_days: 'jsonb',
        daily_rates_cents: 'jsonb',
        facts: 'jsonb',
      },
      rows: catalogue.vehicles.map((v) => ({
        id: v.id,
        name: v.name,
        vehicle_class: v.vehicleClass,
        image: v.image,
        minimum_days: v.minimumDays,
        daily_rates_cents: v.dailyRates,
        facts: v.facts,
      })),
    },
    {
      table: 'seasons',
      key: ['id'],
      columns: { id: 'text', position: 'integer', name: 'text', periods: 'jsonb' },
      rows: catalogue.seasons.map((s, position) => ({
        id: s.id,
        position,
        name: s.name,
        periods: s.periods,
      })),
    },
    {
      table: 'rate_bands',
      key: ['position'],
      columns: { position: 'integer', min_days: 'integer', max_days: 'integer' },
      rows: catalogue.rateBands.map((b, position) => ({
        position,
        min_days: b.minDays,
        max_days: b.maxDays,
      })),
    },
    {
      table: 'accessories',
      key: ['id'],
      columns: {
        id: 'integer',
        name: 'text',
        price_cents: 'bigint',
        per: 'text',
        max_charge_cents: 'bigint',
        max_quantity: 'integer',
        vehicle_classes: 'jsonb',
        months: 'jsonb',
      },
      rows: catalogue.accessories.map((a) => ({
        id: a.id,
        name: a.name,
        price_cents: a.price,
        per: a.per,
        max_charge_cents: a.maxCharge,
        max_quantity: a.maxQuantity,
        vehicle_classes: a.vehicleClasses,
        months: a.months,
      })),
    },
    {
      table: 'insurance_plans',
      key: ['id'],
      columns: {
        id: 'integer',
        name: 'text',
        description: 'text',
        price_cents: 'bigint',
        per: 'text',
        max_charge_cents: 'bigint',
        excess_cents: 'bigint',
        bond_cents: 'bigint',
        vehicle_classes: 'jsonb',
      },
      rows: catalogue.insurancePlans.map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        price_cents: p.price,
        per: p.per,
        max_charge_cents: p.maxCharge,
        excess_cents: p.excess,
        bond_cents: p.bond,
        vehicle_classes: p.vehicleClasses,
      })),
    },
    {
      table: 'vehicle_units',
      key: ['vehicle_id', 'depot_id'],
      columns: { vehicle_id: 'integer', depot_id: 'integer', units: 'integer' },
      rows: catalogue.vehicles.flatMap((v) =>
        Object.entries(v.unitsByDepot).map(([depotId, units]) => ({
          vehicle_id: v.id,
          depot_id: Number(depotId),
          units,
        })),
      ),
    },
    {
      table: 'routes',
      key: ['from_depot_id', 'to_depot_id'],
      columns: { from_depot_id: 'integer', to_depot_id: 'integer', fee_cents: 'bigint' },
      rows: catalogue.routes.map((r) => ({
        from_depot_id: r.fromDepotId,
        to_depot_id: r.toDepotId,
        fee_cents: r.fee,
      })),
    },
  ]
}

/** What one table needs to go from the stored rows to the new ones. */
export type TableChanges = TableRecords & {
  /** Rows added or different from the stored row of the same key. */
  upserts: Record<string, unknown>[]
  /** Keys of the stored rows the new catalogue does not have. */
  deletes: Record<string, unknown>[]
}

/**
 * Per table, parents first, the rows to write and the keys to delete. Children's deletes must run
 * before their parents', so adapters delete in reverse order and write in this order.
 */
export function catalogueChanges(stored: Catalogue, next: Catalogue): TableChanges[] {
  const before = catalogueRecords(stored)
  return catalogueRecords(next).map((table, i) => {
    const keyOf = (row: Record<string, unknown>) => JSON.stringify(table.key.map((k) => row[k]))
    const old = new Map((before[i]?.rows ?? []).map((row) => [keyOf(row), row]))
    const kept = new Set(table.rows.map(keyOf))
    return {
      ...table,
      // Compared deeply: PostgreSQL hands JSON objects back with their keys in its own order.
      upserts: table.rows.filter((row) => !isDeepStrictEqual(old.get(keyOf(row)), row)),
      deletes: [...old.entries()]
        .filter(([key]) => !kept.has(key))
        .map(([, row]) => Object.fromEntries(table.key.map((k) => [k, row[k]]))),
    }
  })
}

/** What an import writes: the catalogue's changes and the bookings not stored yet. */
export type ImportWrites = {
  changes: TableChanges[]
  company: Company
  terms: CompanyTerms
  bookings: Booking[]
}

/**
 * What an import of `next` over the stored fleet writes, or undefined when it would write
 * nothing (the same catalogue and no new booking reference): both adapters then leave the fleet
 * version alone.
 */
export function importWrites(stored: StoredFleet, next: FleetContents): ImportWrites | undefined {
  const changes = catalogueChanges(stored.catalogue, next.catalogue)
  const known = new Set(stored.bookings.map((b) => b.reference))
  const bookings = next.bookings.filter((b) => !known.has(b.reference))
  const catalogueSame =
    isDeepStrictEqual(stored.catalogue.company, next.catalogue.company) &&
    isDeepStrictEqual(stored.catalogue.terms, next.catalogue.terms) &&
    changes.every((t) => t.upserts.length === 0 && t.deletes.length === 0)
  if (catalogueSame && bookings.length === 0) return undefined
  return { changes, company: next.catalogue.company, terms: next.catalogue.terms, bookings }
}
