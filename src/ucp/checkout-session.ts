import type { BookingRecord } from '../domain/booking.ts'
import type { Quote } from '../domain/quote.ts'
import type { CompanyProfile } from '../presenters/company-profile.ts'
import type { SiteLinks } from '../presenters/site-links.ts'
import { itemId } from './checkout-request.ts'
import { rentalExtensionName, UCP_CHECKOUT, UCP_VERSION } from './ucp-spec.ts'

/*
 * A quote as a UCP checkout session. UCP counts money in minor units, as the domain does, so the
 * quote's cents go out as they are. The session always hands over to the website
 * (`requires_escalation` with `continue_url`, the quote's checkout link): a person gives the
 * driver's details and confirms there, and no payment is taken through the protocol.
 */

type Total = { type: string; display_text?: string; amount: number }
/**
 * Severities are the two of the release's three that apply: `recoverable` (the agent can put it
 * right through the API, by creating another checkout) and `requires_buyer_input` (the person
 * carries on on the website).
 */
type Message = {
  type: 'error' | 'info'
  code: string
  content: string
  severity?: 'recoverable' | 'requires_buyer_input'
  path?: string
}

/** The `ucp` envelope of every answer: the capability and its extension, active for it. */
function envelope(siteUrl: string) {
  return {
    version: UCP_VERSION,
    capabilities: [
      { name: UCP_CHECKOUT, version: UCP_VERSION },
      { name: rentalExtensionName(siteUrl), version: UCP_VERSION, extends: UCP_CHECKOUT },
    ],
  }
}

/** What a session says of the website booking made from its quote. */
export type SessionBooking = Pick<BookingRecord, 'reference' | 'status' | 'totalAmount'>

/**
 * The checkout session of a quote; `now` decides whether it is still open. Once the person has
 * booked on the website (`booking`, found by the quote's id), the session is `completed` with the
 * booking as its order, however long ago the quote expired: the agent that made it learns the
 * booking happened, and its reference, by reading the session again.
 */
export function checkoutSession(
  quote: Quote,
  company: CompanyProfile,
  links: SiteLinks,
  now: Date,
  booking?: SessionBooking,
) {
  const state = booking
    ? bookedState(quote, booking, links)
    : Date.parse(quote.expiresAt) <= now.getTime()
      ? expiredState(quote)
      : openState(quote, company, links)
  return {
    ucp: envelope(links.siteUrl),
    id: quote.id,
    status: state.status,
    currency: 'NZD',
    line_items: lineItems(quote),
    totals: totals(quote),
    messages: state.messages,
    links: [{ type: 'terms_of_service', url: company.termsUrl }],
    // The release asks for the payment object with its handlers: there are none, nothing is paid.
    payment: { handlers: [] },
    expires_at: quote.expiresAt,
    ...state.handOver,
    rental: {
      pick_up_depot_id: quote.pickUpDepotId,
      drop_off_depot_id: quote.dropOffDepotId,
      pick_up_date: quote.pickUpDate,
      drop_off_date: quote.dropOffDate,
      pick_up_time: quote.pickUpTime,
      drop_off_time: quote.dropOffTime,
      rental_days: quote.rentalDays,
      driver_age: quote.driverAge,
      promo_code: quote.promotion?.code ?? null,
    },
  }
}

/**
 * Where a session stands: its status, its messages and what it hands over. A terminal session hands
 * over nothing to carry on with (UCP: no continue_url once canceled or completed).
 */
type SessionState = {
  status: 'requires_escalation' | 'canceled' | 'completed'
  messages: Message[]
  handOver: { continue_url?: string; order?: { id: string; permalink_url: string } }
}

/** Open: the person confirms on the website, at continue_url. */
function openState(quote: Quote, company: CompanyProfile, links: SiteLinks): SessionState {
  return {
    status: 'requires_escalation',
    messages: [
      {
        type: 'error',
        code: 'confirm_on_website',
        severity: 'requires_buyer_input',
        content: `${company.name} takes the booking on its website: hand the person continue_url, where they give the driver's details, choose the hand-over times if not given and confirm. No payment is taken through this checkout. The price holds until ${quote.expiresAt}.`,
      },
      {
        type: 'info',
        code: 'gst_included',
        content: `Amounts are NZD cents, GST (15%) included; the total is the price paid.`,
      },
    ],
    handOver: { continue_url: links.checkout(quote) },
  }
}

/** Expired unbooked: a new checkout gives a current price. */
function expiredState(quote: Quote): SessionState {
  return {
    status: 'canceled',
    messages: [
      {
        type: 'error',
        code: 'expired',
        severity: 'recoverable',
        content: `This checkout expired at ${quote.expiresAt}; create a new one for a current price`,
      },
    ],
    handOver: {},
  }
}

/**
 * Booked, however long ago the quote expired: the booking is the order. Its permalink is the
 * quote's checkout link, which then says the quote is booked: the booking's own page opens with
 * the link emailed to the driver alone, never with the quote's id.
 */
function bookedState(quote: Quote, booking: SessionBooking, links: SiteLinks): SessionState {
  return {
    status: 'completed',
    messages: [bookedMessage(quote, booking)],
    handOver: { order: { id: booking.reference, permalink_url: links.checkout(quote) } },
  }
}

function bookedMessage(quote: Quote, booking: SessionBooking): Message {
  const cancelled = booking.status === 'cancelled' ? ' It has since been cancelled.' : ''
  // The website may have priced the checkout again (the driver's age, a time, other options), and
  // the booking was made from that quote: its total then differs.
  const total =
    booking.totalAmount !== null && booking.totalAmount !== quote.totalAmount
      ? ` The website priced the checkout again with the person's details or choices (a young driver's fee, an after-hours time, other options): the booking's total is ${booking.totalAmount} (NZD cents, GST included), not this checkout's.`
      : ''
  return {
    type: 'info',
    code: 'booked',
    content: `The person booked this on the website as ${booking.reference}; the driver has the confirmation and the link to manage the booking by email.${total}${cancelled}`,
  }
}

function lineItems(quote: Quote) {
  const line = (index: number, id: string, title: string, unitPrice: number, quantity: number) => ({
    id: `li_${index}`,
    item: { id, title, price: unitPrice },
    quantity,
    totals: [
      { type: 'subtotal', amount: unitPrice * quantity },
      { type: 'total', amount: unitPrice * quantity },
    ],
  })
  const days = `${quote.rentalDays} ${quote.rentalDays === 1 ? 'day' : 'days'}`
  const lines = [
    line(
      1,
      itemId('vehicle', quote.vehicleId),
      `${quote.vehicleName}, ${days}`,
      quote.rentalFee,
      1,
    ),
  ]
  for (const accessory of quote.accessories) {
    // The cost is the capped charge for one times the quantity, so it divides exactly.
    const unit = accessory.cost / accessory.quantity
    lines.push(
      line(
        lines.length + 1,
        itemId('accessory', accessory.id),
        accessory.name,
        unit,
        accessory.quantity,
      ),
    )
  }
  if (quote.insurance) {
    const { id, name, cost } = quote.insurance
    lines.push(line(lines.length + 1, itemId('insurance', id), name, cost, 1))
  }
  return lines
}

/** subtotal (the items) + fees (one-way fee, surcharges) - discount = total, to the cent. */
function totals(quote: Quote): Total[] {
  const entries: Total[] = [
    {
      type: 'subtotal',
      display_text: 'Vehicle, accessories and insurance',
      amount: quote.rentalFee + quote.accessoriesFee + quote.insuranceFee,
    },
  ]
  if (quote.routeFee > 0) {
    entries.push({ type: 'fee', display_text: 'One-way fee', amount: quote.routeFee })
  }
  for (const surcharge of quote.surcharges) {
    entries.push({ type: 'fee', display_text: surcharge.name, amount: surcharge.cost })
  }
  if (quote.discount > 0) {
    entries.push({
      type: 'discount',
      display_text: quote.promotion?.name ?? 'Discount',
      amount: -quote.discount,
    })
  }
  entries.push({ type: 'total', display_text: 'Total, GST included', amount: quote.totalAmount })
  return entries
}

/**
 * UCP's answer when no checkout exists to act on: the envelope and what went wrong, where in the
 * request, and (when a person can carry on) where on the website. The fault is always one the
 * agent can put right (`recoverable`): send what the message asks for, or create another checkout.
 */
export function checkoutError(
  siteUrl: string,
  code: string,
  content: string,
  options: { path?: string; continueUrl?: string } = {},
) {
  return {
    ucp: envelope(siteUrl),
    messages: [
      {
        type: 'error',
        code,
        content,
        severity: 'recoverable',
        ...(options.path === undefined ? {} : { path: options.path }),
      },
    ],
    ...(options.continueUrl === undefined ? {} : { continue_url: options.continueUrl }),
  }
}
