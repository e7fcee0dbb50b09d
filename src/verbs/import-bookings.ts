import { bookingsBeyondStock } from '../domain/booked-days.ts'
import type { BookingRecord, Cancellation } from '../domain/booking.ts'
import { daysBetween } from '../domain/calendar-date.ts'
import type { HeldUnits, Store } from '../store/store.ts'

/** A problem with one of the bookings, by its index in the list and the field at fault. */
export type BookingProblem = {
  index: number
  field: 'reference' | 'vehicle_id' | 'pick_up_depot_id' | 'drop_off_depot_id' | 'drop_off_date'
  message: string
}

export type BookingsImport =
  /** Written; or with `dryRun`, all could be written and none was. */
  | { outcome: 'imported'; count: number }
  /** Nothing was written. */
  | { outcome: 'refused'; problems: BookingProblem[] }

/**
 * Adds bookings made through the company's other channels (or exported from another store), all
 * or none. Each must have a reference no other booking has and at most `maxRentalDays`; a
 * confirmed one also a vehicle and depots the catalogue has and a vehicle the pick-up depot
 * stocks; and taken after the units already booked, in order, no confirmed one may book more units
 * than the depot stocks on any day. The check and the write are one
 * transaction during which nothing else is booked, so what was checked is what is written.
 */
export async function importBookings(
  store: Store,
  bookings: BookingRecord[],
  options: { maxRentalDays: number; dryRun?: boolean; onProgress?: (written: number) => void },
): Promise<BookingsImport> {
  let problems: BookingProblem[] = []
  let reviewFailure: { error: unknown } | undefined
  await store.importBookings(
    bookings,
    (held) => {
      try {
        problems = bookingProblems(bookings, held, options.maxRentalDays)
      } catch (error) {
        reviewFailure = { error }
        return false
      }
      return problems.length === 0 && !options.dryRun
    },
    options.onProgress,
  )
  // A fault of the check itself is not the database's: it passes through as it is.
  if (reviewFailure) throw reviewFailure.error
  return problems.length === 0
    ? { outcome: 'imported', count: bookings.length }
    : { outcome: 'refused', problems }
}

function bookingProblems(
  bookings: BookingRecord[],
  held: HeldUnits,
  maxRentalDays: number,
): BookingProblem[] {
  const problems: BookingProblem[] = []
  const vehicles = new Map(held.catalogue.vehicles.map((v) => [v.id, v]))
  const depots = new Set(held.catalogue.depots.map((d) => d.id))
  const seen = new Set<string>()
  const placeable: BookingRecord[] = []
  // References are unique among the placeable bookings: a repeated one is not placed.
  const indexOf = new Map<string, number>()
  bookings.forEach((booking, index) => {
    const before = problems.length
    const fail = (field: BookingProblem['field'], message: string) =>
      problems.push({ index, field, message })
    if (seen.has(booking.reference)) {
      fail(
        'reference',
        `${booking.reference} is also the reference of an earlier booking in this import`,
      )
    } else {
      seen.add(booking.reference)
      if (held.takenReferences.has(booking.reference))
        fail('reference', `${booking.reference} is already the reference of a stored booking`)
    }
    // A cancelled booking is history: its vehicle or depots may have gone since.
    const confirmed = booking.status === 'confirmed'
    const vehicle = vehicles.get(booking.vehicleId)
    if (!vehicle && confirmed)
      fail('vehicle_id', `vehicle ${booking.vehicleId} is not in the fleet`)
    for (const end of ['pick_up_depot_id', 'drop_off_depot_id'] as const) {
      const id = end === 'pick_up_depot_id' ? booking.pickUpDepotId : booking.dropOffDepotId
      if (!depots.has(id) && confirmed) fail(end, `depot ${id} is not in the fleet`)
    }
    if (
      confirmed &&
      vehicle &&
      depots.has(booking.pickUpDepotId) &&
      !vehicle.unitsByDepot[booking.pickUpDepotId]
    ) {
      fail(
        'vehicle_id',
        `depot ${booking.pickUpDepotId} stocks no unit of vehicle ${booking.vehicleId}`,
      )
    }
    const days = Math.max(1, daysBetween(booking.pickUpDate, booking.dropOffDate))
    if (days > maxRentalDays) {
      fail(
        'drop_off_date',
        `the rental is ${days} days; the longest is ${maxRentalDays} (MAX_RENTAL_DAYS)`,
      )
    }
    if (problems.length === before) {
      placeable.push(booking)
      indexOf.set(booking.reference, index)
    }
  })
  const unitsStocked = (vehicleId: number, depotId: number) =>
    vehicles.get(vehicleId)?.unitsByDepot[depotId] ?? 0
  // A cancelled booking (an export's history) holds no unit.
  const holding = placeable.filter((booking) => booking.status === 'confirmed')
  const beyond = bookingsBeyondStock(holding, unitsStocked, (key) => held.booked.get(key) ?? 0)
  for (const { booking, day, unitsStocked: units, unitsBooked } of beyond) {
    problems.push({
      index: indexOf.get(booking.reference) ?? 0,
      field: 'vehicle_id',
      message: `oversells vehicle ${booking.vehicleId} at depot ${booking.pickUpDepotId} on ${day}: it would be booking ${unitsBooked} of ${units} unit(s)`,
    })
  }
  return problems.sort((a, b) => a.index - b.index)
}

/**
 * What an export of a database brings to a backup restored in its place (bookings import
 * --skip-existing): the bookings the database lacks (`fresh`, by index), how many it has already,
 * and those cancelled in the export while confirmed here (cancelled since the backup). Bookings
 * change only by their cancellation, so a stored reference is the same booking. A reference the
 * export gives twice stays in `fresh`, for the import to refuse at its rows rather than leave both
 * out.
 */
export type CatchUp = { fresh: number[]; existing: number; cancelledSince: BookingRecord[] }

export async function catchUpPlan(
  store: Store,
  bookings: readonly BookingRecord[],
): Promise<CatchUp> {
  const stored = new Map(
    (await store.listBookings()).map((booking) => [booking.reference, booking]),
  )
  const times = new Map<string, number>()
  for (const { reference } of bookings) times.set(reference, (times.get(reference) ?? 0) + 1)
  const fresh: number[] = []
  const cancelledSince: BookingRecord[] = []
  bookings.forEach((booking, index) => {
    const there = stored.get(booking.reference)
    if (!there || (times.get(booking.reference) ?? 0) > 1) fresh.push(index)
    else if (there.status === 'confirmed' && booking.status === 'cancelled') {
      cancelledSince.push(booking)
    }
  })
  return { fresh, existing: bookings.length - fresh.length, cancelledSince }
}

/**
 * Cancels the stored bookings as they were cancelled in the export (when, by whom and why), with
 * no message: the traveller and the company were told when it happened. Done before the fresh
 * ones are imported, so that a unit one frees can be taken by a booking made since.
 */
export async function cancelAsExported(
  store: Store,
  cancelled: readonly BookingRecord[],
): Promise<void> {
  for (const booking of cancelled) {
    await store.cancelBooking(booking.reference, booking.cancellation as Cancellation, () => [])
  }
}
