import type { Pool } from 'pg'
import { MIGRATION_LOCK } from './advisory-locks.ts'
import { MIGRATIONS } from './migrations.ts'
import { inTransaction } from './transaction.ts'

/**
 * Brings the schema up to date in one transaction. The advisory lock comes first, even before
 * `schema_migrations` exists: instances starting together on an empty database would otherwise
 * race on `CREATE TABLE` and fail. The others wait, then find nothing left to do.
 */
export async function migrate(pool: Pool): Promise<void> {
  await inTransaction(
    pool,
    async (sql) => {
      await sql(`SELECT ${MIGRATION_LOCK}`)
      await sql(`
        CREATE TABLE IF NOT EXISTS schema_migrations (
          version integer PRIMARY KEY,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`)
      const [row] = await sql<{ version: number }>(
        'SELECT coalesce(max(version), 0)::integer AS version FROM schema_migrations',
      )
      for (let next = row?.version ?? 0; next < MIGRATIONS.length; next++) {
        await sql(MIGRATIONS[next] as string)
        await sql('INSERT INTO schema_migrations (version) VALUES ($1)', [next + 1])
      }
    },
    { startUp: true },
  )
}
