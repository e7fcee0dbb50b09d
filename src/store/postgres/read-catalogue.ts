import type { Catalogue } from '../../domain/catalogue.ts'
import { CATALOGUE_QUERIES, type CatalogueRows, catalogueFromRows } from '../catalogue-rows.ts'
import type { Sql } from './transaction.ts'

/**
 * Reads the catalogue back as it was written. `jsonb` columns arrive parsed and `bigint` cents as
 * numbers (see connect-pool.ts).
 */
export async function readCatalogue(sql: Sql): Promise<Catalogue> {
  const rows = {} as CatalogueRows
  for (const [name, query] of Object.entries(CATALOGUE_QUERIES)) {
    rows[name as keyof CatalogueRows] = await sql(query)
  }
  return catalogueFromRows(rows, (value) => value)
}
