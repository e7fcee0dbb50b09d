import type { CalendarDate } from './calendar-date.ts'
import type { TimeOfDay } from './local-time.ts'
import type { Cents } from './money.ts'
import type { Assumption, QuoteTerms } from './quote-terms.ts'

/** A priced quote, as stored so that checkout can honour it until it expires. */
export type Quote = {
  id: string
  /** UTC ISO 8601 instants. */
  createdAt: string
  expiresAt: string
  /** The company-local date it was issued on: agents' quotes are counted by its month. */
  issuedOn: CalendarDate
  vehicleId: number
  vehicleName: string
  pickUpDepotId: number
  dropOffDepotId: number
  pickUpDate: CalendarDate
  dropOffDate: CalendarDate
  /** The hand-over times asked for; null when the request did not say. */
  pickUpTime: TimeOfDay | null
  dropOffTime: TimeOfDay | null
  rentalDays: number
  dailyRate: Cents
  rentalFee: Cents
  routeFee: Cents
  accessories: QuotedAccessory[]
  insurance: QuotedInsurance | null
  accessoriesFee: Cents
  insuranceFee: Cents
  /** The compulsory fees that apply (an airport fee, a young driver's fee), each a line. */
  surcharges: QuotedSurcharge[]
  surchargesFee: Cents
  /** Taken off the total by the promotion; 0 without one. */
  discount: Cents
  promotion: { code: string; name: string } | null
  /** The driver's age the price is for; null when the request did not say (an adult is assumed). */
  driverAge: number | null
  /** Who sent the traveller: an agent's own reference, carried to the booking. */
  agentRef: string | null
  /**
   * The quote whose checkout priced this one (the person's details changed the price, or it had
   * expired): set by the service, never by a form, so that the booking made from this quote is
   * found by the quote the checkout link was opened with (a UCP session). Absent otherwise.
   */
  openedWith?: string
  /** rentalFee + routeFee + accessoriesFee + insuranceFee + surchargesFee - discount. */
  totalAmount: Cents
  /** Distance, fuel, bond, payment, cancellation and driver age, as quoted. */
  terms: QuoteTerms
  /** What the quote took for granted because the request did not say. */
  assumptions: Assumption[]
}

export type QuotedAccessory = { id: number; name: string; quantity: number; cost: Cents }
export type QuotedInsurance = { id: number; name: string; cost: Cents }
export type QuotedSurcharge = { id: string; name: string; cost: Cents }

/** The fields a quote or booking price stored before surcharges, discounts and agents lacks. */
const ADDED_SINCE = {
  surcharges: [],
  surchargesFee: 0,
  discount: 0,
  promotion: null,
  driverAge: null,
  agentRef: null,
  terms: null,
  assumptions: [],
} as const

/**
 * A stored quote as today's code reads it, or undefined for one stored before quotes carried
 * their terms: its checkout prices the rental anew, as for an unknown quote, so that a traveller
 * never confirms a price without its terms.
 */
export function storedQuote(stored: object): Quote | undefined {
  const quote = { ...ADDED_SINCE, ...stored }
  return quote.terms === null ? undefined : (quote as unknown as Quote)
}

/** A stored booking price as today's code reads it: what an older one lacks takes its default. */
export function withQuoteDefaults<T extends object>(stored: T): T & typeof ADDED_SINCE {
  return { ...ADDED_SINCE, ...stored }
}
