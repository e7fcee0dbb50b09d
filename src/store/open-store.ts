import { join } from 'node:path'
import type { Config } from '../config.ts'
import { StoreUnavailableError } from '../domain/errors.ts'
import { openFailureMessage } from './sqlite/open-failure.ts'
import type { Store } from './store.ts'

/** The embedded database's file in DATA_DIR. */
export const DATABASE_FILE = 'rental.db'

/**
 * The store the configuration names, opened as it is (nothing loaded into it): PostgreSQL with
 * DATABASE_URL, else the embedded SQLite in DATA_DIR. Each adapter is imported only when used,
 * so a command on SQLite does not load the PostgreSQL driver.
 */
export async function openStore(
  config: Config,
  databaseFile?: string,
  options: {
    checkpointInBackground?: boolean
    /** The embedded database must be writable (the service): a read-only file stops start-up. */
    mustWrite?: boolean
    /** PostgreSQL keeps booked days in memory (the embedded store always does). */
    bookedDaysInMemory?: boolean
    /** PostgreSQL: only a database the service made its tables in (DatabaseNotMadeError). */
    existingOnly?: boolean
    log?: { warn(message: string): void; info(message: string): void }
  } = {},
): Promise<Store> {
  if (config.databaseUrl) {
    const { PostgresStore } = await import('./postgres/postgres-store.ts')
    return PostgresStore.open(config.databaseUrl, {
      ...(options.bookedDaysInMemory ? { bookedDaysInMemory: true } : {}),
      ...(options.existingOnly ? { existingOnly: true } : {}),
      ...(options.log ? { log: options.log } : {}),
    })
  }
  const { SqliteStore } = await import('./sqlite/sqlite-store.ts')
  try {
    return SqliteStore.open(databaseFile ?? join(config.dataDir, DATABASE_FILE), {
      ...(options.checkpointInBackground ? { checkpointInBackground: true } : {}),
      ...(options.mustWrite ? { mustWrite: true } : {}),
    })
  } catch (error) {
    // A cause the operator can fix is said naming DATA_DIR, as PostgreSQL's name DATABASE_URL;
    // any other failure goes on as it is.
    const message = openFailureMessage(error, config.dataDir)
    throw message === undefined ? error : new StoreUnavailableError(error, message)
  }
}
