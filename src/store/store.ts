import type { BookingRecord, BookingStatus, Cancellation, NewBooking } from '../domain/booking.ts'
import type { CalendarDate } from '../domain/calendar-date.ts'
import type { Booking, Catalogue } from '../domain/catalogue.ts'
import type { Quote } from '../domain/quote.ts'
import type { OutboxMessage } from '../notifications/outbox-message.ts'
import type { MaybeAsync } from './maybe-async.ts'

/** What an import's review decides: write the changes (true), nothing (false), or replace all. */
export type ImportDecision = boolean | 'replace'

/**
 * An operator's command opened a database that holds none of the service's tables (no instance
 * has started on it: a wrong DATABASE_URL), and asked not to make them (`existingOnly`).
 */
export class DatabaseNotMadeError extends Error {
  constructor() {
    super('the database holds none of the service tables')
    this.name = 'DatabaseNotMadeError'
  }
}

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
   * A number that changes whenever the catalogue does (a fleet loaded or imported), so that
   * running instances can tell cheaply when to read the catalogue again. 0 before any fleet.
   */
  fleetVersion(): Promise<number>
  /**
   * Calls `listener` as soon as a fleet load or import commits, from any instance or command, when
   * the store can tell (PostgreSQL with booked days in memory); fleetVersion is polled anyway.
   */
  onFleetChange?(listener: () => void): void
  /**
   * Brings the catalogue to `next` in place, keeping every id, and adds the bookings of `next`
   * whose reference is not stored yet, in one transaction during which no booking can be made.
   * `review` first sees what is stored and says whether to write: a refused or dry-run import
   * returns false having changed nothing. An import that changes nothing writes nothing and does
   * not move the fleet version. `'replace'` writes `next` whole in place of what is stored, its
   * bookings removed: only for the demo company loaded by mistake (see importFleet's verb).
   */
  importFleet(
    next: FleetContents,
    review: (stored: StoredFleet) => ImportDecision,
  ): Promise<boolean>
  /** Every booking, website and imported ones alike, in pick-up date then reference order. */
  listBookings(filter?: BookingFilter): Promise<BookingRecord[]>
  /**
   * The booking with this reference, or whose manage link's token has this hash, or that the
   * checkout whose form token has this hash made.
   */
  findBooking(by: BookingKey): Promise<BookingRecord | undefined>
  /**
   * Cancels a confirmed booking: it is kept, marked cancelled with when, by whom and why, and its
   * unit is free again on each of its days; the messages `notices` makes of the cancelled booking
   * go into the outbox in the same transaction. A booking already cancelled is left as it is.
   */
  cancelBooking(
    reference: string,
    cancellation: Cancellation,
    notices: (cancelled: BookingRecord) => OutboxMessage[],
  ): Promise<CancelOutcome>
  /**
   * Adds bookings made elsewhere, all or none, in one transaction during which no other booking
   * can be made. `review` sees the units the new bookings meet (see HeldUnits) and says whether
   * to write; false changes nothing. `onProgress` hears how many have been written so far.
   */
  importBookings(
    bookings: BookingRecord[],
    review: (held: HeldUnits) => boolean,
    onProgress?: (written: number) => void,
  ): Promise<boolean>
  /**
   * For each vehicle, the most units booked at the depot on any one day from `from` to `to`
   * (both included). Vehicles with no booking in the range are absent. An adapter that holds
   * the figures in memory answers at once, not with a promise; a failure is then thrown at once.
   */
  bookedUnits(query: BookedUnitsQuery): MaybeAsync<Map<number, number>>
  /**
   * For each vehicle, the units booked at the depot on each day from `from` to `to` (both
   * included), in day order: one read for a search over many dates (a flexible-dates search), where
   * bookedUnits would be one read per date. Vehicles with no booking in the range are absent.
   * Answers at once when bookedUnits does.
   */
  bookedUnitsEachDay(query: BookedUnitsQuery): MaybeAsync<Map<number, number[]>>
  /**
   * Books one unit if, at the pick-up depot, fewer than `unitsStocked` are booked on every day of
   * the rental, and writes the booking's messages into the outbox, all in one transaction that
   * cannot oversell. The store's own stock caps `unitsStocked`, so a caller holding an outdated
   * catalogue cannot oversell either. A quote books at most once, whatever is sent again, and the
   * database holds it to that (a unique key): a booking already made from the quote is answered
   * instead, and nothing is written.
   */
  createBooking(
    booking: NewBooking,
    unitsStocked: number,
    messages: OutboxMessage[],
  ): Promise<CreateOutcome>
  saveQuote(quote: Quote): Promise<void>
  findQuote(id: string): Promise<Quote | undefined>
  /**
   * Up to `limit` outbox messages due for delivery, each claimed for `leaseMs` so that no other
   * sender (another instance) takes it meanwhile; a claim that is never settled (the process died)
   * lapses, and the message is due again. Times are the store's own clock.
   */
  claimMessages(limit: number, leaseMs: number): Promise<ClaimedMessage[]>
  /** What came of a claimed message's delivery: delivered, to be tried again later, or given up. */
  /**
   * Settles a claimed message, only while `claim` still holds it; false when it no longer does.
   * A delivered message keeps only what the operator's list shows (no text, no addresses, no
   * event data): the traveller's email held the manage link.
   */
  settleMessage(id: string, claim: string, outcome: DeliveryOutcome): Promise<boolean>
  /** The outbox's messages not delivered yet (pending) or given up (failed), oldest first. */
  listOutbox(status?: 'pending' | 'failed'): Promise<OutboxEntry[]>
  /** How many quotes each agent reference asked for, by month of issue (`YYYY-MM`). */
  agentQuoteCounts(): Promise<AgentQuoteCount[]>
  /**
   * The time zone the service last started in (TIME_ZONE), null before any start: the operator's
   * commands write times into travellers' emails, and without TIME_ZONE set in their shell they
   * wrote them in the default zone, not the company's.
   */
  serviceTimeZone(): Promise<string | null>
  /** Records the zone the service runs in, for serviceTimeZone. */
  recordServiceTimeZone(timeZone: string): Promise<void>
  close(): Promise<void>
}

export type CreateOutcome =
  | { outcome: 'booked' }
  /** No unit left; nothing written. */
  | { outcome: 'sold_out' }
  /** The quote was booked already: that booking, and whether by this very checkout. */
  | { outcome: 'already_booked'; booking: BookingRecord; sameCheckout: boolean }

export type CancelOutcome =
  | { outcome: 'cancelled'; booking: BookingRecord }
  | { outcome: 'already_cancelled'; booking: BookingRecord }
  | { outcome: 'not_found' }

/** A message claimed for delivery, with how often it was tried before. */
/**
 * A message claimed for delivery. `claim` is this claim's own token: a settle with it changes
 * the message only while the claim still holds, so a sender whose lease lapsed (and whose message
 * another instance took over) cannot settle it.
 */
export type ClaimedMessage = {
  message: OutboxMessage
  attempts: number
  createdAt: string
  claim: string
}

export type DeliveryOutcome =
  | { outcome: 'delivered' }
  | { outcome: 'retry'; afterMs: number; error: string }
  | { outcome: 'failed'; error: string }

/** A message of the outbox as the operator sees it. */
export type OutboxEntry = {
  id: string
  channel: OutboxMessage['channel']
  /** The booking it is about. */
  bookingReference: string | null
  /** Who it goes to: the email's recipients, or the webhook's event type. */
  summary: string
  status: 'pending' | 'failed' | 'delivered'
  attempts: number
  createdAt: string
  nextAttemptAt: string | null
  lastError: string | null
}

/** What finds one booking: each is unique among bookings. */
export type BookingKey =
  | { reference: string }
  | { manageTokenHash: string }
  | { checkoutTokenHash: string }
  /** The website booking made from this quote (a quote books at most once). */
  | { quoteId: string }
  /**
   * The first website booking of a checkout opened with this quote: made from it, or from the
   * quote the checkout priced again (a young driver's fee, an after-hours time).
   */
  | { checkoutOf: string }

export type AgentQuoteCount = { agentRef: string; month: string; quotes: number }

/** The stored fleet, as an import compares it with the new one: every booking, with its status. */
export type StoredFleet = { catalogue: Catalogue; bookings: BookingRecord[] }

/** Bookings whose rental overlaps the dates, at the pick-up depot, of the vehicle (all optional). */
export type BookingFilter = {
  depotId?: number
  vehicleId?: number
  from?: CalendarDate
  to?: CalendarDate
  status?: BookingStatus
  /** Bookings that came with this agent reference. */
  agentRef?: string
}

/** What imported bookings meet in the store, read inside the import's transaction. */
export type HeldUnits = {
  catalogue: Catalogue
  /** Units already booked, by `bookedDayKey(vehicle, depot, day)`, on the imported bookings' days. */
  booked: Map<string, number>
  /** The imported bookings' references that a stored booking already has. */
  takenReferences: Set<string>
}

/** What a fleet file gives the store. */
export type FleetContents = { catalogue: Catalogue; bookings: Booking[] }

export type BookedUnitsQuery = {
  depotId: number
  vehicleIds: number[]
  from: CalendarDate
  to: CalendarDate
}
