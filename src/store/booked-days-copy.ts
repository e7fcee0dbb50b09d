import { type CalendarDate, toDayNumber } from '../domain/calendar-date.ts'
import type { BookedUnitsQuery } from './store.ts'

/**
 * One vehicle's units booked at one depot, day by day from `first` (a day number): index
 * `day - first`. A typed array rather than a map of days: 4 bytes a day instead of some 60, and
 * the most booked over a rental is a scan of adjacent numbers. A large company (150 models at 60
 * depots, every one booked every day of a year and a half) takes some 20 MB.
 */
type Timeline = { first: number; units: Int32Array }

/**
 * One depot's timelines by vehicle, and for the lists of vehicle ids searches ask about (a search
 * asks the same list, kept by the catalogue, for every search of that depot, season and rate
 * band), their timelines in the list's order: a search then makes no lookup per vehicle. A
 * timeline grows in place, so the lists stay right until a vehicle gets its first day booked at
 * the depot, which moves `version`.
 */
type DepotDays = {
  vehicles: Map<number, Timeline>
  version: number
  inOrder: WeakMap<readonly number[], { version: number; timelines: (Timeline | undefined)[] }>
}

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
  private readonly depots = new Map<number, DepotDays>()

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
    const depot = this.depots.get(query.depotId)
    if (!depot) return booked
    const ids = query.vehicleIds
    let inOrder = depot.inOrder.get(ids)
    if (!inOrder || inOrder.version !== depot.version) {
      inOrder = { version: depot.version, timelines: ids.map((id) => depot.vehicles.get(id)) }
      depot.inOrder.set(ids, inOrder)
    }
    const { timelines } = inOrder
    const from = toDayNumber(query.from)
    const to = toDayNumber(query.to)
    for (let i = 0; i < ids.length; i++) {
      const timeline = timelines[i]
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
      if (most > 0) booked.set(ids[i] as number, most)
    }
    return booked
  }

  /**
   * As Store.bookedUnitsEachDay: per vehicle with a unit booked in the range, the units booked on
   * each of its days (index 0 is `from`).
   */
  bookedUnitsEachDay(query: BookedUnitsQuery): Map<number, number[]> {
    const booked = new Map<number, number[]>()
    const depot = this.depots.get(query.depotId)
    if (!depot) return booked
    const from = toDayNumber(query.from)
    const to = toDayNumber(query.to)
    for (const vehicleId of query.vehicleIds) {
      const timeline = depot.vehicles.get(vehicleId)
      if (!timeline) continue
      const units = new Array<number>(Math.max(0, to - from + 1)).fill(0)
      let any = false
      for (let day = Math.max(from, timeline.first); day <= to; day++) {
        const index = day - timeline.first
        if (index >= timeline.units.length) break
        const count = timeline.units[index] as number
        if (count === 0) continue
        units[day - from] = count
        any = true
      }
      if (any) booked.set(vehicleId, units)
    }
    return booked
  }

  /** The units booked on one day (a day number), as the table now holds them; 0 deletes the row. */
  set(depotId: number, vehicleId: number, day: number, units: number): void {
    if (units === 0) {
      const timeline = this.depots.get(depotId)?.vehicles.get(vehicleId)
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
    for (const [depotId, { vehicles }] of this.depots) {
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
    let depot = this.depots.get(depotId)
    if (!depot) {
      depot = { vehicles: new Map(), version: 0, inOrder: new WeakMap() }
      this.depots.set(depotId, depot)
    }
    const timeline = depot.vehicles.get(vehicleId)
    if (!timeline) {
      const made = { first: day, units: new Int32Array(GROWTH_DAYS) }
      depot.vehicles.set(vehicleId, made)
      depot.version++
      return made
    }
    const last = timeline.first + timeline.units.length - 1
    if (day >= timeline.first && day <= last) return timeline
    const first = day < timeline.first ? day - GROWTH_DAYS + 1 : timeline.first
    const end = day > last ? day + GROWTH_DAYS - 1 : last
    const units = new Int32Array(end - first + 1)
    units.set(timeline.units, timeline.first - first)
    timeline.first = first
    timeline.units = units
    return timeline
  }
}

/** A row of `booked_days`, its day as a date or a day number. */
export type BookedDayRow = {
  depot_id: number
  vehicle_id: number
  day: CalendarDate | number
  units_booked: number
}
