import type { DatabaseSync, StatementSync } from 'node:sqlite'
import { StoreUnavailableError } from '../../domain/errors.ts'
import type { Quote } from '../../domain/quote.ts'
import { agentQuoteCounts, expiredQuotesCutoff } from '../quote-sweep.ts'
import { TurnBatches } from '../turn-batches.ts'

/**
 * Writes quotes in groups (TurnBatches): the quotes asked for in one turn of the event loop are
 * inserted in one transaction at the end of it, and each save resolves once its group is written.
 * Under load one commit then serves many quotes; alone, a quote waits for nothing but its own turn.
 *
 * A quote is written with normal sync: it reaches the operating system before it is answered, so
 * it survives the process crashing, but a power cut may lose the last ones (their checkout links
 * then price anew). Bookings keep full sync.
 */
export class QuoteWriter {
  private readonly db: DatabaseSync
  private readonly statement: (sql: string) => StatementSync
  private readonly batches = new TurnBatches<Quote>((quotes) => this.write(quotes))
  private saved = 0

  constructor(db: DatabaseSync, statement: (sql: string) => StatementSync) {
    this.db = db
    this.statement = statement
  }

  save(quote: Quote): Promise<void> {
    return this.batches.add(quote)
  }

  /**
   * Writes the waiting quotes now, and settles their saves: also called before the database
   * closes. A failure rejects those saves with a StoreUnavailableError.
   */
  flush(): void {
    void this.batches.flush()
  }

  private write(quotes: Quote[]): void {
    try {
      this.insert(quotes)
    } catch (error) {
      throw new StoreUnavailableError(error)
    }
  }

  private insert(quotes: Quote[]): void {
    // Synchronous calls cannot interleave, so only this transaction runs with normal sync.
    this.statement('PRAGMA synchronous = NORMAL').run()
    try {
      this.statement('BEGIN IMMEDIATE').run()
      try {
        const insert = this.statement(
          'INSERT INTO quotes (id, created_at, expires_at, quote) VALUES (?, ?, ?, ?)',
        )
        for (const quote of quotes) {
          insert.run(quote.id, quote.createdAt, quote.expiresAt, JSON.stringify(quote))
        }
        for (const [agentRef, month, count] of agentQuoteCounts(quotes)) {
          this.statement(
            `INSERT INTO agent_quotes (agent_ref, month, quotes) VALUES (?, ?, ?)
             ON CONFLICT (agent_ref, month) DO UPDATE SET quotes = quotes + excluded.quotes`,
          ).run(agentRef, month, count)
        }
        const cutoff = expiredQuotesCutoff(this.saved, quotes)
        if (cutoff) this.statement('DELETE FROM quotes WHERE expires_at < ?').run(cutoff)
        this.statement('COMMIT').run()
        this.saved += quotes.length
      } catch (error) {
        if (this.db.isTransaction) this.statement('ROLLBACK').run()
        throw error
      }
    } finally {
      this.statement('PRAGMA synchronous = FULL').run()
    }
  }
}
