import { DatabaseError, type Pool, type QueryConfig, type QueryResultRow } from 'pg'
import { QUERY_TIMEOUT_MS, START_UP_TIMEOUT_MS } from './connect-pool.ts'

export type Row = Record<string, unknown>

/** Runs one statement on the transaction's connection. */
export type Sql = <R extends QueryResultRow = Row>(text: string, values?: unknown[]) => Promise<R[]>

export type TransactionOptions<T> = {
  /** `BEGIN` with its isolation level; READ COMMITTED unless told. */
  begin?: string
  /** Start-up work may take long and wait for other instances' locks; requests may not. */
  startUp?: boolean
  /** Called with the work's result; false rolls back and still returns the result. */
  commitIf?: (result: T) => boolean
}

/**
 * Runs `work` in one transaction on one pooled connection: commits when it returns, rolls back
 * when it throws (and rethrows) or when `commitIf` says no.
 */
export async function inTransaction<T>(
  pool: Pool,
  work: (sql: Sql) => Promise<T>,
  options: TransactionOptions<T> = {},
): Promise<T> {
  const client = await pool.connect()
  // A checked-out client has no pool listener: a connection lost mid-transaction would emit an
  // unheard 'error' and end the process. The failing query reports the loss; this only listens.
  let lost = false
  const onError = () => {
    lost = true
  }
  client.on('error', onError)
  const queryTimeout = options.startUp ? START_UP_TIMEOUT_MS : QUERY_TIMEOUT_MS
  const sql: Sql = async <R extends QueryResultRow>(text: string, values?: unknown[]) => {
    const query: QueryConfig & { query_timeout: number } = {
      text,
      values,
      query_timeout: queryTimeout,
    }
    return (await client.query<R>(query)).rows
  }
  let released = false
  const release = (destroy: boolean) => {
    if (released) return
    released = true
    client.off('error', onError)
    client.release(destroy)
  }
  try {
    await sql(options.begin ?? 'BEGIN')
    if (options.startUp) {
      await sql(`SET LOCAL statement_timeout = ${START_UP_TIMEOUT_MS}`)
      await sql(`SET LOCAL idle_in_transaction_session_timeout = ${START_UP_TIMEOUT_MS}`)
    }
    const result = await work(sql)
    const commit = options.commitIf ? options.commitIf(result) : true
    await sql(commit ? 'COMMIT' : 'ROLLBACK')
    release(false)
    return result
  } catch (error) {
    // Only a connection whose server answered (an SQL error) is worth a ROLLBACK. After a timeout
    // or a lost connection a ROLLBACK would only wait again, so the connection is destroyed
    // instead, as it is after an error thrown by the work itself: the server rolls back when it
    // closes, and the pool opens a fresh one next time.
    if (!lost && error instanceof DatabaseError) {
      try {
        await sql('ROLLBACK')
      } catch {
        release(true)
      }
    }
    release(!(error instanceof DatabaseError) || lost)
    throw error
  }
}
