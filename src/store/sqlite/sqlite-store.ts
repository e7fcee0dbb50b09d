import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { ConfirmedBooking } from '../../domain/booking.ts'
import { eachDate } from '../../domain/calendar-date.ts'
import type { Booking, Catalogue } from '../../domain/catalogue.ts'
import { StoreUnavailableError } from '../../domain/errors.ts'
import type { Quote } from '../../domain/quote.ts'
import {
  CATALOGUE_QUERIES,
  type CatalogueRows,
  catalogueFromRows,
  FLEET_TABLES_CHILDREN_FIRST,
  type Row,
} from '../catalogue-rows.ts'
import type { BookedUnitsQuery, FleetContents, Store } from '../store.ts'
import { MIGRATIONS } from './migrations.ts'

/** Expired quotes are deleted once in this many saves, a day after they expire. */
const QUOTE_SWEEP_EVERY = 500
const QUOTE_KEEP_AFTER_EXPIRY_MS = 86_400_000

/**
 * The embedded store: one SQLite file through Node's built-in `node:sqlite`, in WAL mode with
 * full sync so that a confirmed write survives a crash. Calls are synchronous underneath; the
 * interface is async so that a networked database fits behind it.
 */
export class SqliteStore implements Store {
  private readonly db: DatabaseSync
  private quotesSaved = 0

  private constructor(db: DatabaseSync) {
    this.db = db
  }

  /** Opens (creating when needed) the database file and brings its schema up to date. */
  static open(file: string): SqliteStore {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
    const db = new DatabaseSync(file)
    db.exec(`
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = FULL;
      PRAGMA busy_timeout = 5000;
      PRAGMA foreign_keys = ON;
    `)
    migrate(db)
    return new SqliteStore(db)
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

  async bookedUnits(query: BookedUnitsQuery): Promise<Map<number, number>> {
    return this.guard(() => {
      const rows = this.db
        .prepare(
          `SELECT vehicle_id, max(units_booked) AS booked FROM booked_days
           WHERE depot_id = ? AND vehicle_id IN (SELECT value FROM json_each(?)) AND day BETWEEN ? AND ?
           GROUP BY vehicle_id`,
        )
        .all(query.depotId, JSON.stringify(query.vehicleIds), query.from, query.to) as Row[]
      return new Map(rows.map((row) => [row.vehicle_id as number, row.booked as number]))
    })
  }

  async createBooking(booking: ConfirmedBooking, unitsStocked: number): Promise<boolean> {
    return this.guard(() =>
      this.transaction(() => {
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
          ) as {
          booked: number
        }
        // The stock the store holds caps the caller's figure, as PostgreSQL's CHECK does.
        const stock = this.db
          .prepare('SELECT units FROM vehicle_units WHERE vehicle_id = ? AND depot_id = ?')
          .get(booking.vehicleId, booking.pickUpDepotId) as { units: number } | undefined
        if (booked >= Math.min(unitsStocked, stock?.units ?? 0)) return false
        bookingWriter(this.db)(booking)
        return true
      }),
    )
  }

  async saveQuote(quote: Quote): Promise<void> {
    this.guard(() => {
      this.db
        .prepare('INSERT INTO quotes (id, created_at, expires_at, quote) VALUES (?, ?, ?, ?)')
        .run(quote.id, quote.createdAt, quote.expiresAt, JSON.stringify(quote))
      this.quotesSaved++
      if (this.quotesSaved % QUOTE_SWEEP_EVERY === 0) {
        const cutoff = new Date(Date.parse(quote.createdAt) - QUOTE_KEEP_AFTER_EXPIRY_MS)
        this.db.prepare('DELETE FROM quotes WHERE expires_at < ?').run(cutoff.toISOString())
      }
    })
  }

  async findQuote(id: string): Promise<Quote | undefined> {
    return this.guard(() => {
      const row = this.db.prepare('SELECT quote FROM quotes WHERE id = ?').get(id) as
        | Row
        | undefined
      return row ? (JSON.parse(row.quote as string) as Quote) : undefined
    })
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close()
  }

  /** Runs a read or write, turning any driver failure into a StoreUnavailableError. */
  private guard<T>(work: () => T): T {
    try {
      return work()
    } catch (error) {
      throw new StoreUnavailableError(error)
    }
  }

  /** BEGIN IMMEDIATE takes the write lock first, so a read-then-write cannot interleave. */
  private transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE')
    try {
      const result = work()
      this.db.exec('COMMIT')
      return result
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK')
      throw error
    }
  }
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

const json = (value: unknown) => JSON.stringify(value)

function writeFleet(db: DatabaseSync, catalogue: Catalogue, bookings: Booking[]): void {
  for (const table of FLEET_TABLES_CHILDREN_FIRST) {
    db.exec(`DELETE FROM ${table}`)
  }
  const insertDepot = db.prepare('INSERT INTO depots VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
  for (const d of catalogue.depots) {
    insertDepot.run(
      d.id,
      d.name,
      d.active ? 1 : 0,
      d.openingHoursDescription,
      json(d.pickupTimes),
      json(d.dropOffTimes),
      json(d.annualClosures),
      json(d.closures),
    )
  }
  const insertVehicle = db.prepare('INSERT INTO vehicles VALUES (?, ?, ?, ?, ?, ?)')
  const insertUnits = db.prepare('INSERT INTO vehicle_units VALUES (?, ?, ?)')
  for (const v of catalogue.vehicles) {
    insertVehicle.run(
      v.id,
      v.name,
      v.vehicleClass,
      v.image,
      json(v.minimumDays),
      json(v.dailyRates),
    )
    for (const [depotId, units] of Object.entries(v.unitsByDepot))
      insertUnits.run(v.id, Number(depotId), units)
  }
  const insertSeason = db.prepare('INSERT INTO seasons VALUES (?, ?, ?, ?)')
  catalogue.seasons.forEach((s, position) => {
    insertSeason.run(s.id, position, s.name, json(s.periods))
  })
  const insertBand = db.prepare('INSERT INTO rate_bands VALUES (?, ?, ?)')
  catalogue.rateBands.forEach((b, position) => {
    insertBand.run(position, b.minDays, b.maxDays)
  })
  const insertRoute = db.prepare('INSERT INTO routes VALUES (?, ?, ?)')
  for (const r of catalogue.routes) insertRoute.run(r.fromDepotId, r.toDepotId, r.fee)
  const insertAccessory = db.prepare('INSERT INTO accessories VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
  for (const a of catalogue.accessories) {
    insertAccessory.run(
      a.id,
      a.name,
      a.price,
      a.per,
      a.maxCharge,
      a.maxQuantity,
      nullableJson(a.vehicleClasses),
      nullableJson(a.months),
    )
  }
  const insertPlan = db.prepare('INSERT INTO insurance_plans VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
  for (const p of catalogue.insurancePlans) {
    insertPlan.run(
      p.id,
      p.name,
      p.description,
      p.price,
      p.per,
      p.maxCharge,
      p.excess,
      nullableJson(p.vehicleClasses),
    )
  }
  const writeBooking = bookingWriter(db)
  for (const booking of bookings) writeBooking(booking)
}

/**
 * Inserts bookings and counts each one's unit on every day of it at its pick-up depot. The
 * statements are prepared once per writer, so a large fleet import prepares them once.
 */
function bookingWriter(db: DatabaseSync): (booking: Booking | ConfirmedBooking) => void {
  const insert = db.prepare(
    `INSERT INTO bookings (reference, vehicle_id, pick_up_depot_id, drop_off_depot_id, pick_up_date,
       drop_off_date, customer, quote_id, total_cents, price, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const bookDay = db.prepare(
    `INSERT INTO booked_days VALUES (?, ?, ?, 1)
     ON CONFLICT (depot_id, vehicle_id, day) DO UPDATE SET units_booked = units_booked + 1`,
  )
  return (booking) => {
    const website = 'customer' in booking ? booking : undefined
    insert.run(
      booking.reference,
      booking.vehicleId,
      booking.pickUpDepotId,
      booking.dropOffDepotId,
      booking.pickUpDate,
      booking.dropOffDate,
      website ? json(website.customer) : null,
      website?.quoteId ?? null,
      website?.price.totalAmount ?? null,
      website ? json(website.price) : null,
      website?.createdAt ?? null,
    )
    for (const day of eachDate(booking.pickUpDate, booking.dropOffDate)) {
      bookDay.run(booking.pickUpDepotId, booking.vehicleId, day)
    }
  }
}

function nullableJson(value: unknown): string | null {
  return value === null ? null : json(value)
}

function readCatalogue(db: DatabaseSync): Catalogue {
  const rows = Object.fromEntries(
    Object.entries(CATALOGUE_QUERIES).map(([name, query]) => [
      name,
      db.prepare(query).all() as Row[],
    ]),
  ) as CatalogueRows
  return catalogueFromRows(rows, (value) => (value === null ? null : JSON.parse(value as string)))
}
