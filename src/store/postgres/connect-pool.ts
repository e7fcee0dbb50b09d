import { type CustomTypesConfig, Pool, types } from 'pg'

/** Waiting for a connection, new or pooled, gives up after this long. */
export const CONNECT_TIMEOUT_MS = 1000
/**
 * A request's statement is cancelled by the server after STATEMENT_TIMEOUT_MS; the client stops
 * waiting a little later, for the case where the server is frozen and cannot even cancel. With the
 * connect timeout, a request waits about 2 s at most when PostgreSQL is down or stuck.
 */
export const STATEMENT_TIMEOUT_MS = 1000
export const QUERY_TIMEOUT_MS = 1500
/**
 * A transaction left open (a client that vanished mid-way) would hold its row locks, and so block
 * every booking of the same days, until TCP noticed; the server ends it after this idle time.
 */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 5000
/** Start-up work (migrations, loading a fleet) may wait for another instance's lock this long. */
export const START_UP_TIMEOUT_MS = 60_000

export type PoolOptions = {
  /** Connections this instance may hold; PostgreSQL's own limit is shared by every instance. */
  maxConnections?: number
  /** Shown in pg_stat_activity, so an operator sees which service holds a connection. */
  applicationName?: string
  /** Told about connections lost while idle; the pool has already dropped them. */
  onIdleError?: (error: Error) => void
}

/**
 * Counts and cents come back as numbers: `bigint` (sums, counts, cent columns) would otherwise
 * arrive as strings. Cents stay far below 2^53, where a double is still exact. Dates stay
 * `YYYY-MM-DD` strings, as the domain keeps them, instead of becoming midnight in the local zone.
 */
export const typeParsers: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === types.builtins.INT8) return (text: string) => Number.parseInt(text, 10)
    if (oid === types.builtins.DATE) return (text: string) => text
    return types.getTypeParser(oid, format)
  }) as CustomTypesConfig['getTypeParser'],
}

/** A pool that fails fast while PostgreSQL is down and reconnects by itself once it is back. */
export function connectPool(databaseUrl: string, options: PoolOptions = {}): Pool {
  const pool = new Pool({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    application_name: options.applicationName ?? 'vehicle-rental-agent-api',
    // Notices a peer that vanished without closing the connection (a host gone, a cable cut).
    keepAlive: true,
    types: typeParsers,
  })
  // An idle client whose server goes away emits 'error' on the pool; unheard, that event would
  // end the process. The pool has already discarded the client and opens a new one when asked.
  pool.on('error', (error) => options.onIdleError?.(error))
  return pool
}
