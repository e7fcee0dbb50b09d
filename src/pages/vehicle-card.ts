import { html, type SafeHtml } from '../docs/html.ts'
import { capitalised } from '../domain/capitalised.ts'
import type { Accessory, ChargeRule, InsurancePlan, Vehicle } from '../domain/catalogue.ts'
import { includedAmong } from '../domain/quote-terms.ts'
import { formatNzd } from '../presenters/display-format.ts'
import type { SiteLinks } from '../presenters/site-links.ts'
import type { RentalOffer } from '../verbs/find-rental-offers.ts'
import type { SearchValues } from './book-parameters.ts'
import { fieldError, hiddenFields } from './form-fields.ts'

/** What a checkout link asked of this vehicle, shown again on its card when the link failed. */
export type CardSelection = {
  quantities: Map<number, number>
  insuranceId: number | undefined
  /** The message for the accessories or the insurance plan, by the API's parameter name. */
  errors: { accessory_ids?: string; insurance_id?: string }
}

export type VehicleCardInput = {
  offer: RentalOffer
  rentalDays: number
  search: SearchValues
  links: SiteLinks
  selection: CardSelection | undefined
}

/**
 * One available vehicle: its picture, price for the search and a form to choose accessories and
 * an insurance plan. The form goes to /book, which turns it into the spec's checkout link.
 */
export function vehicleCard({
  offer,
  rentalDays,
  search,
  links,
  selection,
}: VehicleCardInput): SafeHtml {
  const { vehicle, terms } = offer
  const id = `v${vehicle.id}`
  // The total from is the fees, each surcharge by its name and the promotion taken off, each on
  // its own line: "Surcharges NZ$368.00" did not say it was a 20-year-old's young-driver fees.
  return html`<li class="vehicle" id="vehicle-${vehicle.id}">
<img src="${links.vehicleImage(vehicle.image)}" alt="" width="640" height="360">
<div class="vehicle-body">
<h2>${vehicle.name}</h2>
${vehicleFacts(vehicle)}
<dl class="terms">
<div><dt>Daily rate</dt><dd>${formatNzd(terms.dailyRate)}</dd></div>
<div><dt>Rental days</dt><dd>${rentalDays}</dd></div>
<div><dt>Rental fee</dt><dd>${formatNzd(terms.rentalFee)}</dd></div>
${terms.routeFee > 0 ? html`<div><dt>One-way route fee</dt><dd>${formatNzd(terms.routeFee)}</dd></div>` : ''}
${offer.surcharges.map((line) => html`<div><dt>${line.name}</dt><dd>${formatNzd(line.cost)}</dd></div>`)}
${offer.discount > 0 ? html`<div class="discount"><dt>Promotion${search.promo_code ? ` ${search.promo_code.toUpperCase()}` : ''}</dt><dd>−${formatNzd(offer.discount)}</dd></div>` : ''}
<div class="total-from"><dt>Total from</dt><dd>${formatNzd(offer.totalFrom)}</dd></div>
</dl>
<form method="get" action="/book" novalidate>
${hiddenFields({ ...search, vehicle_id: String(vehicle.id) })}
${accessoriesFieldset(id, offer.accessories, selection)}
${insuranceFieldset(id, offer.insurancePlans, selection)}
<button type="submit">Choose ${vehicle.name}</button>
</form>
</div>
</li>
`
}

function accessoriesFieldset(
  id: string,
  accessories: Accessory[],
  selection: CardSelection | undefined,
): SafeHtml {
  const error = selection?.errors.accessory_ids
  if (accessories.length === 0 && error === undefined) return html``
  // Folded away until wanted, so a list of vehicles stays short on a phone; open when a link
  // chose some or one of them is at fault. <details> needs no script.
  const open = error !== undefined || (selection?.quantities.size ?? 0) > 0
  return html`<details class="accessories"${open ? ' open' : ''}>
<summary>Add accessories <span class="hint">${accessories.length} offered for these dates</span></summary>
<fieldset id="${id}-accessories"${error === undefined ? '' : html` class="has-error"`}>
<legend class="visually-hidden">Accessories</legend>
${fieldError(`${id}-accessories`, error)}
<div class="options">
${accessories.map((accessory) => accessoryOption(id, accessory, selection?.quantities.get(accessory.id) ?? 0))}
</div>
</fieldset>
</details>`
}

function accessoryOption(id: string, accessory: Accessory, chosen: number): SafeHtml {
  const field = `${id}-qty-${accessory.id}`
  // A link may have asked for more than the most per rental: that quantity stays visible,
  // selected, next to the message that says the limit.
  const most = Math.max(accessory.maxQuantity, chosen)
  const quantities = Array.from({ length: most + 1 }, (_, quantity) => quantity)
  return html`<div class="option">
<label for="${field}">${accessory.name}<span class="hint">${chargeText(accessory)}</span></label>
<select id="${field}" name="qty_${accessory.id}">
${quantities.map((quantity) => html`<option value="${quantity}"${quantity === chosen ? ' selected' : ''}>${quantity}</option>`)}
</select>
</div>
`
}

function insuranceFieldset(
  id: string,
  plans: InsurancePlan[],
  selection: CardSelection | undefined,
): SafeHtml {
  const error = selection?.errors.insurance_id
  if (plans.length === 0 && error === undefined) return html``
  // A link's plan stays chosen; otherwise the cheapest, so nobody pays for cover by default. With
  // no plan at no cost, "none" is a choice of its own, and the default: the one paid plan had been
  // chosen for every traveller, with no way on the page to decline it.
  const cheapest = [...plans].sort((a, b) => a.price - b.price || a.id - b.id)[0]
  const noneOffered = includedAmong(plans) === null
  const chosen = selection ? selection.insuranceId : noneOffered ? undefined : cheapest?.id
  const noneField = `${id}-insurance-none`
  return html`<fieldset id="${id}-insurance"${error === undefined ? '' : html` class="has-error"`}>
<legend>Insurance</legend>
${fieldError(`${id}-insurance`, error)}
<div class="options">
${
  noneOffered
    ? html`<div class="choice">
<input type="radio" id="${noneField}" name="insurance_id" value=""${chosen === undefined ? ' checked' : ''}>
<label for="${noneField}"><strong>No insurance plan</strong> · No extra cost<span class="hint">You are liable for damage or theft.</span></label>
</div>
`
    : ''
}${plans.map((plan) => {
  const field = `${id}-insurance-${plan.id}`
  return html`<div class="choice">
<input type="radio" id="${field}" name="insurance_id" value="${plan.id}"${plan.id === chosen ? ' checked' : ''}>
<label for="${field}"><strong>${plan.name}</strong> · ${chargeText(plan)}<span class="hint">Excess ${formatNzd(plan.excess)}. ${plan.description}</span></label>
</div>
`
})}
</div>
</fieldset>`
}

/** `5 seats · 4 doors · 2 large bags · Automatic · Hybrid · Apple CarPlay`, as far as the fleet says. */
function vehicleFacts(vehicle: Vehicle): SafeHtml {
  const { seats, doors, bags, transmission, fuel, features } = vehicle.facts
  const plural = (count: number, one: string, many: string) =>
    `${count} ${count === 1 ? one : many}`
  const items = [
    seats === undefined ? undefined : plural(seats, 'seat', 'seats'),
    doors === undefined ? undefined : plural(doors, 'door', 'doors'),
    bags === undefined ? undefined : plural(bags, 'large bag', 'large bags'),
    transmission === undefined ? undefined : capitalised(transmission),
    fuel === undefined ? undefined : capitalised(fuel),
    ...(features ?? []),
  ].filter((item) => item !== undefined)
  if (items.length === 0) return html``
  return html`<ul class="facts-list" aria-label="About this vehicle">${items.map((item) => html`<li>${item}</li>`)}</ul>`
}

/** `NZ$12.00 per day, at most NZ$50.00 per rental`, or `No extra cost`. */
export function chargeText(rule: ChargeRule): string {
  if (rule.price === 0) return 'No extra cost'
  const cap = rule.maxCharge === null ? '' : `, at most ${formatNzd(rule.maxCharge)} per rental`
  return `${formatNzd(rule.price)} per ${rule.per}${cap}`
}
