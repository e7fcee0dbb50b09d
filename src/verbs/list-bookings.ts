import type { BookingRecord } from '../domain/booking.ts'
import { invalid } from '../domain/errors.ts'
import type { BookingFilter, Store } from '../store/store.ts'

/** The bookings matching the filter, website and imported ones alike, by pick-up date. */
export async function listBookings(store: Store, filter: BookingFilter): Promise<BookingRecord[]> {
  if (filter.from && filter.to && filter.to < filter.from) {
    throw invalid(
      'drop_off_before_pick_up',
      'to',
      `--to ${filter.to} is before --from ${filter.from}`,
    )
  }
  return store.listBookings(filter)
}
