import { html, type SafeHtml } from '../docs/html.ts'
import type { Depot } from '../domain/catalogue.ts'
import type { RentalPeriod } from '../domain/rental-period.ts'
import { formatCalendarDate } from '../presenters/display-format.ts'
import { bookPath, type SiteLinks } from '../presenters/site-links.ts'
import type { UnavailableVehicle } from '../verbs/explain-unavailable.ts'
import type { RentalOffer } from '../verbs/find-rental-offers.ts'
import type { SearchValues } from './book-parameters.ts'
import { suggestionText, withDatesInWords } from './choice-error-words.ts'
import { depotName } from './depot-name.ts'
import { errorSummary } from './form-fields.ts'
import { type Notice, noticeBox } from './notice.ts'
import { type PageContent, page } from './page-document.ts'
import { searchForm } from './search-form.ts'
import { type CardSelection, vehicleCard } from './vehicle-card.ts'

export type ResultsPageInput = {
  depots: Depot[]
  search: SearchValues
  period: RentalPeriod
  offers: RentalOffer[]
  links: SiteLinks
  today: string
  /** A checkout link that could not be used: the vehicle it named and what it chose. */
  selection?: { vehicleId: number; card: CardSelection } | undefined
  /** Said above the list, when a checkout link could not be used. */
  notice?: Notice | undefined
  /** With no vehicle to offer: why each the depot stocks cannot be rented, and what would do. */
  none?: UnavailableVehicle[] | undefined
}

/** The most reasons listed, and the most searches suggested, when no vehicle can be rented. */
const MOST_REASONS = 8
const MOST_SUGGESTIONS = 3

/** Step 2: the vehicles available for the search, each with its options form. */
export function resultsPage(input: ResultsPageInput): PageContent {
  const { depots, search, period, offers, selection } = input
  const route = `${depotName(depots, search.pick_up_depot_id)} to ${depotName(depots, search.drop_off_depot_id)}`
  const dates = `${formatCalendarDate(period.pickUpDate)} to ${formatCalendarDate(period.dropOffDate)}`
  const days = `${period.days} rental ${period.days === 1 ? 'day' : 'days'}`
  const heading =
    offers.length === 0
      ? 'No vehicle is available'
      : `${offers.length} ${offers.length === 1 ? 'vehicle' : 'vehicles'} available`
  const cardErrors = selection ? Object.entries(selection.card.errors) : []
  const problems = cardErrors.map(([parameter, message]) => ({
    href: `#v${selection?.vehicleId}-${parameter === 'insurance_id' ? 'insurance' : 'accessories'}`,
    message: message ?? '',
  }))
  return page(
    heading,
    html`<h1>${heading}</h1>
<p class="search-summary">${route} · ${dates} · ${days}</p>
${errorSummary(problems)}
${input.notice ? noticeBox(input.notice) : ''}
${
  offers.length === 0
    ? html`<p>No vehicle can be rented from ${route} for ${dates}.</p>
${whyNone(depots, search, input.none ?? [])}
${searchForm({ depots, values: search, errors: {}, today: input.today })}`
    : html`<details class="change-search">
<summary>Change depots or dates</summary>
${searchForm({ depots, values: search, errors: {}, today: input.today })}
</details>
<p>Prices include GST. ${optionsToChoose(offers)}</p>
<ul class="vehicles">
${offers.map((offer) =>
  vehicleCard({
    offer,
    rentalDays: period.days,
    search,
    links: input.links,
    selection: selection?.vehicleId === offer.vehicle.id ? selection.card : undefined,
  }),
)}
</ul>`
}`,
  )
}

/**
 * A vehicle's cause with its dates in words; a driver too young for every vehicle is one reason,
 * not one per vehicle ("Toyota Yaris is rented to drivers aged 18 or over" nine times over).
 */
function causeInWords(search: SearchValues, all: UnavailableVehicle[]) {
  return (item: UnavailableVehicle): string => {
    const driver = Number(search.driver_age)
    if (item.unavailability.code === 'driver_too_young' && driver > 0) {
      const minimums = all
        .filter((other) => other.unavailability.code === 'driver_too_young')
        .map((other) => other.minimumDriverAge)
      const lowest = Math.min(...minimums)
      if (minimums.length > 1) {
        const more = minimums.some((minimum) => minimum > lowest)
          ? ', some only at an older age'
          : ''
        return `These vehicles are rented to drivers aged ${lowest} or over${more}; the driver is ${driver}`
      }
    }
    return withDatesInWords(item.cause)
  }
}

/**
 * Why no vehicle can be rented, each reason once (a depot closed that day is every vehicle's),
 * and the searches the suggestions make, as links: what the API's unavailable endpoint says, in
 * the traveller's terms.
 */
function whyNone(depots: Depot[], search: SearchValues, none: UnavailableVehicle[]): SafeHtml {
  if (none.length === 0) return html`<p>Try other dates or depots.</p>`
  const reasons = [...new Set(none.map(causeInWords(search, none)))]
  const shown = reasons.slice(0, MOST_REASONS)
  const links = new Map<string, string>()
  for (const { unavailability } of none) {
    const suggestion = unavailability.suggestion
    if (!suggestion || links.size >= MOST_SUGGESTIONS) continue
    const changed = Object.entries(suggestion).map(([name, value]) => [name, String(value)])
    links.set(
      bookPath({ ...search, ...Object.fromEntries(changed) }),
      suggestionText(depots, suggestion),
    )
  }
  return html`<h2>Why</h2>
<ul class="reasons">
${shown.map((reason) => html`<li>${reason}.</li>\n`)}${reasons.length > shown.length ? html`<li>And ${reasons.length - shown.length} more.</li>\n` : ''}</ul>
${
  links.size === 0
    ? html`<p>No other date or depot nearby changes this: try another search.</p>`
    : html`<p>These would work:</p>
<ul class="suggestions">
${[...links].map(([href, text]) => html`<li><a href="${href}">${text}</a></li>\n`)}</ul>`
}`
}

/**
 * What there is to choose on the cards before the checkout: only what any vehicle offers. A
 * company with no accessories or plans had been told to choose some.
 */
function optionsToChoose(offers: RentalOffer[]): string {
  const accessories = offers.some((offer) => offer.accessories.length > 0)
  const plans = offers.some((offer) => offer.insurancePlans.length > 0)
  const what =
    accessories && plans
      ? 'accessories and an insurance plan'
      : accessories
        ? 'accessories'
        : plans
          ? 'an insurance plan'
          : undefined
  return what === undefined
    ? 'Choose a vehicle to check the full price.'
    : `Choose ${what}, then continue to check the full price.`
}
