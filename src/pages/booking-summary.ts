import { html, type SafeHtml } from '../docs/html.ts'
import type { BookingRecord } from '../domain/booking.ts'
import type { Depot } from '../domain/catalogue.ts'
import { formatNzd } from '../presenters/display-format.ts'
import { presentPriceLines } from '../presenters/price-lines.ts'
import { handOver } from './depot-name.ts'
import { priceTable } from './price-table.ts'

/**
 * What was booked, as the confirmation and the booking's own page show it: the vehicle, where and
 * when to pick up and drop off (with each depot's address, map link, directions and phone), the
 * rental's length and who booked.
 */
export function bookedRental(booking: BookingRecord, depots: Depot[]): SafeHtml {
  const { price, customer } = booking
  const at = (time: string | null) => (time ? ` at ${time}` : '')
  const days = price?.rentalDays
  return html`<dl class="rental">
<dt>Vehicle</dt><dd>${price?.vehicleName ?? `vehicle ${booking.vehicleId}`}</dd>
<dt>Pick-up</dt><dd>${handOver(depots, booking.pickUpDepotId, booking.pickUpDate, at(booking.pickUpTime))}</dd>
<dt>Drop-off</dt><dd>${handOver(depots, booking.dropOffDepotId, booking.dropOffDate, at(booking.dropOffTime))}</dd>
${days === undefined ? '' : html`<dt>Rental length</dt><dd>${days} ${days === 1 ? 'day' : 'days'}</dd>`}
${customer ? html`<dt>Name</dt><dd>${customer.fullName}</dd><dt>Email</dt><dd>${customer.email}</dd><dt>Phone</dt><dd>${customer.phone}</dd>` : ''}
</dl>`
}

/** The booked price, line by line; a booking made elsewhere shows its total only. */
export function bookedPrice(booking: BookingRecord): SafeHtml {
  if (booking.price) return priceTable(presentPriceLines(booking.price), 'Booked price')
  if (booking.totalAmount === null) return html`<p>The price agreed with us.</p>`
  return html`<p>Total ${formatNzd(booking.totalAmount)}, GST included.</p>`
}
