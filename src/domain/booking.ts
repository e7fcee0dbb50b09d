import type { Booking } from './catalogue.ts'
import type { Customer } from './customer.ts'
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
