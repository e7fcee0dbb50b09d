import { html } from '../docs/html.ts'
import type { Depot } from '../domain/catalogue.ts'
import type { SearchValues } from './book-parameters.ts'
import { errorSummary, type FieldErrors } from './form-fields.ts'
import { type PageContent, page } from './page-document.ts'
import { openingHours, searchForm } from './search-form.ts'

export type SearchPageInput = {
  depots: Depot[]
  values: SearchValues
  errors: FieldErrors
  today: string
}

/** Step 1: where and when. Also where a search or a link with a bad date or depot comes back. */
export function searchPage(input: SearchPageInput): PageContent {
  const problems = Object.entries(input.errors).map(([field, message]) => ({
    href: `#${field}`,
    message: message ?? '',
  }))
  return page(
    problems.length > 0 ? 'Error: Book a vehicle' : 'Book a vehicle',
    html`<h1>Book a vehicle</h1>
<p class="lead">Choose where and when you pick the vehicle up and drop it off. Prices are in New Zealand dollars and include GST.</p>
${errorSummary(problems)}
${searchForm(input)}
${openingHours(input.depots)}`,
  )
}
