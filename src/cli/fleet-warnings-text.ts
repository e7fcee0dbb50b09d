import type { BookingToLookAt } from '../domain/bookings-to-look-at.ts'
import type { Booking } from '../domain/catalogue.ts'
import { describeRental } from '../domain/fleet-import-plan.ts'
import { type FleetProblem, formatProblem } from '../fleet/fleet-file-error.ts'

/** A fleet file's warnings as lines for the operator, or nothing when there are none. */
export function formatWarnings(file: string, warnings: FleetProblem[]): string {
  if (warnings.length === 0) return ''
  const lines = warnings.map((warning) => `  ${formatProblem(file, warning)}`)
  return `${warnings.length} warning(s) in ${file}; the file is valid and can be imported as it is:\n${lines.join('\n')}\n`
}

/**
 * The bookings to arrange with their travellers: they stand, but the catalogue does not fit them
 * (a closure added over one, a route removed, a booking taken for a day the depot is shut).
 */
export function lookAtText(lookAt: BookingToLookAt[]): string {
  if (lookAt.length === 0) return ''
  return `${lookAt.length} booking(s) still to come do not fit the fleet; they stand, so arrange each with its traveller (or cancel it: rental-agent bookings cancel REFERENCE):\n${bookingLines(lookAt)}\n`
}

/** Each booking on an indented line of its own, with its rental and why it is listed. */
export function bookingLines(items: { booking: Booking; reason: string }[]): string {
  return items
    .map(({ booking, reason }) => `  ${booking.reference} (${describeRental(booking)}): ${reason}`)
    .join('\n')
}
