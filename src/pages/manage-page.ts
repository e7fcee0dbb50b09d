import { html, type SafeHtml } from '../docs/html.ts'
import type { BookingRecord } from '../domain/booking.ts'
import type { Depot } from '../domain/catalogue.ts'
import type { CompanyProfile } from '../presenters/company-profile.ts'
import { formatInstant, formatUntil } from '../presenters/display-format.ts'
import {
  freeCancellationOver,
  freeOfChargeText,
  noFreeCancellationText,
} from '../presenters/quote-terms.ts'
import { bookedPrice, bookedRental } from './booking-summary.ts'
import { errorAttributes, errorSummary, fieldError, hiddenFields } from './form-fields.ts'
import { type Notice, noticeBox } from './notice.ts'
import { type PageContent, page } from './page-document.ts'
import { termsList } from './terms-list.ts'

export type ManagePageInput = {
  booking: BookingRecord
  depots: Depot[]
  company: CompanyProfile
  timeZone: string
  /** Whether the traveller may still cancel here, and until when free cancellation runs. */
  cancel: { allowed: boolean; until: Date; freeCancellationHours: number }
  /** The form to cancel posts here, with this token; absent when it cannot be cancelled. */
  cancelForm: { action: string; csrfToken: string } | undefined
  notice?: Notice | undefined
  reasonError?: string | undefined
  /** Said when the form came without its confirming tick; the reason typed is kept. */
  confirmError?: string | undefined
  reason?: string | undefined
}

/**
 * A booking's own page, opened from the link on the confirmation and in the email: every detail,
 * its status, and while the company's rule allows, the button to cancel it; later, how to reach
 * the depot to cancel by phone. Nothing on the page reveals the link's token to another site.
 */
export function managePage(input: ManagePageInput): PageContent {
  const { booking, company } = input
  const title =
    booking.status === 'cancelled'
      ? `Booking cancelled: ${booking.reference}`
      : `Your booking: ${booking.reference}`
  // A cancellation refused for a field (the box not ticked) is said at the top too, linked to the
  // field: said only next to it, far down the page, the booking looked cancelled and was not.
  const problems = [
    ...(input.confirmError ? [{ href: '#confirm', message: input.confirmError }] : []),
    ...(input.reasonError ? [{ href: '#reason', message: input.reasonError }] : []),
  ]
  return page(
    problems.length > 0 ? `Error: ${title}` : title,
    html`<h1>${booking.status === 'cancelled' ? 'Booking cancelled' : 'Your booking'}</h1>
${errorSummary(problems.map((problem) => ({ ...problem, message: `Not cancelled: ${problem.message}` })))}
<p class="reference" id="booking-reference">${booking.reference}</p>
${input.notice ? noticeBox(input.notice) : ''}
${status(input)}
<div class="layout">
<section class="panel" aria-labelledby="booked-heading">
<h2 id="booked-heading">What you booked</h2>
${bookedRental(booking, input.depots)}
</section>
<section class="panel" aria-labelledby="price-heading">
<h2 id="price-heading">Booked price</h2>
${bookedPrice(booking)}
${
  // Cancelled, its payment and cancellation terms bind nothing any more: not shown as if they did.
  booking.status === 'cancelled'
    ? ''
    : termsList(booking.price?.terms ?? null, input.timeZone, booking.createdAt)
}
</section>
</div>
${booking.status === 'confirmed' ? cancelSection(input) : ''}
<p class="muted">Questions? ${[company.phone, company.email].filter(Boolean).join(' · ') || company.name}</p>`,
  )
}

function status({ booking, timeZone }: ManagePageInput): SafeHtml {
  const cancellation = booking.cancellation
  if (booking.status === 'cancelled' && cancellation) {
    const by = cancellation.by === 'traveller' ? 'by you' : 'by us'
    return html`<div class="notice problem" role="status" id="booking-status">
<strong>This booking was cancelled ${by} on ${formatInstant(cancellation.at, timeZone)}.</strong>
${cancellation.reason ? html`<p>Reason: ${cancellation.reason}</p>` : ''}
<p>The vehicle is no longer held for you.${cancellation.by === 'traveller' ? ` ${freeOfChargeText(true)}` : ''}</p>
</div>`
  }
  return html`<div class="confirmed" role="status" id="booking-status"><p><strong>Confirmed.</strong> See you at the pick-up.</p></div>`
}

function cancelSection(input: ManagePageInput): SafeHtml {
  const { booking, timeZone, cancel } = input
  const deadline = cancel.until.toISOString()
  if (!cancel.allowed || !input.cancelForm) {
    // Booked already inside the free cancellation hours: it never had any, as its checkout said;
    // "ended on" a day before the booking was made read as a right lost.
    const ended = freeCancellationOver(deadline, booking.createdAt)
      ? `${noFreeCancellationText(cancel.freeCancellationHours)}.`
      : `Free cancellation online ended on ${formatInstant(deadline, timeZone)}, ${cancel.freeCancellationHours} hours before pick-up.`
    const depot = input.depots.find((candidate) => candidate.id === booking.pickUpDepotId)
    const phone = depot?.phone ?? input.company.phone
    return html`<section class="panel" aria-labelledby="cancel-heading">
<h2 id="cancel-heading">Cancel this booking</h2>
<p>${ended}</p>
<p>To cancel or change it now, call ${depot?.name ?? input.company.name}${phone ? html` on <a href="tel:${phone.replace(/[^+0-9]/g, '')}">${phone}</a>` : ''}.</p>
</section>`
  }
  return html`<section class="panel" aria-labelledby="cancel-heading">
<h2 id="cancel-heading">Cancel this booking</h2>
<p>You can cancel free of charge until ${formatUntil(deadline, timeZone)}.</p>
<form method="post" action="${input.cancelForm.action}" novalidate>
${hiddenFields({ _csrf: input.cancelForm.csrfToken })}
<div class="field${input.reasonError ? ' has-error' : ''}">
<label for="reason">Why are you cancelling? <span class="hint">Optional</span></label>
${fieldError('reason', input.reasonError)}
<input type="text" id="reason" name="reason" maxlength="500" autocomplete="off" value="${input.reason ?? ''}">
</div>
<div class="field${input.confirmError ? ' has-error' : ''}">
${fieldError('confirm', input.confirmError)}
<label class="check"><input type="checkbox" id="confirm" name="confirm" value="yes"${errorAttributes('confirm', input.confirmError)}> Yes, cancel it: the vehicle will no longer be held for me</label>
</div>
<button type="submit" class="danger">Cancel booking</button>
</form>
</section>`
}
