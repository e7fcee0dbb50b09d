import { routeNotOffered } from './availability.ts'
import type { CalendarDate } from './calendar-date.ts'
import type { Booking, Catalogue, Depot } from './catalogue.ts'
import { CatalogueIndex, depotClosure } from './catalogue-index.ts'

/** A booking still to come that the catalogue no longer fits, and why, for the operator. */
export type BookingToLookAt = { booking: Booking; reason: string }

/** A depot the fleet file made inactive: it takes no new rentals, but its bookings still stand. */
function noLongerActive(depot: Depot): string {
  return `${depot.name} is no longer active (active: false in the fleet file)`
}

/**
 * The bookings picked up today or later whose depot is no longer active, or is closed (or has no hand-over time) on the
 * pick-up or the drop-off day, or whose one-way route the company no longer offers. Nothing is
 * refused: the booking stands and its unit stays held, but a traveller would be sent to a closed
 * depot, so the operator is told to arrange it (a closure added over a booking, a booking taken by
 * phone for a Saturday at a weekday depot, went through without a word).
 */
export function bookingsToLookAt(
  catalogue: Catalogue,
  bookings: readonly Booking[],
  today: CalendarDate,
): BookingToLookAt[] {
  const index = new CatalogueIndex(catalogue)
  const depots = new Map(catalogue.depots.map((depot) => [depot.id, depot]))
  const found: BookingToLookAt[] = []
  for (const booking of bookings) {
    if (booking.pickUpDate < today) continue
    const pickUp = depots.get(booking.pickUpDepotId)
    const dropOff = depots.get(booking.dropOffDepotId)
    const reasons = [
      pickUp && !pickUp.active && noLongerActive(pickUp),
      dropOff && dropOff !== pickUp && !dropOff.active && noLongerActive(dropOff),
      pickUp?.active && depotClosure(pickUp, booking.pickUpDate, 'pick-up'),
      dropOff?.active && depotClosure(dropOff, booking.dropOffDate, 'drop-off'),
      pickUp &&
        dropOff &&
        pickUp !== dropOff &&
        index.routeFee(pickUp.id, dropOff.id) === undefined &&
        routeNotOffered(pickUp, dropOff),
    ].filter((reason): reason is string => typeof reason === 'string')
    if (reasons.length > 0) found.push({ booking, reason: reasons.join('; ') })
  }
  return found
}
