import type { BookingRecord } from '../domain/booking.ts'
import { DomainError } from '../domain/errors.ts'
import type { Store } from '../store/store.ts'

/**
 * Cancels a booking: it is deleted and its unit is free again on each of its days at once, for
 * every instance. Returns what was cancelled; an unknown reference is a `not_found` DomainError.
 */
export async function cancelBooking(store: Store, reference: string): Promise<BookingRecord> {
  const cancelled = await store.cancelBooking(reference)
  if (!cancelled) {
    throw new DomainError('not_found', `no booking has the reference ${reference}`)
  }
  return cancelled
}
