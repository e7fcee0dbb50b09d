import { randomBytes } from 'node:crypto'
import { Client, type QueryConfig } from 'pg'
import { BookedDaysCopy } from '../booked-days-copy.ts'
import type { BookedUnitsQuery } from '../store.ts'
import {
  BOOKED_DAYS_CHANNEL,
  type BookedDaysNotice,
  fencePayload,
  parseNotice,
  parseSnapshot,
  type Snapshot,
  seenBy,
} from './booked-days-notice.ts'
import { CONNECT_TIMEOUT_MS, START_UP_TIMEOUT_MS, typeParsers } from './connect-pool.ts'

/** The listening connection is asked `SELECT 1` this often, to notice one that died silently. */
export const HEARTBEAT_MS = 1000
/** A heartbeat not answered within this long counts the connection as lost. */
const HEARTBEAT_TIMEOUT_MS = 1000
/** After the connection is lost, it is opened again this often until it is back. */
export const RECONNECT_MS = 500

type TimedQuery = QueryConfig & { query_timeout: number }
type BookedDayRow = { depot_id: number; vehicle_id: number; day: number; units_booked: number }

export type MirrorLog = { warn(message: string): void; info(message: string): void }

/**
 * This instance's copy of `booked_days` in memory, kept current across instances by PostgreSQL's
 * LISTEN/NOTIFY, so that availability and quotes read no table (they read it on every request
 * before: about three quarters of an availability answer's CPU time on PostgreSQL).
 *
 * - Triggers on the table announce every change as it commits, whoever made it, with the figures
 *   the rows now hold (see the migrations and booked-days-notice.ts). PostgreSQL delivers the
 *   notices of every transaction committed after LISTEN, in commit order, to the listening
 *   connection while it lives; applying the figures in order leaves the copy what the table holds.
 * - The copy is loaded after LISTEN, in one snapshot. A notice that arrives during or after the
 *   load is applied only if its transaction is not in that snapshot, so nothing is counted twice
 *   or undone. A change too large for one notice (a fleet import) asks for a load again.
 * - The connection lost (an error, its end, or a heartbeat not answered): the copy is dropped and
 *   answers come from the table again (`bookedUnits` returns undefined) until the connection is
 *   back and the copy loaded anew, so a notice missed meanwhile is never missed in an answer.
 * - `caughtUp` sends a mark through the database to this connection and waits for it: every
 *   change committed before it has then been applied. A booking waits for it before it is
 *   answered, so that the answers after it show it, on this instance and (as PostgreSQL delivers
 *   the notices to every listener at once) on the others.
 *
 * The copy never decides a booking: the booking's transaction counts the units again and the
 * table's CHECK refuses an oversold day (book-one-unit.ts).
 */
export class BookedDaysMirror {
  private readonly databaseUrl: string
  private readonly applicationName: string
  private readonly log: MirrorLog | undefined
  /** Fences go to this connection alone, on a channel of its own. */
  private readonly fenceChannel = `booked_days_fence_${randomBytes(6).toString('hex')}`
  private client: Client | undefined
  /** Defined only while the copy is exact: loaded, and its connection alive. */
  private copy: BookedDaysCopy | undefined
  /** The snapshot the copy was loaded in. */
  private snapshot: Snapshot | undefined
  /** While a load runs: the notices that arrived meanwhile, applied once it is done. */
  private held: BookedDaysNotice[] | undefined
  private readonly fences = new Map<string, () => void>()
  private nextFence = 0
  private readonly fleetListeners: (() => void)[] = []
  private readonly heartbeat: NodeJS.Timeout
  private beating = false
  private reconnectTimer: NodeJS.Timeout | undefined
  /** Set from a loss of the connection until the copy is loaded again: one log line each. */
  private down = false
  private closed = false
  /** Loads of the copy so far (the first one included), for tests and the operator's logs. */
  loads = 0

  constructor(databaseUrl: string, options: { applicationName?: string; log?: MirrorLog } = {}) {
    this.databaseUrl = databaseUrl
    this.applicationName = `${options.applicationName ?? 'vehicle-rental-agent-api'} booked days`
    this.log = options.log
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS)
    this.heartbeat.unref()
  }

  /**
   * Connects, listens and loads the copy. Resolves when it is loaded or the attempt failed: then
   * answers come from the table, and it tries again every RECONNECT_MS.
   */
  async start(): Promise<void> {
    await this.connect()
  }

  /** Whether answers come from memory now (else from the table). */
  get live(): boolean {
    return this.copy !== undefined
  }

  /** As Store.bookedUnits, from memory; undefined when the copy cannot be trusted now. */
  bookedUnits(query: BookedUnitsQuery): Map<number, number> | undefined {
    return this.copy?.bookedUnits(query)
  }

  /** As bookedUnits, day by day (Store.bookedUnitsEachDay). */
  bookedUnitsEachDay(query: BookedUnitsQuery): Map<number, number[]> | undefined {
    return this.copy?.bookedUnitsEachDay(query)
  }

  /** The copy's rows (each day with a unit booked), or undefined when it is not live. */
  rows() {
    return this.copy ? [...this.copy.rows()] : undefined
  }

  /**
   * Resolves once every change committed before the call is in the copy (true), or when the copy
   * is not what answers anyway, or after `timeoutMs` (false).
   */
  caughtUp(timeoutMs: number): Promise<boolean> {
    const client = this.client
    if (!client || (!this.copy && !this.held)) return Promise.resolve(true)
    const id = `${++this.nextFence}`
    return new Promise((resolve) => {
      const settle = (caught: boolean) => {
        clearTimeout(timer)
        this.fences.delete(id)
        resolve(caught)
      }
      const timer = setTimeout(() => settle(false), timeoutMs)
      this.fences.set(id, () => settle(true))
      client
        .query('SELECT pg_notify($1, $2)', [this.fenceChannel, fencePayload(id)])
        .catch(() => settle(false))
    })
  }

  /** Calls `listener` whenever the fleet's version moves (a fleet loaded or imported). */
  onFleetChange(listener: () => void): void {
    this.fleetListeners.push(listener)
  }

  async close(): Promise<void> {
    this.closed = true
    clearInterval(this.heartbeat)
    clearTimeout(this.reconnectTimer)
    this.copy = undefined
    for (const settle of [...this.fences.values()]) settle()
    const client = this.client
    this.client = undefined
    await client?.end().catch(() => {})
  }

  private async connect(): Promise<void> {
    if (this.closed) return
    const client = new Client({
      connectionString: this.databaseUrl,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: this.applicationName,
      keepAlive: true,
      types: typeParsers,
    })
    this.client = client
    client.on('error', (error) => this.lost(client, error))
    client.on('end', () => this.lost(client, new Error('the connection ended')))
    client.on('notification', (message) => {
      if (client !== this.client) return
      if (message.channel === this.fenceChannel) {
        this.receive({ kind: 'fence', id: (message.payload ?? '').slice('fence '.length) })
      } else if (message.channel === BOOKED_DAYS_CHANNEL) {
        this.receive(parseNotice(message.payload ?? ''))
      }
    })
    try {
      await client.connect()
      // Held from before LISTEN: a notice may come in the same packet as LISTEN's answer.
      this.held = []
      await client.query(`LISTEN ${BOOKED_DAYS_CHANNEL}; LISTEN ${this.fenceChannel}`)
      await this.load(client)
    } catch (error) {
      this.lost(client, error)
    }
  }

  /** Loads the copy in one snapshot; answers come from the table meanwhile. */
  private async load(client: Client): Promise<void> {
    this.copy = undefined
    this.held ??= []
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    const [snapshot] = (
      await client.query<{ snapshot: string }>('SELECT pg_current_snapshot()::text AS snapshot')
    ).rows
    // A large company's table may take a while to read: not a heartbeat's timeout.
    const allRows: TimedQuery = {
      text: `SELECT depot_id, vehicle_id, day - date '1970-01-01' AS day, units_booked
             FROM booked_days WHERE units_booked > 0`,
      query_timeout: START_UP_TIMEOUT_MS,
    }
    const rows = await client.query<BookedDayRow>(allRows)
    await client.query('COMMIT')
    if (client !== this.client || !snapshot) return
    this.loads++
    this.snapshot = parseSnapshot(snapshot.snapshot)
    this.copy = BookedDaysCopy.of(rows.rows)
    const held = this.held
    this.held = undefined
    this.applyAll(held)
    if (this.down && this.copy) {
      this.down = false
      this.log?.info('Booked units: the notification connection is back; answering from memory')
    }
  }

  private receive(notice: BookedDaysNotice): void {
    if (this.held) {
      this.held.push(notice)
    } else if (this.copy) {
      this.apply(notice, this.copy)
    } else if (notice.kind === 'fence') {
      this.fences.get(notice.id)?.()
    }
  }

  /** Applies notices in order; when one asks for a load, the rest wait for that load. */
  private applyAll(notices: BookedDaysNotice[]): void {
    for (let index = 0; index < notices.length; index++) {
      if (this.held || !this.copy) {
        this.held?.push(...notices.slice(index))
        return
      }
      this.apply(notices[index] as BookedDaysNotice, this.copy)
    }
  }

  private apply(notice: BookedDaysNotice, copy: BookedDaysCopy): void {
    if (notice.kind === 'fence') {
      this.fences.get(notice.id)?.()
      return
    }
    if (notice.kind === 'fleet') {
      for (const listener of this.fleetListeners) listener()
      return
    }
    // An unreadable notice (xid 0) is never taken as seen: it asks for a load.
    if (notice.xid > 0 && this.snapshot && seenBy(this.snapshot, notice.xid)) return
    if (notice.kind === 'reload') {
      const client = this.client
      if (client) this.load(client).catch((error: unknown) => this.lost(client, error))
      return
    }
    for (const day of notice.days) copy.set(day.depotId, day.vehicleId, day.day, day.units)
  }

  private beat(): void {
    const client = this.client
    // A load may take longer than a heartbeat's timeout; its own failure counts instead.
    if (!client || this.beating || this.held || this.closed) return
    this.beating = true
    const ping: TimedQuery = { text: 'SELECT 1', query_timeout: HEARTBEAT_TIMEOUT_MS }
    client
      .query(ping)
      .catch((error: unknown) => this.lost(client, error))
      .finally(() => {
        this.beating = false
      })
  }

  private lost(client: Client, error: unknown): void {
    if (client !== this.client || this.closed) return
    this.client = undefined
    this.copy = undefined
    this.snapshot = undefined
    this.held = undefined
    // Callers waiting for their change go on: answers come from the table until the copy is back.
    for (const settle of [...this.fences.values()]) settle()
    client.removeAllListeners('notification')
    client.end().catch(() => {})
    if (!this.down) {
      this.down = true
      const reason = error instanceof Error ? error.message : String(error)
      this.log?.warn(
        `Booked units: the notification connection to PostgreSQL was lost (${reason}); answering from the table until it is back`,
      )
    }
    this.reconnectTimer = setTimeout(() => void this.connect(), RECONNECT_MS)
    this.reconnectTimer.unref()
  }
}
