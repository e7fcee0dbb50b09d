import { html, type SafeHtml } from '../docs/html.ts'
import type { PriceLines } from '../presenters/price-lines.ts'

/**
 * Every line of a price, as the quote API gives it: rental fee (days x daily rate), route fee,
 * each accessory with its quantity, the accessories fee, the insurance plan (or the one included),
 * the insurance fee, each surcharge, the promotion's discount, the total and the GST it includes. The checkout and the confirmation show the same table.
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
${row('Insurance fee', lines.insurance ? '' : lines.includedInsurance ? `Included: ${lines.includedInsurance.name}, excess ${lines.includedInsurance.excess}` : 'No insurance plan', lines.insuranceFee, 'subtotal')}
${lines.surcharges.map((line) => row(line.name, 'Surcharge', line.cost, 'line'))}
${lines.surcharges.length > 0 ? row('Surcharges', '', lines.surchargesFee, 'subtotal') : ''}
${lines.promotion ? row(`Promotion ${lines.promotion.code}`, lines.promotion.name, lines.promotion.discount, 'subtotal') : ''}
${row('Total', 'GST included', lines.total, 'total')}
${row('GST included in the total', '15%', lines.gst, 'gst')}
</tbody>
</table>`
}
