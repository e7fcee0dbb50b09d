import { html, type SafeHtml } from '../docs/html.ts'
import type { BookingRecord } from '../domain/booking.ts'
import { bookingCancellation } from '../domain/cancellation-rule.ts'
import type { Depot } from '../domain/catalogue.ts'
import type { CatalogueIndex } from '../domain/catalogue-index.ts'
import type { CompanyProfile } from '../presenters/company-profile.ts'
import {
  formatCalendarDate,
  formatInstant,
  formatNzd,
  formatUntil,
} from '../presenters/display-format.ts'
import { mapLink } from '../presenters/map-link.ts'
import { pickUpChecklist } from '../presenters/pick-up-checklist.ts'
import { presentPriceLines } from '../presenters/price-lines.ts'
import {
  freeCancellationOver,
  freeOfChargeText,
  noFreeCancellationText,
  presentTerms,
  termsSentences,
} from '../presenters/quote-terms.ts'
import type { EmailMessage } from './outbox-message.ts'

/*
 * The emails a booking and a cancellation send, written when the booking is (so what is sent is
 * what was booked, whatever changes later): to the traveller, every line of the price, where and
 * when to pick up and drop off, and the link to see or cancel; to the company, what it needs to
 * prepare the vehicle. Each has a plain-text part and an HTML one with the same content.
 */

export type EmailContext = {
  catalogue: CatalogueIndex
  company: CompanyProfile
  timeZone: string
}

type Draft = Omit<EmailMessage, 'channel' | 'id'>

export function travellerConfirmation(
  context: EmailContext,
  booking: BookingRecord,
  manageUrl: string,
): Draft | undefined {
  const to = booking.customer?.email
  if (!to) return undefined
  const { company } = context
  const free = bookingCancellation(booking, {
    freeCancellationHours: company.freeCancellationHours,
    timeZone: context.timeZone,
  })
  const noneFree = freeCancellationOver(free.until.toISOString(), booking.createdAt)
  const reach = depotContact(context, booking)
  const cancelRule = noneFree
    ? `${noFreeCancellationText(free.freeCancellationHours)}. To cancel, ${reach}.`
    : `Free cancellation until ${formatUntil(free.until.toISOString(), context.timeZone)}: cancel on your booking's page. Later, ${reach}.`
  // The booking's page cancels only while cancelling is free: the link promises no more.
  const linkText = noneFree ? 'See your booking' : 'See or cancel your booking'
  const terms = bookedTerms(context, booking)
  const bring = pickUpChecklist(booking)
  const sections = [
    `Your booking with ${company.name} is confirmed.`,
    rentalText(context, booking),
    ['Bring to the pick-up:', ...bring.map((item) => `  - ${item}`)].join('\n'),
    priceText(booking),
    ...(terms.length > 0
      ? [['Terms:', ...terms.map(({ label, text }) => `  ${label}: ${text}`)].join('\n')]
      : []),
    `${cancelRule}\n${linkText}: ${manageUrl}`,
    contactText(company),
  ]
  return {
    to: [to],
    subject: `Booking confirmed: ${booking.reference} · ${company.name}`,
    replyTo: company.email ?? undefined,
    text: `Hello ${booking.customer?.fullName ?? ''},\n\n${sections.join('\n\n')}\n`,
    html: page(
      company,
      `Booking confirmed: ${booking.reference}`,
      html`<p>Hello ${booking.customer?.fullName ?? ''},</p>
<p>Your booking with ${company.name} is confirmed.</p>
${rentalHtml(context, booking)}
<p><strong>Bring to the pick-up</strong></p>
<ul>${bring.map((item) => html`<li>${item}</li>`)}</ul>
${priceHtml(booking)}
${terms.length > 0 ? html`<p><strong>Terms</strong>${terms.map(({ label, text }) => html`<br>${label}: ${text}`)}</p>` : ''}
<p>${cancelRule}</p>
<p><a href="${manageUrl}">${linkText}</a></p>`,
    ),
  }
}

export function travellerCancellation(
  context: EmailContext,
  booking: BookingRecord,
): Draft | undefined {
  const to = booking.customer?.email
  if (!to) return undefined
  const { company } = context
  const said = cancellationText(context, booking, 'you')
  return {
    to: [to],
    subject: `Booking cancelled: ${booking.reference} · ${company.name}`,
    replyTo: company.email ?? undefined,
    text: `Hello ${booking.customer?.fullName ?? ''},\n\n${[said, rentalText(context, booking), contactText(company)].join('\n\n')}\n`,
    html: page(
      company,
      `Booking cancelled: ${booking.reference}`,
      html`<p>Hello ${booking.customer?.fullName ?? ''},</p>
<p>${said}</p>
${rentalHtml(context, booking)}`,
    ),
  }
}

/** To the pick-up depot's own address when it has one, else the company's; none when neither. */
export function companyNotice(
  context: EmailContext,
  booking: BookingRecord,
  event: 'created' | 'cancelled',
): Draft | undefined {
  const depot = depotOf(context, booking.pickUpDepotId)
  const to = depot?.email ?? context.company.email
  if (!to) return undefined
  const customer = booking.customer
  const who = [
    customer
      ? `Customer: ${[customer.fullName, customer.email, customer.phone].filter(Boolean).join(', ')}`
      : 'Customer: not known',
    ...(booking.price?.driverAge ? [`Driver's age at pick-up: ${booking.price.driverAge}`] : []),
    ...(booking.agentRef ? [`Sent by agent: ${booking.agentRef}`] : []),
  ].join('\n')
  const head =
    event === 'created' ? `New booking ${booking.reference}.` : cancellationText(context, booking)
  const sections = [head, rentalText(context, booking), who]
  if (event === 'created') sections.push(priceText(booking))
  return {
    to: [to],
    subject: `${event === 'created' ? 'New booking' : 'Cancelled'}: ${booking.reference} · ${vehicleName(context, booking)} · ${formatCalendarDate(booking.pickUpDate)}`,
    replyTo: customer?.email || undefined,
    text: `${sections.join('\n\n')}\n`,
    html: page(
      context.company,
      event === 'created' ? `New booking ${booking.reference}` : `Cancelled: ${booking.reference}`,
      html`<p>${head}</p>
${rentalHtml(context, booking)}
<p>${who.split('\n').map((line, i) => html`${i > 0 ? html`<br>` : ''}${line}`)}</p>
${event === 'created' ? priceHtml(booking) : ''}`,
    ),
  }
}

/**
 * The terms the booking was quoted with, but cancellation (said apart, from the booking's own
 * pick-up time): distance, fuel, bond, payment, drivers. None for a booking made before quotes
 * carried terms.
 */
function bookedTerms(context: EmailContext, booking: BookingRecord) {
  const terms = booking.price?.terms
  if (!terms) return []
  return termsSentences(presentTerms(terms, context.timeZone, booking.createdAt)).filter(
    ({ label }) => label !== 'Cancellation',
  )
}

/** Who cancelled, as the reader knows them: `you` in the traveller's own email. */
function cancellationText(
  context: EmailContext,
  booking: BookingRecord,
  traveller = 'the traveller',
): string {
  const cancellation = booking.cancellation
  const when = cancellation ? formatInstant(cancellation.at, context.timeZone) : ''
  const byTraveller = cancellation?.by === 'traveller'
  const by = byTraveller ? `by ${traveller}` : `by ${context.company.name}`
  // The traveller's own reason is not sent back to them: it told them nothing, and anyone who
  // booked with another's address could have the company's mail carry their text to it.
  const toTraveller = traveller === 'you'
  const why =
    cancellation?.reason && !(byTraveller && toTraveller) ? ` Reason: ${cancellation.reason}` : ''
  const free = byTraveller ? ` ${freeOfChargeText(toTraveller)}` : ''
  return `Booking ${booking.reference} with ${context.company.name} was cancelled ${by} on ${when}. The vehicle is no longer held.${free}${why}`
}

function vehicleName(context: EmailContext, booking: BookingRecord): string {
  return (
    booking.price?.vehicleName ??
    context.catalogue.vehicle(booking.vehicleId)?.name ??
    `vehicle ${booking.vehicleId}`
  )
}

function depotOf(context: EmailContext, id: number): Depot | undefined {
  return context.catalogue.catalogue.depots.find((depot) => depot.id === id)
}

function handOverLines(
  context: EmailContext,
  label: string,
  depotId: number,
  date: string,
  time: string | null,
): string[] {
  const depot = depotOf(context, depotId)
  const lines = [
    `${label}: ${formatCalendarDate(date)}${time ? ` at ${time}` : ''}, ${depot?.name ?? `depot ${depotId}`}`,
  ]
  if (!depot) return lines
  const map = mapLink(depot)
  for (const line of [
    depot.address,
    depot.directions,
    map ? `Map: ${map}` : null,
    depot.phone ? `Phone: ${depot.phone}` : null,
    depot.openingHoursDescription,
  ]) {
    if (line) lines.push(`  ${line}`)
  }
  return lines
}

function rentalText(context: EmailContext, booking: BookingRecord): string {
  return [
    `Booking reference: ${booking.reference}`,
    `Vehicle: ${vehicleName(context, booking)}`,
    ...handOverLines(
      context,
      'Pick-up',
      booking.pickUpDepotId,
      booking.pickUpDate,
      booking.pickUpTime,
    ),
    ...handOverLines(
      context,
      'Drop-off',
      booking.dropOffDepotId,
      booking.dropOffDate,
      booking.dropOffTime,
    ),
  ].join('\n')
}

function rentalHtml(context: EmailContext, booking: BookingRecord): SafeHtml {
  const place = (label: string, depotId: number, date: string, time: string | null) => {
    const [first, ...rest] = handOverLines(context, label, depotId, date, time)
    return html`<p><strong>${first}</strong>${rest.map((line) => html`<br>${htmlLine(line.trim())}`)}</p>`
  }
  return html`<p>Booking reference: <strong>${booking.reference}</strong><br>Vehicle: ${vehicleName(context, booking)}</p>
${place('Pick-up', booking.pickUpDepotId, booking.pickUpDate, booking.pickUpTime)}
${place('Drop-off', booking.dropOffDepotId, booking.dropOffDate, booking.dropOffTime)}`
}

/** A line of a hand-over as HTML: the map's address a link to follow, as in the text a URL is. */
function htmlLine(line: string): SafeHtml | string {
  const map = /^Map: (https?:\/\/\S+)$/.exec(line)?.[1]
  return map ? html`<a href="${map}">Map</a>` : line
}

/** Every line of the booked price, with the total and its GST. */
function priceRows(booking: BookingRecord): [string, string][] {
  if (!booking.price) {
    return booking.totalAmount === null
      ? []
      : [['Total (GST included)', formatNzd(booking.totalAmount)]]
  }
  const lines = presentPriceLines(booking.price)
  return [
    [
      `Rental: ${lines.rentalDays} ${lines.rentalDays === 1 ? 'day' : 'days'} × ${lines.dailyRate}`,
      lines.rentalFee,
    ],
    [
      lines.oneWay ? 'One-way route fee' : 'Route fee (returned to the pick-up depot)',
      lines.routeFee,
    ],
    ...lines.accessories.map((line): [string, string] => [
      `${line.name} × ${line.quantity}`,
      line.cost,
    ]),
    ...(lines.insurance
      ? [[`Insurance: ${lines.insurance.name}`, lines.insurance.cost] as [string, string]]
      : []),
    ...(lines.includedInsurance
      ? [
          [
            `Insurance: ${lines.includedInsurance.name} included, excess ${lines.includedInsurance.excess}`,
            lines.insuranceFee,
          ] as [string, string],
        ]
      : []),
    ...lines.surcharges.map((line): [string, string] => [line.name, line.cost]),
    ...(lines.promotion
      ? [[`Promotion ${lines.promotion.code}`, lines.promotion.discount] as [string, string]]
      : []),
    ['Total (GST included)', lines.total],
    ['GST included in the total (15%)', lines.gst],
  ]
}

function priceText(booking: BookingRecord): string {
  const rows = priceRows(booking)
  if (rows.length === 0) return 'Price: as agreed with the company'
  const width = Math.max(...rows.map(([item]) => item.length))
  return [
    'Price, in New Zealand dollars:',
    ...rows.map(([item, amount]) => `  ${item.padEnd(width)}  ${amount}`),
  ].join('\n')
}

function priceHtml(booking: BookingRecord): SafeHtml {
  const rows = priceRows(booking)
  if (rows.length === 0) return html``
  return html`<p><strong>Price, in New Zealand dollars</strong></p>
<table role="presentation" cellpadding="4" style="border-collapse:collapse">
${rows.map(([item, amount]) => html`<tr><td>${item}</td><td style="text-align:right">${amount}</td></tr>\n`)}
</table>`
}

/**
 * How the traveller reaches the depot to cancel once only it can: its phone, else the company's,
 * else the company's email. "Call the pick-up depot" had been said to travellers of a company
 * that gave no number at all.
 */
function depotContact(context: EmailContext, booking: BookingRecord): string {
  const { company } = context
  const phone = depotOf(context, booking.pickUpDepotId)?.phone ?? company.phone
  if (phone) return `call the pick-up depot on ${phone}`
  if (company.email) return `write to ${company.name} at ${company.email}`
  return `contact ${company.name}`
}

function contactText(company: CompanyProfile): string {
  const contacts = [company.phone, company.email, company.website].filter(Boolean).join(' · ')
  return contacts ? `Questions? ${contacts}\n${company.name}` : company.name
}

function page(company: CompanyProfile, title: string, body: SafeHtml): string {
  const contacts = [company.phone, company.email].filter(Boolean).join(' · ')
  return html`<!doctype html>
<html lang="en-NZ"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1c2420">
<h1 style="font-size:1.3rem">${title}</h1>
${body}
<p style="color:#556">${company.name}${contacts ? html` · ${contacts}` : ''}</p>
</body></html>
`.value
}
