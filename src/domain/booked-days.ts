import { type CalendarDate, eachDate } from './calendar-date.ts'
import type { Booking } from './catalogue.ts'

/** The key of one vehicle's units booked at one depot on one day. */
export function bookedDayKey(vehicleId: number, depotId: number, day: CalendarDate): string {
  return `${vehicleId}|${depotId}|${day}`
}

/** Units stocked of a vehicle at a depot (0 when the depot does not stock it). */
export type UnitsStocked = (vehicleId: number, depotId: number) => number

/** A booking that takes a unit the depot does not have on `day`. */
export type Overbooking = {
  booking: Booking
  day: CalendarDate
  unitsStocked: number
  /** Units booked that day once this booking (and those before it) are counted. */
  unitsBooked: number
}

/**
 * The bookings that, taken in order after the units already booked, would book more units than
 * are stocked on some day: each named once, at its first such day. A booking holds its unit at
 * its pick-up depot on every day from pick-up to drop-off, both included.
 */
export function bookingsBeyondStock(
  bookings: Booking[],
  unitsStocked: UnitsStocked,
  alreadyBooked: (key: string) => number = () => 0,
): Overbooking[] {
  const counts = new Map<string, number>()
  const beyond: Overbooking[] = []
  for (const booking of bookings) {
    const stock = unitsStocked(booking.vehicleId, booking.pickUpDepotId)
    let first: Overbooking | undefined
    for (const day of eachDate(booking.pickUpDate, booking.dropOffDate)) {
      const key = bookedDayKey(booking.vehicleId, booking.pickUpDepotId, day)
      const booked = (counts.get(key) ?? alreadyBooked(key)) + 1
      counts.set(key, booked)
      if (booked > stock && !first)
        first = { booking, day, unitsStocked: stock, unitsBooked: booked }
    }
    if (first) beyond.push(first)
  }
  return beyond
}

/**
 * Every booking holding a unit on a day when more units are booked than stocked, at the first
 * such day of each: when stock is lowered under bookings, none of them is more at fault than
 * another, so all are named.
 */
export function bookingsOnOverbookedDays(
  bookings: Booking[],
  unitsStocked: UnitsStocked,
): Overbooking[] {
  const counts = new Map<string, number>()
  for (const booking of bookings) {
    for (const day of eachDate(booking.pickUpDate, booking.dropOffDate)) {
      const key = bookedDayKey(booking.vehicleId, booking.pickUpDepotId, day)
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
  }
  const found: Overbooking[] = []
  for (const booking of bookings) {
    const stock = unitsStocked(booking.vehicleId, booking.pickUpDepotId)
    for (const day of eachDate(booking.pickUpDate, booking.dropOffDate)) {
      const booked = counts.get(bookedDayKey(booking.vehicleId, booking.pickUpDepotId, day)) ?? 0
      if (booked > stock) {
        found.push({ booking, day, unitsStocked: stock, unitsBooked: booked })
        break
      }
    }
  }
  return found
}
