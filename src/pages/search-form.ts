import { html, type SafeHtml } from '../docs/html.ts'
import { parseCalendarDate } from '../domain/calendar-date.ts'
import type { Depot } from '../domain/catalogue.ts'
import type { SearchValues } from './book-parameters.ts'
import { depotFacts } from './depot-facts.ts'
import { errorAttributes, type FieldErrors, fieldError, hiddenFields } from './form-fields.ts'

export type SearchFormInput = {
  depots: Depot[]
  /** As sent, so a form with an error comes back exactly as the person left it. */
  values: SearchValues
  errors: FieldErrors
  /** Today in the company's zone: the date pickers start there. */
  today: string
}

/**
 * The search: pick-up and drop-off depots and dates, sent to /book as the spec's parameters, and a
 * promotion code if the person has one (without the field, a code was usable only from a link
 * that carried it). What an agent's link added (the driver's age, the agent's reference) goes
 * along unseen: changing the dates dropped them, and the young driver's fees and the agent's
 * credit with them.
 */
export function searchForm({ depots, values, errors, today }: SearchFormInput): SafeHtml {
  const { driver_age, promo_code, agent_ref } = values
  return html`<form class="search-form" method="get" action="/book" novalidate>
${hiddenFields({ driver_age: driver_age || undefined, agent_ref: agent_ref || undefined })}<div class="search-grid">
${depotSelect('pick_up_depot_id', 'Pick-up depot', depots, values.pick_up_depot_id, errors)}
${dateInput('pick_up_date', 'Pick-up date', values.pick_up_date, today, errors)}
${depotSelect('drop_off_depot_id', 'Drop-off depot', depots, values.drop_off_depot_id, errors)}
${dateInput('drop_off_date', 'Drop-off date', values.drop_off_date, today, errors)}
${promoInput(promo_code ?? '', errors)}
</div>
<button type="submit">Show available vehicles</button>
</form>`
}

function promoInput(value: string, errors: FieldErrors): SafeHtml {
  const error = errors.promo_code
  return html`<div class="field${error === undefined ? '' : ' has-error'}">
<label for="promo_code">Promotion code <span class="hint">(optional)</span></label>
${fieldError('promo_code', error)}
<input type="text" id="promo_code" name="promo_code" value="${value}" maxlength="40" autocomplete="off" autocapitalize="characters" spellcheck="false"${errorAttributes('promo_code', error)}>
</div>`
}

function depotSelect(
  name: string,
  label: string,
  depots: Depot[],
  value: string,
  errors: FieldErrors,
): SafeHtml {
  const error = errors[name]
  const known = depots.some((depot) => String(depot.id) === value)
  // A value that is no depot (an old link, a typo in a URL) stays visible and selected, so the
  // person sees what was sent next to the message about it.
  const sent =
    known || value === ''
      ? ''
      : html`<option value="${value}" selected>${value} (not one of our depots)</option>`
  return html`<div class="field${error === undefined ? '' : ' has-error'}">
<label for="${name}">${label}</label>
${fieldError(name, error)}
<select id="${name}" name="${name}" required${errorAttributes(name, error)}>
${value === '' ? html`<option value="" selected>Choose a depot</option>` : ''}
${sent}
${depots.map((depot) => html`<option value="${depot.id}"${String(depot.id) === value ? ' selected' : ''}>${depot.name}</option>`)}
</select>
</div>`
}

function dateInput(
  name: string,
  label: string,
  value: string,
  today: string,
  errors: FieldErrors,
): SafeHtml {
  const error = errors[name]
  // A date input cannot show text that is not a date (2027-02-30, say); a text input can, so
  // the person sees what was sent, next to the message that quotes it.
  const type = value === '' || parseCalendarDate(value) ? 'date' : 'text'
  const extra =
    type === 'date'
      ? html` min="${today}"`
      : html` inputmode="numeric" placeholder="YYYY-MM-DD" spellcheck="false"`
  return html`<div class="field${error === undefined ? '' : ' has-error'}">
<label for="${name}">${label}</label>
${fieldError(name, error)}
<input type="${type}" id="${name}" name="${name}" value="${value}" required${extra}${errorAttributes(name, error)}>
</div>`
}

/** Each depot's opening hours and hand-over times, so a person picks dates the depot is open. */
export function openingHours(depots: Depot[]): SafeHtml {
  const times = (byDay: Depot['pickupTimes']) =>
    `weekdays ${byDay.weekday.join(', ') || 'none'}; weekends ${byDay.weekend.join(', ') || 'none'}`
  return html`<section aria-labelledby="hours-heading">
<h2 id="hours-heading">Our depots</h2>
<ul class="depots">
${depots.map(
  (depot) => html`<li id="depot-${depot.id}">
<h3>${depot.name}</h3>
${depotFacts(depot)}
<p>${depot.openingHoursDescription}</p>
<p class="muted">Pick-up: ${times(depot.pickupTimes)}</p>
<p class="muted">Drop-off: ${times(depot.dropOffTimes)}</p>
</li>
`,
)}
</ul>
</section>`
}
