import { randomBytes } from 'node:crypto'
import type { BookedPrice, ConfirmedBooking } from '../domain/booking.ts'
import { type Customer, customerProblems, normaliseCustomer } from '../domain/customer.ts'
import { DomainError, invalid } from '../domain/errors.ts'
import type { Quote } from '../domain/quote.ts'
import type { VerbContext } from './context.ts'
import { openCheckout } from './open-checkout.ts'
import type { QuoteRequest } from './price-quote.ts'

export type BookingRequest = QuoteRequest & {
  /** The quote the person saw; its price is honoured while it is valid. */
  quoteId: string | undefined
  customer: Customer
}

export type BookingOutcome =
  | { outcome: 'booked'; booking: ConfirmedBooking }
  /**
   * Nothing was booked: the quote had expired, was missing, or no longer matches the choices, so
   * here is a new quote whose price the person must see before confirming again.
   */
  | { outcome: 'new_quote'; quote: Quote; reason: 'expired' | 'missing' }

/**
 * Books one unit of the vehicle for the person, at the price of the quote they saw while it is
 * valid. Invalid details or choices are DomainErrors naming the field; a vehicle that cannot be
 * rented any more (the last unit just went) one with an unavailable code, and nothing is booked.
 */
export async function bookVehicle(
  ctx: VerbContext,
  request: BookingRequest,
): Promise<BookingOutcome> {
  const [problem] = customerProblems(request.customer)
  if (problem) throw invalid('invalid_parameter', problem.field, problem.message)
  // The same quote the checkout showed: the handed one while valid, else a new price to confirm.
  const { quote, source, unitsStocked } = await openCheckout(ctx, request)
  if (source !== 'quoted') {
    return { outcome: 'new_quote', quote, reason: source === 'expired' ? 'expired' : 'missing' }
  }
  const booking: ConfirmedBooking = {
    reference: newBookingReference(ctx.catalogue().catalogue.company.bookingReferencePrefix),
    vehicleId: quote.vehicleId,
    pickUpDepotId: quote.pickUpDepotId,
    dropOffDepotId: quote.dropOffDepotId,
    pickUpDate: quote.pickUpDate,
    dropOffDate: quote.dropOffDate,
    customer: normaliseCustomer(request.customer),
    quoteId: quote.id,
    price: bookedPrice(quote),
    createdAt: ctx.now().toISOString(),
  }
  if (!(await ctx.store.createBooking(booking, unitsStocked))) {
    throw new DomainError(
      'vehicle_sold_out',
      `${quote.vehicleName} is no longer available for ${quote.pickUpDate} to ${quote.dropOffDate}: the last unit has just been booked`,
    )
  }
  return { outcome: 'booked', booking }
}

function bookedPrice(quote: Quote): BookedPrice {
  const { id: _id, createdAt: _createdAt, expiresAt: _expiresAt, ...price } = quote
  return price
}

const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/**
 * The company's prefix (`SAC-`) and 8 characters that cannot be misread (no 0/O, 1/I/L): about
 * 40 random bits.
 */
export function newBookingReference(prefix: string): string {
  const bytes = randomBytes(8)
  let code = ''
  for (const byte of bytes) code += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]
  return `${prefix}-${code}`
}
