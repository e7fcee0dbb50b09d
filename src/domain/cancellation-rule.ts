import type { BookingRecord } from './booking.ts'
import { instantAt } from './local-time.ts'

/** How long before pick-up a traveller may still cancel on the website, when the fleet does not say. */
export const DEFAULT_FREE_CANCELLATION_HOURS = 48

const MS_PER_HOUR = 3_600_000

/**
 * Whether a traveller may cancel the booking themselves now, and until when: up to the free
 * cancellation hours it was booked under (bookingCancellation) before the pick-up. Past that, or
 * once cancelled, only the depot can.
 */
export function travellerMayCancel(
  booking: Pick<BookingRecord, 'status' | 'pickUpDate' | 'pickUpTime' | 'price'>,
  rule: CancellationRule,
  now: Date,
): { allowed: boolean; until: Date; freeCancellationHours: number } {
  const { until, freeCancellationHours } = bookingCancellation(booking, rule)
  return {
    allowed: booking.status === 'confirmed' && now.getTime() < until.getTime(),
    until,
    freeCancellationHours,
  }
}

export type CancellationRule = { freeCancellationHours: number; timeZone: string }

/**
 * The free cancellation a booking was made with: its quote's terms, as the traveller was told
 * them at checkout and in the confirmation, when it has them; a booking without (one from the
 * fleet file or imported, or made before quotes carried terms) has the company's rule of now.
 * A change of the company's hours binds new bookings only: taken from the fleet as it is now, a
 * longer rule took away a free cancellation already promised.
 */
export function bookingCancellation(
  booking: Pick<BookingRecord, 'pickUpDate' | 'pickUpTime' | 'price'>,
  rule: CancellationRule,
): { until: Date; freeCancellationHours: number } {
  const booked = booking.price?.terms?.cancellation
  if (booked) {
    return {
      until: new Date(booked.freeUntil),
      freeCancellationHours: booked.freeCancellationHours,
    }
  }
  return {
    until: freeCancellationUntil(booking, rule),
    freeCancellationHours: rule.freeCancellationHours,
  }
}

/** The instant free cancellation ends: the pick-up, less the company's free cancellation hours. */
export function freeCancellationUntil(
  booking: Pick<BookingRecord, 'pickUpDate' | 'pickUpTime'>,
  rule: CancellationRule,
): Date {
  const pickUp = instantAt(booking.pickUpDate, booking.pickUpTime ?? '00:00', rule.timeZone)
  return new Date(pickUp.getTime() - rule.freeCancellationHours * MS_PER_HOUR)
}
