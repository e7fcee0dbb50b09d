import { html } from '../docs/html.ts'
import type { BookingRecord } from '../domain/booking.ts'
import { bookingCancellation } from '../domain/cancellation-rule.ts'
import type { Depot } from '../domain/catalogue.ts'
import type { CompanyProfile } from '../presenters/company-profile.ts'
import { formatInstant, formatUntil } from '../presenters/display-format.ts'
import { pickUpChecklist } from '../presenters/pick-up-checklist.ts'
import { freeCancellationOver, noFreeCancellationText } from '../presenters/quote-terms.ts'
import { bookedPrice, bookedRental } from './booking-summary.ts'
import { type PageContent, page } from './page-document.ts'
import { termsList } from './terms-list.ts'

export type ConfirmationPageInput = {
  booking: BookingRecord
  depots: Depot[]
  company: CompanyProfile
  timeZone: string
  /**
   * The booking's own page, shown once, to the confirmation that made the booking. A repeat of
   * the same confirmation shows the booking without it: the link went by email.
   */
  manageUrl: string | undefined
  /** A repeat of the confirmation sent with other details or times, which were not applied. */
  changesNotApplied?: boolean | undefined
}

/**
 * Step 4: the booking is made. The reference first, then what was booked and the price it was
 * booked at (the quote's, line by line), so the page is a receipt the person can keep, and the
 * link to the booking's own page, where it can be seen and cancelled later.
 */
export function confirmationPage(input: ConfirmationPageInput): PageContent {
  const { booking, company } = input
  const contact = [company.phone, company.email].filter((item) => item !== null).join(' or ')
  const { until, freeCancellationHours } = bookingCancellation(booking, {
    freeCancellationHours: company.freeCancellationHours,
    timeZone: input.timeZone,
  })
  const cancelled = booking.status === 'cancelled' ? booking.cancellation : null
  return page(
    `${cancelled ? 'Booking cancelled' : 'Booking confirmed'}: ${booking.reference}`,
    html`${
      cancelled
        ? html`<div class="notice problem" role="alert">
<strong>This booking was cancelled</strong>
<p>Your confirmation had booked it; it was cancelled ${cancelled.by === 'traveller' ? 'on its booking page' : `by ${company.name}`} on ${formatInstant(cancelled.at, input.timeZone)}, and nothing was booked again. The vehicle is no longer held for you.</p>
</div>`
        : input.changesNotApplied
          ? html`<div class="notice problem" role="alert">
<strong>Your changes were not applied</strong>
<p>This booking was already confirmed, with the details shown below. What was changed in the form after that was not applied, and nothing was booked again. To change the booking, contact ${company.name}${contact ? ` (${contact})` : ''}.</p>
</div>`
          : ''
    }<div class="${cancelled ? 'booking-state' : 'confirmed'}" role="status">
<h1>${cancelled ? 'Booking cancelled' : 'Booking confirmed'}</h1>
<p>Your booking reference is</p>
<p class="reference" id="booking-reference">${booking.reference}</p>
<p>Quote this reference when you pick the vehicle up or contact ${company.name}${contact ? ` (${contact})` : ''}.</p>
</div>
${
  cancelled
    ? ''
    : input.manageUrl
      ? html`<div class="notice" role="note">
<strong>Keep this link to see or cancel your booking</strong>
<p><a id="manage-link" href="${input.manageUrl}">${input.manageUrl}</a></p>
<p>We have also emailed it to ${booking.customer?.email ?? 'you'}. ${
          freeCancellationOver(until.toISOString(), booking.createdAt)
            ? `${noFreeCancellationText(freeCancellationHours)}.`
            : `Free cancellation until ${formatUntil(until.toISOString(), input.timeZone)}.`
        }</p>
</div>`
      : html`<div class="notice" role="note">
<strong>This booking was already made</strong>
<p>Your first confirmation booked it; nothing was booked twice. The link to see or cancel it is in the email we sent to ${booking.customer?.email ?? 'you'}.</p>
</div>`
}
<div class="layout">
<section class="panel" aria-labelledby="booked-heading">
<h2 id="booked-heading">What you booked</h2>
${bookedRental(booking, input.depots)}
${
  cancelled
    ? ''
    : html`<h3 id="bring-heading">Bring to the pick-up</h3>
<ul class="checklist" aria-labelledby="bring-heading">${pickUpChecklist(booking).map((item) => html`<li>${item}</li>`)}</ul>`
}
</section>
<section class="panel" aria-labelledby="price-heading">
<h2 id="price-heading">Booked price</h2>
${bookedPrice(booking)}
<p class="muted">This is the price you confirmed; it does not change.</p>
${termsList(booking.price?.terms ?? null, input.timeZone, booking.createdAt)}
</section>
</div>
<p class="actions"><a class="button" href="/book">Book another vehicle</a></p>`,
  )
}
