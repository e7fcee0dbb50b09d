import type { ConfirmedBooking } from '../domain/booking.ts'
import type { CalendarDate } from '../domain/calendar-date.ts'
import type { Booking, Catalogue } from '../domain/catalogue.ts'
import type { Quote } from '../domain/quote.ts'

/**
 * Everything the verbs read or write, and nothing more. Each database is an adapter behind it;
 * adapters turn every driver failure into a StoreUnavailableError so that no driver text leaks.
 */
export interface Store {
  /** True once a fleet has been loaded. */
  hasFleet(): Promise<boolean>
  /** Replaces the whole catalogue and its bookings in one transaction. */
  replaceFleet(catalogue: Catalogue, bookings: Booking[]): Promise<void>
  /**
   * Loads the fleet `read` gives when the store has none, once however many instances start at
   * the same moment on an empty database: the others wait, then find it loaded. Returns true when
   * this call loaded it. `read` is called only while the store looks empty; an error it throws
   * (a bad fleet file) passes through unchanged, and nothing is written.
   */
  loadFleetOnce(read: () => Promise<FleetContents>): Promise<boolean>
  loadCatalogue(): Promise<Catalogue>
  /**
   * For each vehicle, the most units booked at the depot on any one day from `from` to `to`
   * (both included). Vehicles with no booking in the range are absent.
   */
  bookedUnits(query: BookedUnitsQuery): Promise<Map<number, number>>
  /**
   * Books one unit if, at the pick-up depot, fewer than `unitsStocked` are booked on every day of
   * the rental: the check and the insert are one transaction that cannot oversell. The store's own
   * stock caps `unitsStocked`, so a caller holding an outdated catalogue cannot oversell either.
   * Returns false, and changes nothing, when no unit is left.
   */
  createBooking(booking: ConfirmedBooking, unitsStocked: number): Promise<boolean>
  saveQuote(quote: Quote): Promise<void>
  findQuote(id: string): Promise<Quote | undefined>
  close(): Promise<void>
}

/** What a fleet file gives the store. */
export type FleetContents = { catalogue: Catalogue; bookings: Booking[] }

export type BookedUnitsQuery = {
  depotId: number
  vehicleIds: number[]
  from: CalendarDate
  to: CalendarDate
}
