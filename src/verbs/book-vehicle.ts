import { createHash, randomBytes } from 'node:crypto'
import type { BookedPrice, BookingRecord, NewBooking } from '../domain/booking.ts'
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
  /** The checkout form's token: with the quote, what makes one checkout one booking at most. */
  checkoutToken: string
}

export type BookingOutcome =
  /** Booked now. `manageToken` is the secret of the booking's manage link: shown once, kept nowhere. */
  | { outcome: 'booked'; booking: BookingRecord; manageToken: string }
  /** This very checkout had booked already (a repeat or a concurrent confirmation): that booking. */
  | { outcome: 'already_booked'; booking: BookingRecord }
  /**
   * Nothing was booked: the quote had expired, was missing, or no longer matches the choices, so
   * here is a new quote whose price the person must see before confirming again.
   */
  | {
      outcome: 'new_quote'
      quote: Quote
      reason: 'expired' | 'missing' | 'repriced'
      previous?: Quote
    }
  /** Nothing was booked: another checkout has already booked this quote. */
  | { outcome: 'quote_used' }

/**
 * Books one unit of the vehicle for the person, at the price of the quote they saw while it is
 * valid, at the hand-over times they chose, and writes its messages (emails, webhook event) into
 * the outbox in the same transaction. One quote books at most once, whatever is sent again: a
 * repeat of the same checkout answers the booking it made. Invalid details or choices are
 * DomainErrors naming the field; a vehicle that cannot be rented any more (the last unit just
 * went) one with an unavailable code, and nothing is booked.
 */
export async function bookVehicle(
  ctx: VerbContext,
  request: BookingRequest,
): Promise<BookingOutcome> {
  const [problem] = customerProblems(request.customer)
  if (problem) throw invalid('invalid_parameter', problem.field, problem.message)
  for (const [time, parameter, handover] of [
    [request.pickUpTime, 'pick_up_time', 'pick-up'],
    [request.dropOffTime, 'drop_off_time', 'drop-off'],
  ] as const) {
    if (time === undefined)
      throw invalid('missing_parameter', parameter, `Choose a ${handover} time`)
  }
  // This checkout booked already (a repeat, a retry after a lost answer): that booking, before
  // anything is priced, so that neither the last unit it took nor its quote's expiry since nor
  // its cancellation turns the repeat into another answer. The unique index on the checkout's
  // token stands behind it.
  const checkoutTokenHash = tokenHash(request.checkoutToken)
  const earlier = await ctx.store.findBooking({ checkoutTokenHash })
  if (earlier) return { outcome: 'already_booked', booking: earlier }
  // The same quote the checkout showed: the handed one while valid, else a new price to confirm.
  const { quote, source, previous, unitsStocked } = await openCheckout(ctx, request)
  if (source !== 'quoted') {
    const reason = source === 'new' ? 'missing' : source
    return previous
      ? { outcome: 'new_quote', quote, reason, previous }
      : { outcome: 'new_quote', quote, reason }
  }
  const manageToken = randomBytes(24).toString('base64url')
  const booking: NewBooking = {
    reference: newBookingReference(ctx.catalogue().catalogue.company.bookingReferencePrefix),
    vehicleId: quote.vehicleId,
    pickUpDepotId: quote.pickUpDepotId,
    dropOffDepotId: quote.dropOffDepotId,
    pickUpDate: quote.pickUpDate,
    dropOffDate: quote.dropOffDate,
    pickUpTime: request.pickUpTime as string,
    dropOffTime: request.dropOffTime as string,
    customer: normaliseCustomer(request.customer),
    quoteId: quote.id,
    price: bookedPrice(quote),
    agentRef: quote.agentRef,
    createdAt: ctx.now().toISOString(),
    checkoutTokenHash,
    manageTokenHash: tokenHash(manageToken),
    // From the stored quote, never from the form: a form's `opened_as` named any quote.
    openedQuoteId: quote.openedWith ?? null,
  }
  const record = bookingRecordOf(booking)
  const messages = ctx.notices.created(ctx.catalogue(), record, manageToken)
  const made = await ctx.store.createBooking(booking, unitsStocked, messages)
  switch (made.outcome) {
    case 'booked':
      ctx.messagesWritten()
      return { outcome: 'booked', booking: record, manageToken }
    case 'already_booked':
      return made.sameCheckout
        ? { outcome: 'already_booked', booking: made.booking }
        : { outcome: 'quote_used' }
    case 'sold_out':
      throw new DomainError(
        'vehicle_sold_out',
        `${quote.vehicleName} is no longer available for ${quote.pickUpDate} to ${quote.dropOffDate}: the last unit has just been booked`,
      )
    default:
      return made satisfies never
  }
}

/** The booking this checkout made, if it made one (the same key bookVehicle answers a repeat by). */
export function findCheckoutBooking(
  ctx: VerbContext,
  checkoutToken: string,
): Promise<BookingRecord | undefined> {
  return ctx.store.findBooking({ checkoutTokenHash: tokenHash(checkoutToken) })
}

/** The website booking made from this quote, by whichever checkout; a quote books at most once. */
export function findQuoteBooking(
  ctx: VerbContext,
  quoteId: string,
): Promise<BookingRecord | undefined> {
  return ctx.store.findBooking({ quoteId })
}

/**
 * The first website booking of a checkout opened with this quote: made from it, or from the new
 * quote the checkout priced when the person's details changed the price.
 */
export function findCheckoutOfQuote(
  ctx: VerbContext,
  quoteId: string,
): Promise<BookingRecord | undefined> {
  return ctx.store.findBooking({ checkoutOf: quoteId })
}

/** A token as it is kept: its SHA-256, so that the database never holds what opens a booking. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/** The booking as it will read back from the store. */
function bookingRecordOf(booking: NewBooking): BookingRecord {
  const { checkoutTokenHash: _checkout, openedQuoteId: _opened, manageTokenHash, ...rest } = booking
  return {
    ...rest,
    totalAmount: booking.price.totalAmount,
    status: 'confirmed',
    cancellation: null,
    manageTokenHash,
  }
}

function bookedPrice(quote: Quote): BookedPrice {
  const {
    id: _id,
    createdAt: _created,
    expiresAt: _expires,
    issuedOn: _issued,
    openedWith: _opened,
    ...price
  } = quote
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
