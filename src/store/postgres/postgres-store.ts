import type { Pool } from 'pg'
import type { BookingRecord, Cancellation, NewBooking } from '../../domain/booking.ts'
import type { Booking, Catalogue } from '../../domain/catalogue.ts'
import { StoreUnavailableError } from '../../domain/errors.ts'
import { type Quote, storedQuote } from '../../domain/quote.ts'
import type { OutboxMessage } from '../../notifications/outbox-message.ts'
import type { MaybeAsync } from '../maybe-async.ts'
import { expiredQuotesCutoff } from '../quote-sweep.ts'
import {
  type AgentQuoteCount,
  type BookedUnitsQuery,
  type BookingFilter,
  type BookingKey,
  type CancelOutcome,
  type ClaimedMessage,
  type CreateOutcome,
  DatabaseNotMadeError,
  type DeliveryOutcome,
  type FleetContents,
  type HeldUnits,
  type ImportDecision,
  type OutboxEntry,
  type Store,
  type StoredFleet,
} from '../store.ts'
import { TurnBatches } from '../turn-batches.ts'
import { FLEET_LOCK } from './advisory-locks.ts'
import { bookOneUnit } from './book-one-unit.ts'
import { BookedDaysMirror, type MirrorLog } from './booked-days-mirror.ts'
import { connectFailureMessage } from './connect-failure.ts'
import { connectPool, type PoolOptions } from './connect-pool.ts'
import { migrate } from './migrate.ts'
import * as operator from './operator-writes.ts'
import * as outbox from './outbox-writes.ts'
import { readCatalogue } from './read-catalogue.ts'
import { saveQuotesStatements } from './save-quotes.ts'
import { inTransaction, type Row, type Sql } from './transaction.ts'
import { writeFleet } from './write-fleet.ts'

/**
 * How long a write that changed booked days waits for its change to reach this instance's copy in
 * memory before it is answered (see BookedDaysMirror.caughtUp); about a millisecond when all is
 * well. Past it, the write is answered anyway: it is committed.
 */
const CAUGHT_UP_TIMEOUT_MS = 1000

export type PostgresStoreOptions = PoolOptions & {
  /**
   * Keeps booked days in memory, current through LISTEN/NOTIFY (BookedDaysMirror): for the
   * service, which answers availability. The operator's commands read the table.
   */
  bookedDaysInMemory?: boolean
  log?: MirrorLog
  /** Opens only a database the service has made its tables in (DatabaseNotMadeError otherwise). */
  existingOnly?: boolean
}

/**
 * The shared store for several instances: one PostgreSQL database through a `pg` pool. Every
 * failure of the driver or the server becomes a StoreUnavailableError; the pool reconnects by
 * itself when the database comes back, so no restart is needed.
 */
export class PostgresStore implements Store {
  private readonly pool: Pool
  private quotesSaved = 0
  private readonly quotes = new TurnBatches<Quote>((quotes) => this.writeQuotes(quotes))
  /** The copy of booked_days in memory, when opened with `bookedDaysInMemory`. */
  readonly bookedDays: BookedDaysMirror | undefined

  private constructor(pool: Pool, bookedDays: BookedDaysMirror | undefined) {
    this.pool = pool
    this.bookedDays = bookedDays
  }

  /**
   * Connects and brings the schema up to date; instances opening together migrate once. Throws a
   * StoreUnavailableError when the database cannot be reached.
   */
  static async open(
    databaseUrl: string,
    options: PostgresStoreOptions = {},
  ): Promise<PostgresStore> {
    const pool = connectPool(databaseUrl, options)
    try {
      // An operator's read of the bookings on a database the service never started on (the
      // wrong DATABASE_URL): refused before a table is made there.
      if (options.existingOnly) {
        const { rows } = await pool.query<{ made: boolean }>(
          "SELECT to_regclass('schema_migrations') IS NOT NULL AS made",
        )
        if (!rows[0]?.made) throw new DatabaseNotMadeError()
      }
      await migrate(pool)
    } catch (error) {
      await pool.end().catch(() => {})
      if (error instanceof DatabaseNotMadeError) throw error
      throw new StoreUnavailableError(error, connectFailureMessage(error, databaseUrl))
    }
    let bookedDays: BookedDaysMirror | undefined
    if (options.bookedDaysInMemory) {
      bookedDays = new BookedDaysMirror(databaseUrl, {
        ...(options.applicationName ? { applicationName: options.applicationName } : {}),
        ...(options.log ? { log: options.log } : {}),
      })
      await bookedDays.start()
    }
    return new PostgresStore(pool, bookedDays)
  }

  /** Calls `listener` as soon as a fleet load or import commits, on any instance. */
  onFleetChange(listener: () => void): void {
    this.bookedDays?.onFleetChange(listener)
  }

  /** The connection pool's state, for the metrics: open, idle and the queries waiting for one. */
  poolState(): { total: number; idle: number; waiting: number; max: number } {
    const pool = this.pool
    return {
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }
  }

  async hasFleet(): Promise<boolean> {
    return this.guard(() => hasFleet((text, values) => this.query(text, values)))
  }

  async replaceFleet(catalogue: Catalogue, bookings: Booking[]): Promise<void> {
    await this.guard(() =>
      inTransaction(
        this.pool,
        async (sql) => {
          await sql(`SELECT ${FLEET_LOCK}`)
          await writeFleet(sql, catalogue, bookings)
        },
        { startUp: true },
      ),
    )
    await this.caughtUp()
  }

  async loadFleetOnce(read: () => Promise<FleetContents>): Promise<boolean> {
    // The reader's own failure (a bad fleet file) is not the store's: it passes through as is.
    let readFailure: { error: unknown } | undefined
    try {
      return await inTransaction(
        this.pool,
        async (sql) => {
          // Instances starting together queue here; the first loads, the rest find it loaded.
          await sql(`SELECT ${FLEET_LOCK}`)
          if (await hasFleet(sql)) return false
          let fleet: FleetContents
          try {
            fleet = await read()
          } catch (error) {
            readFailure = { error }
            throw error
          }
          await writeFleet(sql, fleet.catalogue, fleet.bookings)
          return true
        },
        { startUp: true },
      ).then(async (loaded) => {
        if (loaded) await this.caughtUp()
        return loaded
      })
    } catch (error) {
      if (readFailure) throw readFailure.error
      throw new StoreUnavailableError(error)
    }
  }

  async loadCatalogue(): Promise<Catalogue> {
    // One snapshot, so that a fleet loaded meanwhile is read wholly or not at all.
    return this.guard(() =>
      inTransaction(this.pool, readCatalogue, {
        begin: 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
      }),
    )
  }

  async fleetVersion(): Promise<number> {
    return this.guard(async () => {
      const [row] = await this.query<{ version: number }>('SELECT version FROM fleet_meta')
      return row?.version ?? 0
    })
  }

  async importFleet(
    next: FleetContents,
    review: (stored: StoredFleet) => ImportDecision,
  ): Promise<boolean> {
    return this.afterWrite(
      this.guard(() =>
        inTransaction(this.pool, (sql) => operator.importFleet(sql, next, review), {
          startUp: true,
          commitIf: (written) => written,
        }),
      ),
      (written) => written,
    )
  }

  async listBookings(filter: BookingFilter = {}): Promise<BookingRecord[]> {
    return this.guard(() =>
      inTransaction(this.pool, (sql) => operator.listBookings(sql, filter), { startUp: true }),
    )
  }

  async findBooking(by: BookingKey): Promise<BookingRecord | undefined> {
    return this.guard(() => operator.findBooking((text, values) => this.query(text, values), by))
  }

  async cancelBooking(
    reference: string,
    cancellation: Cancellation,
    notices: (cancelled: BookingRecord) => OutboxMessage[],
  ): Promise<CancelOutcome> {
    return this.afterWrite(
      this.guard(() =>
        inTransaction(this.pool, (sql) =>
          operator.cancelBooking(sql, reference, cancellation, notices),
        ),
      ),
      (result) => result.outcome === 'cancelled',
    )
  }

  async importBookings(
    bookings: BookingRecord[],
    review: (held: HeldUnits) => boolean,
    onProgress?: (written: number) => void,
  ): Promise<boolean> {
    return this.afterWrite(
      this.guard(() =>
        inTransaction(
          this.pool,
          (sql) => operator.importBookings(sql, bookings, review, onProgress),
          { startUp: true, commitIf: (written) => written },
        ),
      ),
      (written) => written,
    )
  }

  /**
   * At once from the copy in memory while it is live (BookedDaysMirror), else from the table: before
   * the copy is loaded, and while its notification connection is lost.
   */
  bookedUnits(query: BookedUnitsQuery): MaybeAsync<Map<number, number>> {
    return this.bookedDays?.bookedUnits(query) ?? this.bookedUnitsFromTable(query)
  }

  /** Store.bookedUnits as the table answers it. */
  async bookedUnitsFromTable(query: BookedUnitsQuery): Promise<Map<number, number>> {
    return this.guard(async () => {
      const rows = await this.prepared<{ vehicle_id: number; booked: number }>(
        'booked-units',
        `SELECT vehicle_id, max(units_booked) AS booked FROM booked_days
         WHERE depot_id = $1 AND vehicle_id = ANY ($2::integer[]) AND day BETWEEN $3 AND $4
         GROUP BY vehicle_id HAVING max(units_booked) > 0`,
        [query.depotId, query.vehicleIds, query.from, query.to],
      )
      return new Map(rows.map((row) => [row.vehicle_id, row.booked]))
    })
  }

  /** As bookedUnits: from the copy in memory while it is live, else from the table. */
  bookedUnitsEachDay(query: BookedUnitsQuery): MaybeAsync<Map<number, number[]>> {
    return this.bookedDays?.bookedUnitsEachDay(query) ?? this.bookedUnitsEachDayFromTable(query)
  }

  /** Store.bookedUnitsEachDay as the table answers it. */
  async bookedUnitsEachDayFromTable(query: BookedUnitsQuery): Promise<Map<number, number[]>> {
    return this.guard(async () => {
      // Days as offsets from `from` (a date minus a date is a whole number of days).
      const rows = await this.prepared<{
        vehicle_id: number
        day_offset: number
        units: number
        days: number
      }>(
        'booked-units-each-day',
        `SELECT vehicle_id, day - $3::date AS day_offset, units_booked AS units, $4::date - $3::date + 1 AS days
         FROM booked_days
         WHERE depot_id = $1 AND vehicle_id = ANY ($2::integer[]) AND day BETWEEN $3 AND $4`,
        [query.depotId, query.vehicleIds, query.from, query.to],
      )
      const booked = new Map<number, number[]>()
      for (const row of rows) {
        let units = booked.get(row.vehicle_id)
        if (!units) {
          units = new Array<number>(row.days).fill(0)
          booked.set(row.vehicle_id, units)
        }
        units[row.day_offset] = row.units
      }
      return booked
    })
  }

  async createBooking(
    booking: NewBooking,
    unitsStocked: number,
    messages: OutboxMessage[],
  ): Promise<CreateOutcome> {
    return this.afterWrite(
      this.guard(() =>
        inTransaction(this.pool, (sql) => bookOneUnit(sql, booking, unitsStocked, messages), {
          commitIf: (result) => result.outcome === 'booked',
        }),
      ),
      (result) => result.outcome === 'booked',
    )
  }

  async saveQuote(quote: Quote): Promise<void> {
    return this.quotes.add(quote)
  }

  /** The quotes asked for in one turn of the event loop, together (see saveQuotesStatements). */
  private async writeQuotes(quotes: Quote[]): Promise<void> {
    await this.guard(async () => {
      for (const { name, text, values } of saveQuotesStatements(quotes)) {
        await this.prepared(name, text, values)
      }
      const cutoff = expiredQuotesCutoff(this.quotesSaved, quotes)
      this.quotesSaved += quotes.length
      if (cutoff) await this.query('DELETE FROM quotes WHERE expires_at < $1', [cutoff])
    })
  }

  async findQuote(id: string): Promise<Quote | undefined> {
    return this.guard(async () => {
      const [row] = await this.prepared<{ quote: string }>(
        'find-quote',
        'SELECT quote FROM quotes WHERE id = $1',
        [id],
      )
      return row ? storedQuote(JSON.parse(row.quote)) : undefined
    })
  }

  async claimMessages(limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
    return this.guard(() =>
      outbox.claimMessages((text, values) => this.query(text, values), limit, leaseMs),
    )
  }

  async settleMessage(id: string, claim: string, outcome: DeliveryOutcome): Promise<boolean> {
    return this.guard(() =>
      outbox.settleMessage((text, values) => this.query(text, values), id, claim, outcome),
    )
  }

  async agentQuoteCounts(): Promise<AgentQuoteCount[]> {
    return this.guard(async () => {
      const rows = await this.query(
        'SELECT agent_ref, month, quotes::integer AS quotes FROM agent_quotes ORDER BY month, agent_ref',
        [],
      )
      return rows.map((row) => ({
        agentRef: row.agent_ref as string,
        month: row.month as string,
        quotes: row.quotes as number,
      }))
    })
  }

  async serviceTimeZone(): Promise<string | null> {
    return this.guard(async () => {
      const [row] = await this.query(
        "SELECT value FROM service_settings WHERE name = 'time_zone'",
        [],
      )
      return (row?.value as string | undefined) ?? null
    })
  }

  async recordServiceTimeZone(timeZone: string): Promise<void> {
    await this.guard(() =>
      this.query(
        `INSERT INTO service_settings (name, value) VALUES ('time_zone', $1)
           ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
        [timeZone],
      ),
    )
  }

  async listOutbox(status?: 'pending' | 'failed'): Promise<OutboxEntry[]> {
    return this.guard(() => outbox.listOutbox((text, values) => this.query(text, values), status))
  }

  async close(): Promise<void> {
    // Quotes waiting for their batch are written first; their saves then settle.
    await this.quotes.flush()
    await this.bookedDays?.close()
    if (!this.pool.ending) await this.pool.end()
  }

  /**
   * Once the write has committed and `changed` says it changed booked days, waits until the copy
   * in memory holds the change, so that the answers after this write's own answer show it.
   */
  private async afterWrite<T>(written: Promise<T>, changed: (result: T) => boolean): Promise<T> {
    const result = await written
    if (changed(result)) await this.caughtUp()
    return result
  }

  private async caughtUp(): Promise<void> {
    await this.bookedDays?.caughtUp(CAUGHT_UP_TIMEOUT_MS)
  }

  /** One statement on any pooled connection; the pool's timeouts apply. */
  private async query<R extends Row = Row>(text: string, values?: unknown[]): Promise<R[]> {
    return (await this.pool.query<R>(text, values)).rows
  }

  /**
   * A statement of the request path, prepared once per connection under its name and then only
   * executed: parsing and planning it anew for every request was about a third of PostgreSQL's CPU
   * time under load, on a machine whose cores the service shares with it.
   */
  private async prepared<R extends Row = Row>(
    name: string,
    text: string,
    values: unknown[],
  ): Promise<R[]> {
    return (await this.pool.query<R>({ name, text, values })).rows
  }

  /** Runs a read or write, turning any driver failure into a StoreUnavailableError. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      throw new StoreUnavailableError(error)
    }
  }
}

async function hasFleet(sql: Sql): Promise<boolean> {
  const [row] = await sql<{ loaded: boolean }>('SELECT EXISTS (SELECT 1 FROM depots) AS loaded')
  return row?.loaded === true
}
