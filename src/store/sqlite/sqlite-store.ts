import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import type { BookingRecord, Cancellation, NewBooking } from '../../domain/booking.ts'
import type { Booking, Catalogue } from '../../domain/catalogue.ts'
import { StoreUnavailableError } from '../../domain/errors.ts'
import { type Quote, storedQuote } from '../../domain/quote.ts'
import type { OutboxMessage } from '../../notifications/outbox-message.ts'
import {
  BOOKING_COLUMNS,
  bookingFromRow,
  bookingKeyQuery,
  bookingsQuery,
  heldUnitsQuery,
} from '../booking-rows.ts'
import {
  CATALOGUE_QUERIES,
  type CatalogueRows,
  catalogueFromRows,
  type Row,
} from '../catalogue-rows.ts'
import { importWrites } from '../fleet-records.ts'
import {
  deliveredRecord,
  newClaimToken,
  outboxCondition,
  outboxEntryFromRow,
} from '../outbox-rows.ts'
import type {
  AgentQuoteCount,
  BookedUnitsQuery,
  BookingFilter,
  BookingKey,
  CancelOutcome,
  ClaimedMessage,
  CreateOutcome,
  DeliveryOutcome,
  FleetContents,
  HeldUnits,
  ImportDecision,
  OutboxEntry,
  Store,
  StoredFleet,
} from '../store.ts'
import { BookedDaysCache } from './booked-days-cache.ts'
import { MIGRATIONS } from './migrations.ts'
import { QuoteWriter } from './quote-writer.ts'
import { WalCheckpointer } from './wal-checkpointer.ts'
import { bookingWriter, updateCatalogue, writeFleet, writeMessages } from './write-fleet.ts'

/** Imported bookings are reported written in steps of this many. */
const PROGRESS_EVERY = 1000

const parseJson = (value: unknown) => (value === null ? null : JSON.parse(value as string))

/**
 * The embedded store: one SQLite file through Node's built-in `node:sqlite`, in WAL mode with
 * full sync so that a confirmed booking survives a crash or a power cut. Quotes are written in
 * groups with normal sync (see QuoteWriter). Calls are synchronous underneath; the interface is
 * async so that a networked database fits behind it.
 */
export class SqliteStore implements Store {
  private readonly db: DatabaseSync
  /** Statements of the request path, prepared once: preparing costs more than running them. */
  private readonly statements = new Map<string, StatementSync>()

  private readonly quotes: QuoteWriter
  /** What availability and quotes read: `booked_days` in memory, kept exact (see its file). */
  private readonly bookedDays: BookedDaysCache
  private checkpointer: WalCheckpointer | undefined

  /** The database's file, named to the operator when it cannot be written. */
  private readonly file: string

  private constructor(db: DatabaseSync, file: string) {
    this.db = db
    this.file = file
    this.quotes = new QuoteWriter(db, (sql) => this.statement(sql))
    this.bookedDays = new BookedDaysCache(db)
  }

  /**
   * Opens (creating when needed) the database file and brings its schema up to date. The
   * service checkpoints the log on a thread of its own (`checkpointInBackground`, see
   * WalCheckpointer, which starts the log anew above `walRestartBytes`); the operator's commands
   * checkpoint as SQLite does by default.
   */
  static open(
    file: string,
    options: {
      checkpointInBackground?: boolean
      walRestartBytes?: number
      /** Refuse a file this user may read but not write (the service, which must write). */
      mustWrite?: boolean
    } = {},
  ): SqliteStore {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
    const db = new DatabaseSync(file)
    db.exec(`
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = FULL;
      PRAGMA busy_timeout = 5000;
      PRAGMA foreign_keys = ON;
    `)
    migrate(db)
    if (options.mustWrite) probeWrite(db)
    const store = new SqliteStore(db, file)
    if (options.checkpointInBackground && file !== ':memory:') {
      store.checkpointer = WalCheckpointer.start(db, file, options.walRestartBytes)
    }
    return store
  }

  async hasFleet(): Promise<boolean> {
    return this.guard(() => this.db.prepare('SELECT 1 FROM depots LIMIT 1').get() !== undefined)
  }

  async replaceFleet(catalogue: Catalogue, bookings: Booking[]): Promise<void> {
    this.guard(() => this.transaction(() => writeFleet(this.db, catalogue, bookings)))
  }

  async loadFleetOnce(read: () => Promise<FleetContents>): Promise<boolean> {
    if (await this.hasFleet()) return false
    // Read outside the transaction: a write lock must not be held across an await. Instances
    // that start together may each read the file; BEGIN IMMEDIATE lets one write, and the others
    // find the fleet there. The reader's own failure (a bad fleet file) passes through as is.
    const fleet = await read()
    return this.guard(() =>
      this.transaction(() => {
        if (this.db.prepare('SELECT 1 FROM depots LIMIT 1').get() !== undefined) return false
        writeFleet(this.db, fleet.catalogue, fleet.bookings)
        return true
      }),
    )
  }

  async loadCatalogue(): Promise<Catalogue> {
    return this.guard(() => readCatalogue(this.db))
  }

  async fleetVersion(): Promise<number> {
    return this.guard(() => {
      const row = this.db.prepare('SELECT version FROM fleet_meta').get() as Row | undefined
      return (row?.version as number | undefined) ?? 0
    })
  }

  async importFleet(
    next: FleetContents,
    review: (stored: StoredFleet) => ImportDecision,
  ): Promise<boolean> {
    return this.guard(() =>
      this.transaction(() => {
        const stored = { catalogue: readCatalogue(this.db), bookings: this.bookings({}) }
        const decision = review(stored)
        if (!decision) return false
        if (decision === 'replace') {
          writeFleet(this.db, next.catalogue, next.bookings)
          // The replaced company's quotes would be honoured for the new one's vehicles of the
          // same ids.
          this.db.exec('DELETE FROM quotes')
          this.bookedDays.invalidate()
          return true
        }
        const writes = importWrites(stored, next)
        if (!writes) return true
        updateCatalogue(this.db, writes.changes, writes.company, writes.terms)
        const write = bookingWriter(this.db)
        for (const booking of writes.bookings) write(booking)
        return true
      }),
    )
  }

  async listBookings(filter: BookingFilter = {}): Promise<BookingRecord[]> {
    return this.guard(() => this.bookings(filter))
  }

  async findBooking(by: BookingKey): Promise<BookingRecord | undefined> {
    return this.guard(() => {
      const { filter, values } = bookingKeyQuery(by, () => '?')
      const row = this.db
        .prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings ${filter}`)
        .get(...values) as Row | undefined
      return row ? bookingFromRow(row, parseJson) : undefined
    })
  }

  async cancelBooking(
    reference: string,
    cancellation: Cancellation,
    notices: (cancelled: BookingRecord) => OutboxMessage[],
  ): Promise<CancelOutcome> {
    return this.guard(() =>
      this.transaction((): CancelOutcome => {
        const row = this.db
          .prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE reference = ?`)
          .get(reference) as Row | undefined
        if (!row) return { outcome: 'not_found' }
        const booking = bookingFromRow(row, parseJson)
        if (booking.status === 'cancelled') return { outcome: 'already_cancelled', booking }
        this.db
          .prepare(
            `UPDATE bookings SET status = 'cancelled', cancelled_at = ?, cancelled_by = ?,
               cancel_reason = ? WHERE reference = ?`,
          )
          .run(cancellation.at, cancellation.by, cancellation.reason, reference)
        this.db
          .prepare(
            `UPDATE booked_days SET units_booked = units_booked - 1
             WHERE depot_id = ? AND vehicle_id = ? AND day BETWEEN ? AND ?`,
          )
          .run(booking.pickUpDepotId, booking.vehicleId, booking.pickUpDate, booking.dropOffDate)
        this.db.prepare('DELETE FROM booked_days WHERE units_booked = 0').run()
        const cancelled: BookingRecord = { ...booking, status: 'cancelled', cancellation }
        writeMessages(this.db, reference, notices(cancelled), nowIso())
        return { outcome: 'cancelled', booking: cancelled }
      }),
    )
  }

  async importBookings(
    bookings: BookingRecord[],
    review: (held: HeldUnits) => boolean,
    onProgress?: (written: number) => void,
  ): Promise<boolean> {
    return this.guard(() =>
      this.transaction(() => {
        const held = this.heldUnits(bookings)
        if (!review(held)) return false
        const write = bookingWriter(this.db)
        bookings.forEach((booking, i) => {
          write(booking)
          if ((i + 1) % PROGRESS_EVERY === 0 || i === bookings.length - 1) onProgress?.(i + 1)
        })
        return true
      }),
    )
  }

  /** At once, from the copy of booked_days in memory (BookedDaysCache). */
  bookedUnits(query: BookedUnitsQuery): Map<number, number> {
    return this.guard(() => this.bookedDays.bookedUnits(query))
  }

  /** At once, from the same copy. */
  bookedUnitsEachDay(query: BookedUnitsQuery): Map<number, number[]> {
    return this.guard(() => this.bookedDays.bookedUnitsEachDay(query))
  }

  async createBooking(
    booking: NewBooking,
    unitsStocked: number,
    messages: OutboxMessage[],
  ): Promise<CreateOutcome> {
    return this.guard(() =>
      this.transaction(
        (): CreateOutcome => {
          // One booking per quote and per checkout (unique indexes stand behind this check): the
          // write lock is held, so no other confirmation can come between the two.
          const made = this.db
            .prepare(
              `SELECT ${BOOKING_COLUMNS}, checkout_token_hash FROM bookings
               WHERE quote_id = ? OR checkout_token_hash = ?`,
            )
            .get(booking.quoteId, booking.checkoutTokenHash) as Row | undefined
          if (made) {
            return {
              outcome: 'already_booked',
              booking: bookingFromRow(made, parseJson),
              sameCheckout: made.checkout_token_hash === booking.checkoutTokenHash,
            }
          }
          const { booked } = this.db
            .prepare(
              `SELECT coalesce(max(units_booked), 0) AS booked FROM booked_days
               WHERE depot_id = ? AND vehicle_id = ? AND day BETWEEN ? AND ?`,
            )
            .get(
              booking.pickUpDepotId,
              booking.vehicleId,
              booking.pickUpDate,
              booking.dropOffDate,
            ) as { booked: number }
          // The stock the store holds caps the caller's figure, as PostgreSQL's CHECK does.
          const stock = this.db
            .prepare('SELECT units FROM vehicle_units WHERE vehicle_id = ? AND depot_id = ?')
            .get(booking.vehicleId, booking.pickUpDepotId) as { units: number } | undefined
          if (booked >= Math.min(unitsStocked, stock?.units ?? 0)) return { outcome: 'sold_out' }
          bookingWriter(this.db)(booking)
          writeMessages(this.db, booking.reference, messages, nowIso())
          return { outcome: 'booked' }
        },
        (result) => {
          if (result.outcome === 'booked') {
            this.bookedDays.addBooking(
              booking.pickUpDepotId,
              booking.vehicleId,
              booking.pickUpDate,
              booking.dropOffDate,
            )
          }
        },
      ),
    )
  }

  async saveQuote(quote: Quote): Promise<void> {
    return this.quotes.save(quote)
  }

  async findQuote(id: string): Promise<Quote | undefined> {
    return this.guard(() => {
      const row = this.statement('SELECT quote FROM quotes WHERE id = ?').get(id) as Row | undefined
      return row ? storedQuote(JSON.parse(row.quote as string)) : undefined
    })
  }

  async claimMessages(limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
    return this.guard(() =>
      this.transaction(
        () => {
          const now = nowIso()
          const rows = this.db
            .prepare(
              `SELECT id, message, attempts, created_at FROM outbox
               WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?
                 AND (claimed_until IS NULL OR claimed_until <= ?)
               ORDER BY next_attempt_at, id LIMIT ?`,
            )
            .all(now, now, limit) as Row[]
          const token = newClaimToken()
          const claim = this.db.prepare(
            'UPDATE outbox SET claimed_until = ?, claim_token = ?, attempts = attempts + 1 WHERE id = ?',
          )
          const until = new Date(Date.now() + leaseMs).toISOString()
          for (const row of rows) claim.run(until, token, row.id as string)
          return rows.map((row) => ({
            message: JSON.parse(row.message as string) as OutboxMessage,
            attempts: row.attempts as number,
            createdAt: row.created_at as string,
            claim: token,
          }))
        },
        // The outbox is not booked_days: the copy in memory stays as it is.
        () => {},
      ),
    )
  }

  async settleMessage(id: string, claim: string, outcome: DeliveryOutcome): Promise<boolean> {
    return this.guard(() => {
      const now = nowIso()
      // Only while this claim holds the message: not after another instance took it over.
      const held = 'WHERE id = ? AND claim_token = ?'
      const cleared = 'claimed_until = NULL, claim_token = NULL'
      let changed: number | bigint
      if (outcome.outcome === 'delivered') {
        const stored = this.db.prepare('SELECT message FROM outbox WHERE id = ?').get(id) as
          | Row
          | undefined
        const kept = stored
          ? JSON.stringify(deliveredRecord(JSON.parse(stored.message as string) as OutboxMessage))
          : null
        changed = this.db
          .prepare(
            `UPDATE outbox SET delivered_at = ?, ${cleared}, message = coalesce(?, message) ${held}`,
          )
          .run(now, kept, id, claim).changes
      } else if (outcome.outcome === 'retry') {
        const next = new Date(Date.now() + outcome.afterMs).toISOString()
        changed = this.db
          .prepare(`UPDATE outbox SET next_attempt_at = ?, last_error = ?, ${cleared} ${held}`)
          .run(next, outcome.error, id, claim).changes
      } else {
        changed = this.db
          .prepare(`UPDATE outbox SET failed_at = ?, last_error = ?, ${cleared} ${held}`)
          .run(now, outcome.error, id, claim).changes
      }
      return Number(changed) > 0
    })
  }

  async agentQuoteCounts(): Promise<AgentQuoteCount[]> {
    return this.guard(() =>
      (
        this.statement(
          'SELECT agent_ref, month, quotes FROM agent_quotes ORDER BY month, agent_ref',
        ).all() as Row[]
      ).map((row) => ({
        agentRef: row.agent_ref as string,
        month: row.month as string,
        quotes: row.quotes as number,
      })),
    )
  }

  async serviceTimeZone(): Promise<string | null> {
    return this.guard(() => {
      const row = this.statement(
        "SELECT value FROM service_settings WHERE name = 'time_zone'",
      ).get() as Row | undefined
      return (row?.value as string | undefined) ?? null
    })
  }

  async recordServiceTimeZone(timeZone: string): Promise<void> {
    this.guard(() => {
      this.statement(
        `INSERT INTO service_settings (name, value) VALUES ('time_zone', ?)
           ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
      ).run(timeZone)
    })
  }

  async listOutbox(status?: 'pending' | 'failed'): Promise<OutboxEntry[]> {
    return this.guard(() => {
      const rows = this.db
        .prepare(`SELECT * FROM outbox WHERE ${outboxCondition(status)} ORDER BY created_at, id`)
        .all() as Row[]
      return rows.map((row) => outboxEntryFromRow(row, parseJson))
    })
  }

  async close(): Promise<void> {
    // Quotes waiting for their group are written first; their saves then resolve.
    this.quotes.flush()
    await this.checkpointer?.stop()
    if (this.db.isOpen) this.db.close()
  }

  private bookings(filter: BookingFilter): BookingRecord[] {
    const { text, values } = bookingsQuery('sqlite', filter)
    const rows = this.db.prepare(`${text} ORDER BY pick_up_date, reference`).all(...values) as Row[]
    return rows.map((row) => bookingFromRow(row, parseJson))
  }

  private heldUnits(bookings: BookingRecord[]): HeldUnits {
    const query = heldUnitsQuery('sqlite', bookings)
    const booked = new Map<string, number>()
    if (query) {
      for (const row of this.db.prepare(query.booked).all(...query.values) as Row[]) {
        booked.set(`${row.vehicle_id}|${row.depot_id}|${row.day}`, row.units_booked as number)
      }
    }
    const references = JSON.stringify(bookings.map((b) => b.reference))
    const taken = this.db
      .prepare('SELECT reference FROM bookings WHERE reference IN (SELECT value FROM json_each(?))')
      .all(references) as Row[]
    return {
      catalogue: readCatalogue(this.db),
      booked,
      takenReferences: new Set(taken.map((row) => row.reference as string)),
    }
  }

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql)
    if (!statement) {
      statement = this.db.prepare(sql)
      this.statements.set(sql, statement)
    }
    return statement
  }

  /** Runs a read or write, turning any driver failure into a StoreUnavailableError. */
  private guard<T>(work: () => T): T {
    try {
      return work()
    } catch (error) {
      // The one cause an operator's command meets that the operator can fix: say which.
      const readOnly = (error as { errcode?: unknown } | null)?.errcode === SQLITE_READONLY
      throw new StoreUnavailableError(error, readOnly ? readOnlyMessage(this.file) : undefined)
    }
  }

  /**
   * BEGIN IMMEDIATE takes the write lock first, so a read-then-write cannot interleave.
   * `committed` brings the copy of booked_days up to date with what was written; by default the
   * copy is dropped, and loaded again at the next read.
   */
  private transaction<T>(
    work: () => T,
    committed: (result: T) => void = () => this.bookedDays.invalidate(),
  ): T {
    this.db.exec('BEGIN IMMEDIATE')
    let result: T
    try {
      result = work()
      this.db.exec('COMMIT')
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK')
      // Whatever the failure left, the copy is not trusted.
      this.bookedDays.invalidate()
      throw error
    }
    committed(result)
    return result
  }
}

/** The outbox's clock: when a message was written, is due, was delivered. */
function nowIso(): string {
  return new Date().toISOString()
}

function migrate(db: DatabaseSync): void {
  const { user_version: version } = db.prepare('PRAGMA user_version').get() as {
    user_version: number
  }
  for (let next = version; next < MIGRATIONS.length; next++) {
    db.exec('BEGIN IMMEDIATE')
    try {
      db.exec(MIGRATIONS[next] as string)
      db.exec(`PRAGMA user_version = ${next + 1}`)
      db.exec('COMMIT')
    } catch (error) {
      db.exec('ROLLBACK')
      throw error
    }
  }
}

function readCatalogue(db: DatabaseSync): Catalogue {
  const rows = Object.fromEntries(
    Object.entries(CATALOGUE_QUERIES).map(([name, query]) => [
      name,
      db.prepare(query).all() as Row[],
    ]),
  ) as CatalogueRows
  return catalogueFromRows(rows, parseJson)
}

/** SQLite's result code for a write to a database this connection may only read. */
const SQLITE_READONLY = 8

/**
 * Fails (SQLITE_READONLY) when the file may be read but not written by this user, as after a
 * restore copied in as root: the file opens, migrations have nothing to write, and the service
 * started and said it was ready while every quote and booking failed. The write is rolled back.
 */
function probeWrite(db: DatabaseSync): void {
  db.exec('BEGIN IMMEDIATE')
  try {
    const { user_version: version } = db.prepare('PRAGMA user_version').get() as {
      user_version: number
    }
    db.exec(`PRAGMA user_version = ${Number(version)}`)
  } finally {
    db.exec('ROLLBACK')
  }
}

/** What the operator is told when the database's file cannot be written by this user. */
function readOnlyMessage(file: string): string {
  return `${file} is read-only for this user (a file copied in by another user, root say): give it and its folder to the user the service runs as (chown), or restore it as that user`
}
