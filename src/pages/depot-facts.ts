import { html, type SafeHtml } from '../docs/html.ts'
import type { Depot } from '../domain/catalogue.ts'
import { mapLink } from '../presenters/map-link.ts'

/** Where the depot is and how to reach it, as far as the company says: address, map, directions, phone. */
export function depotFacts(depot: Depot): SafeHtml {
  const map = mapLink(depot)
  const phone = depot.phone
  const lines = [
    depot.address ? html`<span class="depot-address">${depot.address}</span>` : undefined,
    map ? html`<a href="${map}" rel="noopener noreferrer">Map of ${depot.name}</a>` : undefined,
    depot.directions ? html`<span>${depot.directions}</span>` : undefined,
    phone
      ? html`<span>Phone <a href="tel:${phone.replace(/[^+0-9]/g, '')}">${phone}</a></span>`
      : undefined,
  ].filter((line) => line !== undefined)
  if (lines.length === 0) return html``
  return html`<span class="depot-facts">${lines.map((line) => html`${line}\n`)}</span>`
}
