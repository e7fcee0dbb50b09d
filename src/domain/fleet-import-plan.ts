import { isDeepStrictEqual } from 'node:util'
import { bookingsOnOverbookedDays } from './booked-days.ts'
import type { BookingStatus } from './booking.ts'
import { daysBetween } from './calendar-date.ts'
import type { Booking, Catalogue, RateBand } from './catalogue.ts'

/**
 * A fleet as an import sees it: the catalogue and its bookings. A stored booking may say it is
 * cancelled: it is history, and holds no vehicle, depot or unit an import must keep.
 */
export type FleetState = {
  catalogue: Catalogue
  bookings: (Booking & { status?: BookingStatus })[]
}

/**
 * One thing an import adds, changes or removes, named for the operator. A change carries the item
 * before and after, so that a door can say which of its fields change.
 */
export type FleetChange = {
  change: 'added' | 'changed' | 'removed'
  item: string
  /** The kind of item, as the fleet file's list names it (`vehicles`, `company`, ...). */
  kind?: FleetItemKind
  before?: unknown
  after?: unknown
}

export type FleetItemKind =
  | 'company'
  | 'terms'
  | 'rate_bands'
  | 'seasons'
  | 'depots'
  | 'vehicles'
  | 'routes'
  | 'accessories'
  | 'insurance_plans'

/** A stored booking the import would leave without its vehicle, depot or unit, and why. */
export type BrokenBooking = { booking: Booking; reason: string }

export type FleetImportPlan = {
  changes: FleetChange[]
  /** Bookings the import would break: when any, the import is refused and nothing changes. */
  broken: BrokenBooking[]
  /** The new fleet's bookings that are not stored yet. */
  newBookings: Booking[]
  /**
   * The file's bookings stored as cancelled: they stay so (an import never confirms a booking
   * again), and the operator is told, as the file says they hold a unit.
   */
  stillCancelled: Booking[]
}

/**
 * Why the file's booking under a stored reference is refused. Both dates moved by the same days,
 * all else the same, is what a file written with relative dates (`today+10`) does on a later day:
 * the demo's file, copied as the README suggests. "Cancel the stored one first" was wrong advice.
 */
function differentBooking(stored: Booking, inFile: Booking): string {
  const moved = daysBetween(stored.pickUpDate, inFile.pickUpDate)
  const shifted =
    moved !== 0 &&
    daysBetween(stored.dropOffDate, inFile.dropOffDate) === moved &&
    sameRental(stored, {
      ...inFile,
      pickUpDate: stored.pickUpDate,
      dropOffDate: stored.dropOffDate,
    })
  if (shifted) {
    return `the file has its dates ${Math.abs(moved)} day(s) ${moved > 0 ? 'later' : 'earlier'} (${describeRental(inFile)}): dates written as today+N move every day the file is read; write them as dates (rental-agent fleet export gives the stored ones)`
  }
  return `the file has a different booking under the same reference (${describeRental(inFile)}); cancel the stored one first or give the new one another reference`
}

/**
 * What importing `next` over `stored` would do. Ids are the file's own, so an item is the same
 * item when its id is, and quotes and checkout links made before the import keep working.
 * Bookings are never removed by an import (cancel them one by one); the file's bookings are
 * added when their reference is new. A stored booking whose vehicle or depot would go, or that
 * would hold a unit on a day when fewer units would be stocked than booked, is broken.
 */
export function planFleetImport(stored: FleetState, next: FleetState): FleetImportPlan {
  const changes = catalogueChanges(stored.catalogue, next.catalogue)
  const broken: BrokenBooking[] = []
  const storedByReference = new Map(stored.bookings.map((b) => [b.reference, b]))
  const newBookings: Booking[] = []
  const stillCancelled: Booking[] = []
  for (const booking of next.bookings) {
    const existing = storedByReference.get(booking.reference)
    if (!existing) newBookings.push(booking)
    else if (existing.status === 'cancelled' && sameRental(existing, booking)) {
      stillCancelled.push(existing)
    } else if (!sameRental(existing, booking)) {
      broken.push({ booking: existing, reason: differentBooking(existing, booking) })
    }
  }
  for (const booking of newBookings) {
    changes.push({ change: 'added', item: `booking ${booking.reference}` })
  }

  const vehicles = new Map(next.catalogue.vehicles.map((v) => [v.id, v]))
  const depots = new Set(next.catalogue.depots.map((d) => d.id))
  const placed: Booking[] = []
  for (const booking of stored.bookings) {
    if (booking.status === 'cancelled') continue
    const missing = [
      vehicles.has(booking.vehicleId) ? undefined : `vehicle ${booking.vehicleId}`,
      depots.has(booking.pickUpDepotId) ? undefined : `depot ${booking.pickUpDepotId}`,
      depots.has(booking.dropOffDepotId) || booking.dropOffDepotId === booking.pickUpDepotId
        ? undefined
        : `depot ${booking.dropOffDepotId}`,
    ].filter((item) => item !== undefined)
    if (missing.length > 0) {
      broken.push({ booking, reason: `${missing.join(' and ')} would be removed` })
    } else {
      placed.push(booking)
    }
  }
  const unitsStocked = (vehicleId: number, depotId: number) =>
    vehicles.get(vehicleId)?.unitsByDepot[depotId] ?? 0
  for (const over of bookingsOnOverbookedDays([...placed, ...newBookings], unitsStocked)) {
    const { booking, day, unitsStocked: units, unitsBooked } = over
    broken.push({
      booking,
      reason: `vehicle ${booking.vehicleId} would have ${units} unit(s) at depot ${booking.pickUpDepotId}, but ${unitsBooked} are booked on ${day}`,
    })
  }
  return { changes, broken, newBookings, stillCancelled }
}

/** True when two bookings rent the same vehicle between the same depots on the same dates. */
export function sameRental(a: Booking, b: Booking): boolean {
  return (
    a.reference === b.reference &&
    a.vehicleId === b.vehicleId &&
    a.pickUpDepotId === b.pickUpDepotId &&
    a.dropOffDepotId === b.dropOffDepotId &&
    a.pickUpDate === b.pickUpDate &&
    a.dropOffDate === b.dropOffDate
  )
}

/** `vehicle 2 from depot 1 to depot 3, 2027-02-01 to 2027-02-05` */
export function describeRental(booking: Booking): string {
  const route =
    booking.pickUpDepotId === booking.dropOffDepotId
      ? `at depot ${booking.pickUpDepotId}`
      : `from depot ${booking.pickUpDepotId} to depot ${booking.dropOffDepotId}`
  return `vehicle ${booking.vehicleId} ${route}, ${booking.pickUpDate} to ${booking.dropOffDate}`
}

function catalogueChanges(stored: Catalogue, next: Catalogue): FleetChange[] {
  const changes: FleetChange[] = []
  const company = { kind: 'company' as const, before: stored.company, after: next.company }
  if (stored.company.name === '') {
    // Into an empty database: the company is new, not a change of the blank one it starts with.
    changes.push({ change: 'added', item: `company "${next.company.name}"`, kind: 'company' })
  } else if (!isDeepStrictEqual(stored.company, next.company)) {
    changes.push({ change: 'changed', item: `company "${next.company.name}"`, ...company })
  }
  if (!isDeepStrictEqual(stored.terms, next.terms)) {
    changes.push({
      change: 'changed',
      item: 'drivers, surcharges, promotions and terms',
      kind: 'terms',
      before: stored.terms,
      after: next.terms,
    })
  }
  const band = (b: RateBand) => `${b.minDays}${b.maxDays === null ? '+' : `-${b.maxDays}`} days`
  const lists = [
    compare('rate_bands', 'rate band', stored.rateBands, next.rateBands, (_, i) => i + 1, band),
    compare(
      'seasons',
      'season',
      stored.seasons,
      next.seasons,
      (s) => s.id,
      (s) => s.name,
    ),
    compare(
      'depots',
      'depot',
      stored.depots,
      next.depots,
      (d) => d.id,
      (d) => d.name,
    ),
    compare(
      'vehicles',
      'vehicle',
      stored.vehicles,
      next.vehicles,
      (v) => v.id,
      (v) => v.name,
    ),
    compare(
      'routes',
      'route',
      stored.routes,
      next.routes,
      (r) => `${r.fromDepotId} to ${r.toDepotId}`,
      () => '',
    ),
    compare(
      'accessories',
      'accessory',
      stored.accessories,
      next.accessories,
      (a) => a.id,
      (a) => a.name,
    ),
    compare(
      'insurance_plans',
      'insurance plan',
      stored.insurancePlans,
      next.insurancePlans,
      (p) => p.id,
      (p) => p.name,
    ),
  ]
  return changes.concat(...lists)
}

/** Items of one kind added, changed (same key, anything different) or removed, by key. */
function compare<T>(
  list: FleetItemKind,
  kind: string,
  before: T[],
  after: T[],
  keyOf: (item: T, index: number) => string | number,
  nameOf: (item: T) => string,
): FleetChange[] {
  const label = (item: T, index: number) => {
    const name = nameOf(item)
    return `${kind} ${keyOf(item, index)}${name ? ` (${name})` : ''}`
  }
  const old = new Map(before.map((item, i) => [keyOf(item, i), item]))
  const kept = new Set(after.map(keyOf))
  const changes: FleetChange[] = []
  after.forEach((item, i) => {
    const previous = old.get(keyOf(item, i))
    if (previous === undefined) changes.push({ change: 'added', item: label(item, i) })
    // Compared deeply: a store may give JSON objects back with their keys in another order.
    else if (!isDeepStrictEqual(previous, item))
      changes.push({
        change: 'changed',
        item: label(item, i),
        kind: list,
        before: previous,
        after: item,
      })
  })
  before.forEach((item, i) => {
    if (!kept.has(keyOf(item, i))) changes.push({ change: 'removed', item: label(item, i) })
  })
  return changes
}
