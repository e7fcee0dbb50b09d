import { type CalendarDate, toDayNumber } from '../domain/calendar-date.ts'
import type { BookedUnitsQuery } from './store.ts'

/**
 * One vehicle's units booked at one depot, day by day from `first` (a day number): index
 * `day - first`. A typed array rather than a map of days: 4 bytes a day instead of some 60, and
 * the most booked over a rental is a scan of adjacent numbers. A large company (150 models at 60
 * depots, every one booked every day of a year and a half) takes some 20 MB.
 */
type Timeline = { first: number; units: Int32Array }

/** Days added at once when a timeline grows, so that a run of bookings does not copy it each time. */
const GROWTH_DAYS = 64

/**
 * The `booked_days` table held in memory: units booked per vehicle, depot and day, answering
 * Store.bookedUnits with a few lookups and a scan instead of a query. Each adapter keeps its copy
 * exact in its own way (src/store/sqlite/booked-days-cache.ts, src/store/postgres/booked-days-
 * mirror.ts); this is only the copy.
 */
export class BookedDaysCopy {
  /** By depot, then vehicle. */
  private readonly depots = new Map<number, Map<number, Timeline>>()

  /** A copy of the rows given: `day` as a CalendarDate or as its day number. */
  static of(rows: Iterable<BookedDayRow>): BookedDaysCopy {
    const copy = new BookedDaysCopy()
    for (const row of rows) {
      const day = typeof row.day === 'number' ? row.day : toDayNumber(row.day)
      copy.set(row.depot_id, row.vehicle_id, day, row.units_booked)
    }
    return copy
  }

  /** As Store.bookedUnits: per vehicle, the most units booked on one day of the range. */
  bookedUnits(query: BookedUnitsQuery): Map<number, number> {
    const booked = new Map<number, number>()
    const vehicles = this.depots.get(query.depotId)
    if (!vehicles) return booked
    const from = toDayNumber(query.from)
    const to = toDayNumber(query.to)
    for (const vehicleId of query.vehicleIds) {
      const timeline = vehicles.get(vehicleId)
      if (!timeline) continue
      const start = Math.max(from - timeline.first, 0)
      const end = Math.min(to - timeline.first, timeline.units.length - 1)
      // Rows absent from the table read as 0 here; a vehicle with no booked unit in the range is
      // absent from the answer either way, as from the table's.
      let most = 0
      for (let index = start; index <= end; index++) {
        const units = timeline.units[index] as number
        if (units > most) most = units
      }
      if (most > 0) booked.set(vehicleId, most)
    }
    return booked
  }

  /** The units booked on one day (a day number), as the table now holds them; 0 deletes the row. */
  set(depotId: number, vehicleId: number, day: number, units: number): void {
    if (units === 0) {
      const timeline = this.depots.get(depotId)?.get(vehicleId)
      const index = timeline ? day - timeline.first : -1
      if (timeline && index >= 0 && index < timeline.units.length) timeline.units[index] = 0
      return
    }
    const timeline = this.timelineCovering(depotId, vehicleId, day)
    timeline.units[day - timeline.first] = units
  }

  /** One more unit on each day from `from` to `to`, both included. */
  addBooking(depotId: number, vehicleId: number, from: CalendarDate, to: CalendarDate): void {
    const first = toDayNumber(from)
    const last = toDayNumber(to)
    this.timelineCovering(depotId, vehicleId, last)
    const timeline = this.timelineCovering(depotId, vehicleId, first)
    for (let day = first; day <= last; day++) {
      const index = day - timeline.first
      timeline.units[index] = (timeline.units[index] as number) + 1
    }
  }

  /** Every day with a unit booked, as the table's rows (for tests and comparisons). */
  *rows(): Generator<{ depot_id: number; vehicle_id: number; day: number; units_booked: number }> {
    for (const [depotId, vehicles] of this.depots) {
      for (const [vehicleId, timeline] of vehicles) {
        for (let index = 0; index < timeline.units.length; index++) {
          const units = timeline.units[index] as number
          if (units > 0) {
            yield {
              depot_id: depotId,
              vehicle_id: vehicleId,
              day: timeline.first + index,
              units_booked: units,
            }
          }
        }
      }
    }
  }

  /** The vehicle's timeline at the depot, grown (or made) so that it holds `day`. */
  private timelineCovering(depotId: number, vehicleId: number, day: number): Timeline {
    let vehicles = this.depots.get(depotId)
    if (!vehicles) {
      vehicles = new Map()
      this.depots.set(depotId, vehicles)
    }
    const timeline = vehicles.get(vehicleId)
    if (!timeline) {
      const made = { first: day, units: new Int32Array(GROWTH_DAYS) }
      vehicles.set(vehicleId, made)
      return made
    }
    const last = timeline.first + timeline.units.length - 1
    if (day >= timeline.first && day <= last) return timeline
    const first = day < timeline.first ? day - GROWTH_DAYS + 1 : timeline.first
    const end = day > last ? day + GROWTH_DAYS - 1 : last
    const units = new Int32Array(end - first + 1)
    units.set(timeline.units, timeline.first - first)
    const grown = { first, units }
    vehicles.set(vehicleId, grown)
    return grown
  }
}

/** A row of `booked_days`, its day as a date or a day number. */
export type BookedDayRow = {
  depot_id: number
  vehicle_id: number
  day: CalendarDate | number
  units_booked: number
}
