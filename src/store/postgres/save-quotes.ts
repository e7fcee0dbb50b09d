import type { Quote } from '../../domain/quote.ts'
import { agentQuoteCounts } from '../quote-sweep.ts'

/**
 * Quotes written in one statement at most; a larger group is written as several. Each count of
 * rows is its own prepared statement on each connection, so this bounds how many there are.
 */
export const QUOTES_PER_STATEMENT = 25

/** One statement that saves some quotes: its prepared name, text and values. */
export type SaveQuotes = { name: string; text: string; values: unknown[] }

/**
 * The statements that save a group of quotes, each quote a row of parameters (its id, times and
 * JSON as text), at most QUOTES_PER_STATEMENT a statement.
 *
 * Each is committed asynchronously: the server answers before its log reaches the disk, as the
 * embedded store's quotes are written (README "Durability"). A quote survives the service failing,
 * but a crash of the database server itself may lose the last moments of quotes (three times
 * `wal_writer_delay`, 0.6 s by default); a checkout link to a lost quote prices the rental anew,
 * as for an expired one. Waiting for the disk on every quote held a quote's answer for a flush
 * and kept PostgreSQL's cores busy. `set_config(..., true)` changes the setting for the
 * statement's own transaction only, so the connection's next transaction, a booking say, commits
 * as the server is set to. (It is joined in, not a WITH of its own: PostgreSQL does not run a
 * WITH query that nothing reads.)
 *
 * The quotes that came with an agent reference are counted by reference and month of issue in
 * `agent_quotes`, in the same statement (a data-modifying WITH: one transaction); the others need
 * not pay for it.
 *
 * Why rows of text: the quote is stored as the JSON text it was written as, which the server
 * copies, rather than as jsonb, which it parses and rebuilds. Measured on PostgreSQL 15, 14
 * quotes a statement: sent as one JSON array and split by the server into jsonb rows, about 24 µs
 * of the server's CPU time a quote; as rows of text, about 13.
 */
export function saveQuotesStatements(quotes: readonly Quote[]): SaveQuotes[] {
  const statements: SaveQuotes[] = []
  for (let start = 0; start < quotes.length; start += QUOTES_PER_STATEMENT) {
    statements.push(saveQuotesStatement(quotes.slice(start, start + QUOTES_PER_STATEMENT)))
  }
  return statements
}

function saveQuotesStatement(quotes: readonly Quote[]): SaveQuotes {
  const values: unknown[] = []
  const rows: string[] = []
  for (const quote of quotes) {
    const at = values.length
    rows.push(`($${at + 1}, $${at + 2}::timestamptz, $${at + 3}::timestamptz, $${at + 4})`)
    values.push(quote.id, quote.createdAt, quote.expiresAt, JSON.stringify(quote))
  }
  const insert = `INSERT INTO quotes (id, created_at, expires_at, quote)
  SELECT saved.* FROM (VALUES ${rows.join(', ')}) AS saved (id, created_at, expires_at, quote)
  CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit`
  const counts = agentQuoteCounts(quotes)
  if (counts.length === 0) {
    return { name: `save-quotes-${quotes.length}`, text: insert, values }
  }
  const at = values.length
  values.push(
    counts.map(([agentRef]) => agentRef),
    counts.map(([, month]) => month),
    counts.map(([, , count]) => count),
  )
  return {
    name: `save-agent-quotes-${quotes.length}`,
    text: `WITH stored AS (${insert})
  INSERT INTO agent_quotes (agent_ref, month, quotes)
  SELECT * FROM unnest($${at + 1}::text[], $${at + 2}::text[], $${at + 3}::integer[])
  ON CONFLICT (agent_ref, month) DO UPDATE SET quotes = agent_quotes.quotes + excluded.quotes`,
    values,
  }
}
