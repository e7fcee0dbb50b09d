import {
  type AfterHours,
  type Catalogue,
  type Depot,
  NO_AFTER_HOURS,
  type PriceUnit,
  type Season,
  type VehicleFacts,
} from '../domain/catalogue.ts'
import { type Company, companyNamed } from '../domain/company.ts'
import { type CompanyTerms, defaultCompanyTerms } from '../domain/company-terms.ts'

/*
 * What the SQLite and PostgreSQL adapters share about the catalogue's tables: their names, the
 * queries that read them back (plain SQL both accept) and the mapping from rows to the catalogue.
 * They differ only in how a JSON column arrives: text in SQLite, parsed in PostgreSQL.
 */

/** The fleet's tables, children first, so deleting in this order breaks no foreign key. */
export const FLEET_TABLES_CHILDREN_FIRST = [
  'booked_days',
  'bookings',
  'vehicle_units',
  'routes',
  'vehicles',
  'depots',
  'seasons',
  'rate_bands',
  'accessories',
  'insurance_plans',
] as const

/** Each query orders its rows, so both adapters return the same catalogue. */
export const CATALOGUE_QUERIES = {
  meta: 'SELECT company_name, company, terms FROM fleet_meta',
  units: 'SELECT vehicle_id, depot_id, units FROM vehicle_units',
  depots: 'SELECT * FROM depots ORDER BY id',
  vehicles: 'SELECT * FROM vehicles ORDER BY id',
  seasons: 'SELECT * FROM seasons ORDER BY position',
  rateBands: 'SELECT * FROM rate_bands ORDER BY position',
  routes: 'SELECT * FROM routes ORDER BY from_depot_id, to_depot_id',
  accessories: 'SELECT * FROM accessories ORDER BY id',
  plans: 'SELECT * FROM insurance_plans ORDER BY id',
} as const

export type Row = Record<string, unknown>
export type CatalogueRows = Record<keyof typeof CATALOGUE_QUERIES, Row[]>

/** The catalogue from its rows; `json` turns a JSON column's value into its data (null stays null). */
export function catalogueFromRows(
  rows: CatalogueRows,
  json: (value: unknown) => unknown,
): Catalogue {
  return {
    company: companyFromRow(rows.meta[0], json),
    terms: termsFromRow(rows.meta[0], json),
    depots: rows.depots.map((r) => ({
      id: r.id as number,
      name: r.name as string,
      // SQLite has no boolean: 1 and 0.
      active: Boolean(r.active),
      openingHoursDescription: r.opening_hours as string,
      pickupTimes: json(r.pickup_times) as Depot['pickupTimes'],
      dropOffTimes: json(r.drop_off_times) as Depot['dropOffTimes'],
      annualClosures: ranges(json(r.annual_closures)) as Depot['annualClosures'],
      closures: ranges(json(r.closures)) as Depot['closures'],
      // Null in a database from before weekly closures: none.
      weeklyClosures: (json(r.weekly_closures) ?? []) as Depot['weeklyClosures'],
      address: (r.address as string | null) ?? null,
      latitude: (r.latitude as number | null) ?? null,
      longitude: (r.longitude as number | null) ?? null,
      phone: (r.phone as string | null) ?? null,
      directions: (r.directions as string | null) ?? null,
      email: (r.email as string | null) ?? null,
      afterHours: (json(r.after_hours) ?? NO_AFTER_HOURS) as AfterHours,
    })),
    vehicles: rows.vehicles.map((r) => ({
      id: r.id as number,
      name: r.name as string,
      vehicleClass: r.vehicle_class as string,
      image: r.image as string,
      unitsByDepot: Object.fromEntries(
        rows.units
          .filter((u) => u.vehicle_id === r.id)
          .map((u) => [u.depot_id as number, u.units as number]),
      ),
      minimumDays: json(r.minimum_days) as Record<string, number>,
      dailyRates: json(r.daily_rates_cents) as Record<string, number[]>,
      facts: (json(r.facts) ?? {}) as VehicleFacts,
    })),
    seasons: rows.seasons.map((r) => ({
      id: r.id as string,
      name: r.name as string,
      periods: json(r.periods) as Season['periods'],
    })),
    rateBands: rows.rateBands.map((r) => ({
      minDays: r.min_days as number,
      maxDays: r.max_days as number | null,
    })),
    routes: rows.routes.map((r) => ({
      fromDepotId: r.from_depot_id as number,
      toDepotId: r.to_depot_id as number,
      fee: r.fee_cents as number,
    })),
    accessories: rows.accessories.map((r) => ({
      id: r.id as number,
      name: r.name as string,
      price: r.price_cents as number,
      per: r.per as PriceUnit,
      maxCharge: r.max_charge_cents as number | null,
      maxQuantity: r.max_quantity as number,
      vehicleClasses: json(r.vehicle_classes) as string[] | null,
      months: json(r.months) as number[] | null,
    })),
    insurancePlans: rows.plans.map((r) => ({
      id: r.id as number,
      name: r.name as string,
      description: r.description as string,
      price: r.price_cents as number,
      per: r.per as PriceUnit,
      maxCharge: r.max_charge_cents as number | null,
      excess: r.excess_cents as number,
      bond: (r.bond_cents as number | null) ?? null,
      vehicleClasses: json(r.vehicle_classes) as string[] | null,
    })),
  }
}

/**
 * The company as stored with the fleet. A database loaded before the company's details were kept
 * has its name only (and one loaded before that, none: an empty name until the next import).
 */
function companyFromRow(row: Row | undefined, json: (value: unknown) => unknown): Company {
  const stored = row ? (json(row.company) as Company | null) : null
  // A company stored by an earlier version lacks the fields added since: they take their defaults.
  if (stored) return { ...companyNamed(stored.name), ...stored }
  return companyNamed((row?.company_name as string | undefined) ?? '')
}

/** The terms as stored; a fleet loaded before they were kept has the defaults until its next import. */
function termsFromRow(row: Row | undefined, json: (value: unknown) => unknown): CompanyTerms {
  const stored = row ? (json(row.terms) as CompanyTerms | null) : null
  return { ...defaultCompanyTerms(), ...stored }
}

/** Closures as ranges; a database written before ranges holds single days (`"12-25"`). */
function ranges(value: unknown): { from: string; to: string }[] {
  return ((value ?? []) as (string | { from: string; to: string })[]).map((item) =>
    typeof item === 'string' ? { from: item, to: item } : item,
  )
}
