import type { Booking } from './catalogue.ts'
import type { Customer } from './customer.ts'
import type { Cents } from './money.ts'
import type { Quote } from './quote.ts'

/** What a booking costs: the priced lines of the quote it was made from, in cents. */
export type BookedPrice = Omit<Quote, 'id' | 'createdAt' | 'expiresAt'>

/** A booking made on the website, at the price of the quote it honours. */
export type ConfirmedBooking = Booking & {
  customer: Customer
  quoteId: string
  price: BookedPrice
  /** UTC ISO 8601. */
  createdAt: string
}

/**
 * A booking as the operator sees and imports it: the rental, and what is known of who booked,
 * for how much and when. A fleet file's bookings know none of these; a website booking knows
 * all; a booking made through another channel what that channel gave.
 */
export type BookingRecord = Booking & {
  customer: Customer | null
  totalAmount: Cents | null
  /** UTC ISO 8601. */
  createdAt: string | null
}
