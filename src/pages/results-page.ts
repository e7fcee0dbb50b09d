import { html } from '../docs/html.ts'
import type { Depot } from '../domain/catalogue.ts'
import type { RentalPeriod } from '../domain/rental-period.ts'
import { formatCalendarDate } from '../presenters/display-format.ts'
import type { SiteLinks } from '../presenters/site-links.ts'
import type { RentalOffer } from '../verbs/find-rental-offers.ts'
import type { SearchValues } from './book-parameters.ts'
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
}

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
    ? html`<p>No vehicle can be rented from ${route} for ${dates}. Try other dates or depots.</p>
${searchForm({ depots, values: search, errors: {}, today: input.today })}`
    : html`<details class="change-search">
<summary>Change depots or dates</summary>
${searchForm({ depots, values: search, errors: {}, today: input.today })}
</details>
<p>Prices include GST. Choose accessories and an insurance plan, then continue to check the full price.</p>
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
