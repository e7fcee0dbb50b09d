import { html, type SafeHtml } from '../docs/html.ts'
import { dayTypeOf, parseCalendarDate } from '../domain/calendar-date.ts'
import type { Depot } from '../domain/catalogue.ts'
import type { Surcharge } from '../domain/company-terms.ts'
import { MAX_NAME_LENGTH } from '../domain/customer.ts'
import { handoverTimes } from '../domain/handover-times.ts'
import type { Quote } from '../domain/quote.ts'
import { termsAtPickUpTime } from '../domain/quote-terms.ts'
import { formatUntil } from '../presenters/display-format.ts'
import { presentPriceLines } from '../presenters/price-lines.ts'
import { freeCancellationOver, handOverWord } from '../presenters/quote-terms.ts'
import { bookPath, checkoutParameters } from '../presenters/site-links.ts'
import type { ChoiceParameters, SearchValues } from './book-parameters.ts'
import { handOver } from './depot-name.ts'
import {
  errorAttributes,
  errorSummary,
  type FieldErrors,
  fieldError,
  hiddenFields,
  textField,
} from './form-fields.ts'
import { type Notice, noticeBox } from './notice.ts'
import { type PageContent, page } from './page-document.ts'
import { priceTable } from './price-table.ts'
import { termsList } from './terms-list.ts'
import { chargeText } from './vehicle-card.ts'

/** The booking form's fields as typed, kept through every answer that is not a booking. */
export type CustomerValues = {
  full_name: string
  email: string
  phone: string
  pick_up_time: string
  drop_off_time: string
  /** `YYYY-MM-DD`: the driver's age on the pick-up date prices the rental. */
  date_of_birth: string
}

export const CUSTOMER_FIELDS = [
  { name: 'full_name', label: 'Full name', type: 'text', autocomplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autocomplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autocomplete: 'tel' },
] as const

export type CheckoutPageInput = {
  depots: Depot[]
  timeZone: string
  /** When the page is made: a hand-over time of today already gone is not offered. */
  now: Date
  /** The fees an after-hours hand-over adds, named with their price on the page. */
  afterHoursFees: Surcharge[]
  /** The quote to show and confirm; absent when none could be priced (shown without prices). */
  quote: Quote | undefined
  /** The choice as sent, carried on when there is no quote. */
  choice: ChoiceParameters | undefined
  quoteId: string | undefined
  /**
   * The quote of the link this checkout was opened with. A checkout is the browser with that
   * quote (see checkoutIdentity): when the form carries another (the link's had expired), this
   * one is carried too, so that the back button to the link finds the booking it made.
   */
  openedAs?: string | undefined
  notice: Notice | undefined
  customer: CustomerValues
  /** Messages by field: the person's details, and the search parameters of the rental. */
  errors: FieldErrors
  csrfToken: string
  /** False when nothing can be booked from this page: the vehicle is gone or the dates passed. */
  canConfirm: boolean
}

/** Step 3: the quote summary and the booking form, and every answer to it but a booking. */
export function checkoutPage(input: CheckoutPageInput): PageContent {
  const { quote, errors } = input
  const detailErrors = [...TIME_FIELDS, DRIVER_FIELD, ...CUSTOMER_FIELDS].flatMap(({ name }) => {
    const message = errors[name]
    return message === undefined ? [] : [{ href: `#${name}`, message }]
  })
  const title = 'Check and confirm your booking'
  return page(
    detailErrors.length > 0 ? `Error: ${title}` : title,
    html`<h1>${title}</h1>
${errorSummary(detailErrors)}
${input.notice ? noticeBox(input.notice) : ''}
<div class="layout">
<section class="panel" aria-labelledby="rental-heading">
<h2 id="rental-heading">Your rental</h2>
${rentalFacts(input)}
${quote ? priceSummary(quote, input) : ''}
${searchValuesOf(input) ? html`<p><a href="${bookPath(searchValuesOf(input) ?? {})}">Change vehicle or options</a></p>` : ''}
</section>
<section class="panel" aria-labelledby="details-heading">
<h2 id="details-heading">Your details</h2>
${detailsForm(input)}
</section>
</div>`,
  )
}

function rentalFacts({ quote, choice, depots, errors }: CheckoutPageInput): SafeHtml {
  const search = quote ? checkoutParameters(quote) : choice
  if (!search) return html``
  const place = (depot: string | undefined, date: string | undefined, depotField: string) =>
    html`${handOver(depots, depot ?? '', date ?? '')}${fieldError(depotField, errors[depotField])}`
  return html`<dl class="rental">
${quote ? html`<dt>Vehicle</dt><dd>${quote.vehicleName}</dd>` : ''}
<dt>Pick-up</dt><dd>${place(search.pick_up_depot_id, search.pick_up_date, 'pick_up_depot_id')}${fieldError('pick_up_date', errors.pick_up_date)}</dd>
<dt>Drop-off</dt><dd>${place(search.drop_off_depot_id, search.drop_off_date, 'drop_off_depot_id')}${fieldError('drop_off_date', errors.drop_off_date)}</dd>
${quote ? html`<dt>Rental length</dt><dd>${quote.rentalDays} ${quote.rentalDays === 1 ? 'day' : 'days'}</dd>` : ''}
</dl>`
}

function priceSummary(quote: Quote, input: CheckoutPageInput): SafeHtml {
  const { timeZone } = input
  const notes = pageAssumptions(quote, input.afterHoursFees)
  // A quote without a pick-up time counts free cancellation from the start of the pick-up day;
  // the booking counts it from the time chosen below, so the terms shown are the booking's: "No
  // free cancellation" was shown for a booking that then had it until 6 pm.
  const pickUp = input.canConfirm && quote.pickUpTime === null ? timeChoices(input)[0]?.chosen : ''
  const terms = pickUp
    ? termsAtPickUpTime(quote.terms, quote.pickUpDate, pickUp, timeZone)
    : quote.terms
  return html`${priceTable(presentPriceLines(quote), 'Price of this rental')}
${notes.length > 0 ? html`<ul class="assumptions">${notes.map((note) => html`<li>${note}</li>`)}</ul>` : ''}
<p class="expiry">This price is held until <time datetime="${quote.expiresAt}">${formatUntil(quote.expiresAt, timeZone)}</time>.</p>
${termsList(terms, timeZone, pickUp ? input.now.toISOString() : quote.createdAt)}
${pickUp && !freeCancellationOver(terms.cancellation.freeUntil, input.now.toISOString()) ? html`<p class="muted" id="cancellation-time">Free cancellation is counted from the pick-up time you choose below: as shown, from ${pickUp}.</p>` : ''}`
}

/**
 * What the price takes for granted that the form below settles, in a traveller's words (the API
 * names its parameters instead): the driver's age and the hand-over times.
 */
function pageAssumptions(quote: Quote, afterHoursFees: Surcharge[]): string[] {
  const notes: string[] = []
  for (const assumption of quote.assumptions) {
    if (assumption.kind === 'driver_age' && assumption.youngDriverUnder !== null) {
      notes.push(
        `This price is for a driver aged ${assumption.youngDriverUnder} or over. A younger driver pays the young-driver fees: enter the driver's date of birth below and the price is checked before anything is booked.`,
      )
    }
    if (assumption.kind === 'hand_over_times' && assumption.afterHoursFee) {
      // Its amount, before the person picks a time: the fee was named only once it was charged.
      // Named as the fee it is: "adds After-hours hand-over (…)" read as a sentence cut short.
      const fees = afterHoursFees.map((fee) => `${fee.name}, ${chargeText(fee)}`).join('; and ')
      const fee = fees ? `the fee ${fees}` : 'the after-hours fee'
      const [only, ...more] = assumption.afterHoursOnly ?? []
      if (only === undefined) {
        notes.push(`A hand-over at a time marked "after hours" below adds ${fee}.`)
      } else {
        const why =
          more.length > 0
            ? 'Every choice of times left has an after-hours hand-over'
            : `Every ${handOverWord(only)} time left is after hours`
        notes.push(`${why}, so this price includes ${fee}.`)
      }
    }
  }
  return notes
}

const TIME_FIELDS = [
  {
    name: 'pick_up_time',
    label: 'Pick-up time',
    handover: 'pick-up',
    depot: 'pick_up_depot_id',
    date: 'pick_up_date',
  },
  {
    name: 'drop_off_time',
    label: 'Drop-off time',
    handover: 'drop-off',
    depot: 'drop_off_depot_id',
    date: 'drop_off_date',
  },
] as const

/** A hand-over time field as the form shows it: the times offered, those after hours, the chosen. */
type TimeChoice = {
  field: (typeof TIME_FIELDS)[number]
  offered: string[]
  afterHours: string[]
  chosen: string
}

/**
 * The hand-over times to choose from: those the depots offer on the day type of each date and
 * have not passed, the quote's (an agent may have asked for them) chosen, else the first pick-up
 * and the last drop-off that are not after hours.
 */
function timeChoices(input: CheckoutPageInput): TimeChoice[] {
  const carried = carriedParameters(input)
  let pickUpChosen = ''
  return TIME_FIELDS.map((field) => {
    const sameDay = field.handover === 'drop-off' && carried.pick_up_date === carried.drop_off_date
    const depot = input.depots.find((candidate) => String(candidate.id) === carried[field.depot])
    const date = parseCalendarDate(carried[field.date] ?? '')
    const offered =
      depot && date
        ? handoverTimes(depot, date, field.handover, {
            instant: input.now,
            timeZone: input.timeZone,
          })
        : []
    const afterHours =
      depot && date
        ? depot.afterHours[field.handover === 'pick-up' ? 'pickUp' : 'dropOff'][dayTypeOf(date)]
        : []
    // An after-hours time adds a fee: never chosen for the person, only by them. A drop-off on
    // the pick-up's day is chosen after the pick-up time chosen, or the rental could not be booked.
    const possible = sameDay ? offered.filter((time) => time > pickUpChosen) : offered
    const inHours = (time: string) => !afterHours.includes(time)
    // The pick-up as early as it can be, the drop-off as late: the days are paid for whatever the
    // hour, and a drop-off left at the first time of the last day lost most of it unnoticed.
    const suggested =
      field.handover === 'pick-up' ? possible.find(inHours) : possible.findLast(inHours)
    const chosen =
      input.customer[field.name] ||
      carried[field.name] ||
      suggested ||
      possible[0] ||
      offered[0] ||
      ''
    if (field.handover === 'pick-up') pickUpChosen = chosen
    return { field, offered, afterHours, chosen }
  })
}

function timeFields(input: CheckoutPageInput): SafeHtml {
  return html`<fieldset class="times">
<legend>When</legend>
${timeChoices(input).map(({ field, offered, afterHours, chosen }) => {
  const error = input.errors[field.name]
  return html`<div class="field${error === undefined ? '' : ' has-error'}">
<label for="${field.name}">${field.label}</label>
${fieldError(field.name, error)}
<select id="${field.name}" name="${field.name}" required${errorAttributes(field.name, error)}>
${offered.map((time) => html`<option value="${time}"${time === chosen ? ' selected' : ''}>${time}${afterHours.includes(time) ? ' (after hours)' : ''}</option>`)}
</select>
</div>`
})}
</fieldset>`
}

/** The rental's parameters the form carries: the quote's, or the choice as sent. */
function carriedParameters(input: CheckoutPageInput): Record<string, string | undefined> {
  return input.quote
    ? checkoutParameters(input.quote)
    : { ...input.choice, quote_id: input.quoteId }
}

function detailsForm(input: CheckoutPageInput): SafeHtml {
  const carried = carriedParameters(input)
  // The times are chosen in the form's own fields, not carried hidden.
  const { pick_up_time: _pickUp, drop_off_time: _dropOff, ...hidden } = carried
  const openedAs =
    input.openedAs !== undefined && input.openedAs !== carried.quote_id ? input.openedAs : undefined
  return html`<form method="post" action="/book" novalidate>
${hiddenFields({ ...hidden, opened_as: openedAs, _csrf: input.csrfToken })}
${input.canConfirm ? timeFields(input) : ''}
${driverField(input)}
${CUSTOMER_FIELDS.map((field) =>
  textField({
    ...field,
    value: input.customer[field.name],
    error: input.errors[field.name],
    // Names and addresses are not words: no spelling marks under them. The name's limit is
    // the browser's too, so nobody types past it to be told after sending.
    extra: html`${field.type === 'tel' ? '' : html` spellcheck="false"`}${field.name === 'full_name' ? html` maxlength="${MAX_NAME_LENGTH}"` : ''}`,
  }),
)}
${
  input.canConfirm
    ? html`<button type="submit">Confirm booking</button>
<p class="hint">Nothing is booked until you confirm. Your details are used only for this booking.</p>`
    : html`<p class="hint">There is nothing to confirm here: follow the link above to choose again.</p>`
}
</form>`
}

const DRIVER_FIELD = { name: 'date_of_birth', label: "Driver's date of birth" } as const

/** The driver's date of birth: their age on the pick-up date prices the rental. */
function driverField(input: CheckoutPageInput): SafeHtml {
  return html`<fieldset class="driver">
<legend>Driver</legend>
${textField({
  ...DRIVER_FIELD,
  type: 'date',
  autocomplete: 'bday',
  value: input.customer.date_of_birth,
  error: input.errors.date_of_birth,
  hint: "The driver's age on the pick-up day decides who may drive and any young-driver fee.",
})}
</fieldset>`
}

/** The search of the rental, for the link back to the vehicles. */
function searchValuesOf({ quote, choice }: CheckoutPageInput): SearchValues | undefined {
  const source = quote ? checkoutParameters(quote) : choice
  if (!source) return undefined
  // What prices the rental for the agent's traveller goes back to the vehicles with the search,
  // so that their totals stay the ones the agent gave (bookPath leaves out what is undefined).
  return {
    pick_up_depot_id: source.pick_up_depot_id ?? '',
    drop_off_depot_id: source.drop_off_depot_id ?? '',
    pick_up_date: source.pick_up_date ?? '',
    drop_off_date: source.drop_off_date ?? '',
    driver_age: source.driver_age,
    promo_code: source.promo_code,
    agent_ref: source.agent_ref,
  }
}
