import type { Booking, Catalogue } from '../../domain/catalogue.ts'
import type { Company } from '../../domain/company.ts'
import type { CompanyTerms } from '../../domain/company-terms.ts'
import { FLEET_TABLES_CHILDREN_FIRST } from '../catalogue-rows.ts'
import {
  catalogueRecords,
  type TableChanges,
  type TableRecords,
  upsertByKey,
} from '../fleet-records.ts'
import { insertBookings } from './insert-bookings.ts'
import type { Sql } from './transaction.ts'

/**
 * Replaces everything the fleet file holds, inside the caller's transaction. DELETE rather than
 * TRUNCATE: requests keep reading the old fleet until the new one commits instead of waiting on
 * an exclusive lock.
 */
export async function writeFleet(sql: Sql, catalogue: Catalogue, bookings: Booking[]) {
  for (const table of FLEET_TABLES_CHILDREN_FIRST) await sql(`DELETE FROM ${table}`)
  for (const table of catalogueRecords(catalogue)) await insertRecords(sql, table, table.rows)
  await insertBookings(sql, bookings)
  await bumpFleetVersion(sql, catalogue.company, catalogue.terms)
}

/**
 * Brings the stored catalogue to the new one in place, inside the caller's transaction: removed
 * rows deleted (children first), new and changed rows upserted by key (parents first). A changed
 * stock cascades to `booked_days.units_stocked`, whose CHECK still refuses an oversold day.
 */
export async function updateCatalogue(
  sql: Sql,
  changes: TableChanges[],
  company: Company,
  terms: CompanyTerms,
) {
  // Days whose last booking was cancelled hold no unit; they must not keep a stock row alive.
  await sql('DELETE FROM booked_days WHERE units_booked = 0')
  for (const table of [...changes].reverse()) {
    if (table.deletes.length === 0) continue
    const keys = table.key.join(', ')
    const types = table.key.map((k) => `${k} ${table.columns[k]}`).join(', ')
    await sql(
      `DELETE FROM ${table.table} WHERE (${keys}) IN
         (SELECT ${keys} FROM jsonb_to_recordset($1::jsonb) AS r (${types}))`,
      [JSON.stringify(table.deletes)],
    )
  }
  for (const table of changes) await insertRecords(sql, table, table.upserts, { upsert: true })
  await bumpFleetVersion(sql, company, terms)
}

/** Records the company and its terms, and moves the version that running instances poll. */
async function bumpFleetVersion(sql: Sql, company: Company, terms: CompanyTerms): Promise<void> {
  await sql(
    `INSERT INTO fleet_meta (id, company_name, company, terms, version)
     VALUES (1, $1, $2::jsonb, $3::jsonb, 1)
     ON CONFLICT (id) DO UPDATE SET company_name = excluded.company_name,
       company = excluded.company, terms = excluded.terms, version = fleet_meta.version + 1`,
    [company.name, JSON.stringify(company), JSON.stringify(terms)],
  )
}

/**
 * Inserts (or with `upsert`, inserts or updates by key) rows of a table in one statement,
 * however many there are: the rows travel as one JSON parameter that `jsonb_to_recordset` turns
 * back into typed columns. Table and column names are constants of fleet-records.ts, never input.
 */
async function insertRecords(
  sql: Sql,
  table: TableRecords,
  rows: Record<string, unknown>[],
  options: { upsert?: boolean } = {},
): Promise<void> {
  if (rows.length === 0) return
  const columns = Object.keys(table.columns)
  const names = columns.join(', ')
  const types = Object.entries(table.columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ')
  const onConflict = options.upsert ? upsertByKey(table) : ''
  await sql(
    `INSERT INTO ${table.table} (${names})
     SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS r (${types})${onConflict}`,
    [JSON.stringify(rows)],
  )
}
