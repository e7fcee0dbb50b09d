import type { BookingRecord } from '../domain/booking.ts'
import { formatNzd } from './display-format.ts'

/**
 * What the traveller brings to the pick-up, on the confirmation page and in its email: the main
 * driver's licence (in New Zealand a licence not in English needs a permit or a translation with
 * it), the card the bond is held on when the booked terms hold one, and the booking reference. A
 * traveller who came without a licence could not take the vehicle, and nothing had said to bring it.
 */
export function pickUpChecklist(booking: BookingRecord): string[] {
  const bond = booking.price?.terms?.bond ?? null
  return [
    "The main driver's full, current driver's licence; one not in English needs an International Driving Permit or an approved English translation with it",
    ...(bond
      ? [`A credit card in the main driver's name, for the bond of ${formatNzd(bond.amount)}`]
      : []),
    `Your booking reference, ${booking.reference}`,
  ]
}
