import type { BookingRecord } from './booking.ts'
import { instantAt } from './local-time.ts'

/** How long before pick-up a traveller may still cancel on the website, when the fleet does not say. */
export const DEFAULT_FREE_CANCELLATION_HOURS = 48

const MS_PER_HOUR = 3_600_000

/**
 * Whether a traveller may cancel the booking themselves now, and until when: up to the company's
 * free cancellation hours before the pick-up (its date and time in the company's zone; a booking
 * without a time counts from the start of its pick-up day). Past that, or once cancelled, only
 * the depot can, by phone.
 */
export function travellerMayCancel(
  booking: Pick<BookingRecord, 'status' | 'pickUpDate' | 'pickUpTime'>,
  rule: CancellationRule,
  now: Date,
): { allowed: boolean; until: Date } {
  const until = freeCancellationUntil(booking, rule)
  return { allowed: booking.status === 'confirmed' && now.getTime() < until.getTime(), until }
}

export type CancellationRule = { freeCancellationHours: number; timeZone: string }

/** The instant free cancellation ends: the pick-up, less the company's free cancellation hours. */
export function freeCancellationUntil(
  booking: Pick<BookingRecord, 'pickUpDate' | 'pickUpTime'>,
  rule: CancellationRule,
): Date {
  const pickUp = instantAt(booking.pickUpDate, booking.pickUpTime ?? '00:00', rule.timeZone)
  return new Date(pickUp.getTime() - rule.freeCancellationHours * MS_PER_HOUR)
}
