import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type { CalendarDate } from '../../domain/calendar-date.ts'
import { type BookedDayRow, BookedDaysCopy } from '../booked-days-copy.ts'
import type { BookedUnitsQuery } from '../store.ts'

/**
 * The `booked_days` table held in memory, so that an availability search or a quote does not
 * read SQLite: the embedded store's answer to "how many units are booked" becomes a few map
 * lookups instead of a query (about a fifth of an availability answer's time).
 *
 * It stays exactly what the table holds:
 * - Writes by this connection are applied here as they commit: a booking adds its units
 *   (`addBooking`); any other write that touches bookings drops the copy (`invalidate`), and the
 *   next read loads it again.
 * - Writes by any other connection (the operator's `rental-agent bookings import` or `cancel`,
 *   `fleet import`, another process on the same file) move SQLite's `PRAGMA data_version`, which
 *   the first read of each turn of the event loop checks: when it has moved, the copy is loaded
 *   again. Made for every read, that check (a read transaction, with its two file-lock calls)
 *   was a twelfth of an availability answer's time under load. So the answers of one turn share
 *   one snapshot, as one read transaction would, and another connection's commit is seen from
 *   the next turn on, well under a millisecond later. The version is read before the rows, so a
 *   commit between the two only causes one more load, never a stale copy. Nothing can oversell
 *   meanwhile: a booking counts its units again inside its own transaction.
 *
 * The memory it takes follows the days of `booked_days` (one per vehicle, depot and day with a
 * booking), not the bookings: a million bookings over a year of the demo fleet are some ten
 * thousand days (see BookedDaysCopy).
 */
export class BookedDaysCache {
  private readonly dataVersion: StatementSync
  private readonly allRows: StatementSync
  /** Undefined until first read and after `invalidate`. */
  private copy: BookedDaysCopy | undefined
  private version = 0
  /** Whether data_version was read in this turn of the event loop. */
  private checkedThisTurn = false
  private readonly nextTurn = () => {
    this.checkedThisTurn = false
  }

  constructor(db: DatabaseSync) {
    this.dataVersion = db.prepare('PRAGMA data_version')
    this.allRows = db.prepare('SELECT depot_id, vehicle_id, day, units_booked FROM booked_days')
  }

  /** As Store.bookedUnits: per vehicle, the most units booked on one day of the range. */
  bookedUnits(query: BookedUnitsQuery): Map<number, number> {
    return this.current().bookedUnits(query)
  }

  /** As Store.bookedUnitsEachDay: per vehicle, the units booked on each day of the range. */
  bookedUnitsEachDay(query: BookedUnitsQuery): Map<number, number[]> {
    return this.current().bookedUnitsEachDay(query)
  }

  /** A booking this connection has just committed: one more unit on each of its days. */
  addBooking(depotId: number, vehicleId: number, from: CalendarDate, to: CalendarDate): void {
    this.copy?.addBooking(depotId, vehicleId, from, to)
  }

  /** This connection changed bookings some other way: the next read loads the table again. */
  invalidate(): void {
    this.copy = undefined
  }

  private current(): BookedDaysCopy {
    if (this.copy && this.checkedThisTurn) return this.copy
    const version = (this.dataVersion.get() as { data_version: number }).data_version
    this.checkedThisTurn = true
    setImmediate(this.nextTurn)
    if (this.copy && version === this.version) return this.copy
    this.copy = BookedDaysCopy.of(this.allRows.iterate() as Iterable<BookedDayRow>)
    this.version = version
    return this.copy
  }
}
