import { html } from '../docs/html.ts'
import type { ConfirmedBooking } from '../domain/booking.ts'
import type { Depot } from '../domain/catalogue.ts'
import type { CompanyProfile } from '../presenters/company-profile.ts'
import { presentPriceLines } from '../presenters/price-lines.ts'
import { handOver } from './depot-name.ts'
import { type PageContent, page } from './page-document.ts'
import { priceTable } from './price-table.ts'

/**
 * Step 4: the booking is made. The reference first, then what was booked and the price it was
 * booked at (the quote's, line by line), so the page is a receipt the person can keep.
 */
export function confirmationPage(
  booking: ConfirmedBooking,
  depots: Depot[],
  company: CompanyProfile,
): PageContent {
  const contact = [company.phone, company.email].filter((item) => item !== null).join(' or ')
  const { price, customer } = booking
  return page(
    `Booking confirmed: ${booking.reference}`,
    html`<div class="confirmed" role="status">
<h1>Booking confirmed</h1>
<p>Your booking reference is</p>
<p class="reference" id="booking-reference">${booking.reference}</p>
<p>Quote this reference when you pick the vehicle up or contact ${company.name}${contact ? ` (${contact})` : ''}.</p>
</div>
<div class="layout">
<section class="panel" aria-labelledby="booked-heading">
<h2 id="booked-heading">What you booked</h2>
<dl class="rental">
<dt>Vehicle</dt><dd>${price.vehicleName}</dd>
<dt>Pick-up</dt><dd>${handOver(depots, booking.pickUpDepotId, booking.pickUpDate)}</dd>
<dt>Drop-off</dt><dd>${handOver(depots, booking.dropOffDepotId, booking.dropOffDate)}</dd>
<dt>Rental length</dt><dd>${price.rentalDays} ${price.rentalDays === 1 ? 'day' : 'days'}</dd>
<dt>Name</dt><dd>${customer.fullName}</dd>
<dt>Email</dt><dd>${customer.email}</dd>
<dt>Phone</dt><dd>${customer.phone}</dd>
</dl>
</section>
<section class="panel" aria-labelledby="price-heading">
<h2 id="price-heading">Booked price</h2>
${priceTable(presentPriceLines(price), 'Booked price')}
<p class="muted">This is the price you confirmed; it does not change.</p>
</section>
</div>
<p class="actions"><a class="button" href="/book">Book another vehicle</a></p>`,
  )
}
