import { html, type SafeHtml } from '../docs/html.ts'
import type { PriceLines } from '../presenters/price-lines.ts'

/**
 * Every line of a price, as the quote API gives it: rental fee (days x daily rate), route fee,
 * each accessory with its quantity, the accessories fee, the insurance plan, the insurance fee,
 * the total and the GST it includes. The checkout and the confirmation show the same table.
 * Two columns, the detail under each item, so that it reads on a phone without squeezing.
 */
export function priceTable(lines: PriceLines, caption: string): SafeHtml {
  const days = `${lines.rentalDays} ${lines.rentalDays === 1 ? 'day' : 'days'}`
  const row = (item: string, detail: string, amount: string, className = '') =>
    html`<tr${className ? html` class="${className}"` : ''}><th scope="row">${item}${detail ? html`<span class="hint">${detail}</span>` : ''}</th><td class="amount">${amount}</td></tr>\n`
  return html`<table class="price">
<caption class="visually-hidden">${caption}</caption>
<thead class="visually-hidden"><tr><th scope="col">Item</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>
${row('Rental fee', `${days} × ${lines.dailyRate}`, lines.rentalFee)}
${row('Route fee', lines.oneWay ? 'One-way rental' : 'Returned to the pick-up depot', lines.routeFee, 'subtotal')}
${lines.accessories.map((line) => row(line.name, `Quantity ${line.quantity}`, line.cost, 'line'))}
${row('Accessories fee', lines.accessories.length === 0 ? 'No accessories' : '', lines.accessoriesFee, 'subtotal')}
${lines.insurance ? row(lines.insurance.name, 'Insurance plan', lines.insurance.cost, 'line') : ''}
${row('Insurance fee', lines.insurance ? '' : 'No insurance plan', lines.insuranceFee, 'subtotal')}
${row('Total', 'GST included', lines.total, 'total')}
${row('GST included in the total', '15%', lines.gst, 'gst')}
</tbody>
</table>`
}
