import type { Booking } from './catalogue.ts'
import type { Customer } from './customer.ts'
import type { TimeOfDay } from './local-time.ts'
import type { Cents } from './money.ts'
import type { Quote } from './quote.ts'
import type { QuoteTerms } from './quote-terms.ts'

/**
 * What a booking costs: the priced lines of the quote it was made from, in cents, with the terms
 * it was quoted with (null for a booking made before quotes carried terms).
 */
export type BookedPrice = Omit<Quote, 'id' | 'createdAt' | 'expiresAt' | 'issuedOn' | 'terms'> & {
  terms: QuoteTerms | null
}

export type BookingStatus = 'confirmed' | 'cancelled'

/** Who cancelled: the traveller on the booking's own page, or the company's operator. */
export type CancelledBy = 'traveller' | 'operator'

/** Most characters kept of a reason for cancelling. */
export const MAX_REASON_LENGTH = 500

/** When, by whom and why a booking was cancelled. Cancelling keeps the booking. */
export type Cancellation = {
  /** UTC ISO 8601. */
  at: string
  by: CancelledBy
  reason: string
}

/** A booking made on the website, at the price of the quote it honours. */
export type ConfirmedBooking = Booking & {
  pickUpTime: TimeOfDay
  dropOffTime: TimeOfDay
  customer: Customer
  quoteId: string
  price: BookedPrice
  /** The agent_ref of the quote: which agent sent the traveller; null when none said. */
  agentRef: string | null
  /** UTC ISO 8601. */
  createdAt: string
}

/**
 * A website booking as it is written: with the hashes of the checkout's form token (one checkout
 * books once, and only the same checkout may see a booking it already made) and of the manage
 * link's token (only the link's holder may see or cancel it). The tokens themselves are not kept.
 */
export type NewBooking = ConfirmedBooking & {
  checkoutTokenHash: string
  manageTokenHash: string
  /**
   * The quote the checkout link was opened with, when the checkout priced it again and the
   * booking is made from the new quote; null otherwise. Kept to be found by (a UCP session).
   */
  openedQuoteId?: string | null
}

/**
 * Any booking as the operator sees, lists and exports it: the rental, its times when known, and
 * what is known of who booked, for how much and when. A fleet file's bookings know none of these;
 * a website booking knows all; a booking made through another channel what that channel gave.
 */
export type BookingRecord = Booking & {
  pickUpTime: TimeOfDay | null
  dropOffTime: TimeOfDay | null
  customer: Customer | null
  totalAmount: Cents | null
  /** UTC ISO 8601. */
  createdAt: string | null
  status: BookingStatus
  cancellation: Cancellation | null
  /** The quote a website booking was made from. */
  quoteId: string | null
  /** A website booking's price, line by line. */
  price: BookedPrice | null
  /** The hash of the manage link's token, so that a move to another store keeps the links working. */
  manageTokenHash: string | null
  /** The agent reference the booking came with (its quote's agent_ref); null when none. */
  agentRef: string | null
}

/** Where a booking came from, for the operator's lists and counts. */
export function bookingChannel(booking: Pick<BookingRecord, 'quoteId' | 'createdAt'>): string {
  if (booking.quoteId !== null) return 'website'
  return booking.createdAt === null ? 'fleet file' : 'other channel'
}
