import { addDays, type CalendarDate } from '../src/domain/calendar-date.ts'
import type { Booking, Catalogue } from '../src/domain/catalogue.ts'

/** Longest generated rental, in rental days. */
const MAX_RENTAL_DAYS = 14
/** Share of bookings dropped off at another depot than the pick-up one. */
const ONE_WAY_SHARE = 0.2

/**
 * `count` bookings spread over every stocked vehicle and depot and over the booking horizon,
 * that never oversell: each unit of stock is a timeline cut into equal slots, and a booking
 * (1 to 14 rental days, fewer when slots are short, holding its unit from pick-up to drop-off,
 * both included) lies anywhere inside one slot. The same seed gives the same bookings.
 */
export function generateBookings(options: {
  count: number
  catalogue: Catalogue
  today: CalendarDate
  horizonDays: number
  seed?: number
}): Booking[] {
  const { count, catalogue, today, horizonDays } = options
  const random = mulberry32(options.seed ?? 1)
  const depots = catalogue.depots.filter((depot) => depot.active).map((depot) => depot.id)
  const stock: { vehicleId: number; depotId: number; units: number }[] = []
  for (const vehicle of catalogue.vehicles) {
    for (const depotId of depots) {
      const units = vehicle.unitsByDepot[depotId] ?? 0
      if (units > 0) stock.push({ vehicleId: vehicle.id, depotId, units })
    }
  }
  // Timelines are taken unit by unit across every vehicle and depot, so that even a few
  // bookings are spread over all of them.
  const timelines: { vehicleId: number; depotId: number }[] = []
  const mostUnits = Math.max(0, ...stock.map((line) => line.units))
  for (let unit = 0; unit < mostUnits; unit++) {
    for (const line of stock) if (unit < line.units) timelines.push(line)
  }
  const perTimeline = Math.ceil(count / timelines.length)
  // Day 0 is today; the pick-up days run from tomorrow to the horizon.
  const slotDays = Math.floor(horizonDays / perTimeline)
  if (timelines.length === 0 || slotDays < 2) {
    throw new Error(
      `${count} bookings do not fit in ${timelines.length} units over ${horizonDays} days`,
    )
  }
  const dates: CalendarDate[] = []
  for (let day = 0; day <= horizonDays + 1; day++) dates.push(addDays(today, day))

  const bookings: Booking[] = new Array(count)
  for (let i = 0; i < count; i++) {
    const timeline = timelines[i % timelines.length] as { vehicleId: number; depotId: number }
    const slotStart = 1 + Math.floor(i / timelines.length) * slotDays
    // Anywhere in its slot: a few bookings per unit still spread over the whole horizon.
    const rentalDays = 1 + Math.floor(random() * Math.min(MAX_RENTAL_DAYS, slotDays - 1))
    const pickUp = slotStart + Math.floor(random() * (slotDays - rentalDays))
    const dropOffDepotId =
      random() < ONE_WAY_SHARE
        ? (depots[Math.floor(random() * depots.length)] as number)
        : timeline.depotId
    bookings[i] = {
      reference: `BENCH-${i}`,
      vehicleId: timeline.vehicleId,
      pickUpDepotId: timeline.depotId,
      dropOffDepotId,
      pickUpDate: dates[pickUp] as CalendarDate,
      dropOffDate: dates[pickUp + rentalDays] as CalendarDate,
    }
  }
  return bookings
}

/** A small, fast, seeded pseudo-random generator: the same seed, the same bookings. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
