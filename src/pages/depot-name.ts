import { html, type SafeHtml } from '../docs/html.ts'
import type { Depot } from '../domain/catalogue.ts'
import { formatCalendarDate } from '../presenters/display-format.ts'
import { depotFacts } from './depot-facts.ts'

/** A depot's name for a page, from the id as sent; the id itself when it names no depot. */
export function depotName(depots: Depot[], id: string | number): string {
  return findDepot(depots, id)?.name ?? `depot ${id}`
}

/**
 * `Mon, 1 Feb 2027 at 10:00, Alpha` with the depot's opening hours, address, map link, directions and
 * phone under it: where and when, and how to get there.
 */
export function handOver(
  depots: Depot[],
  id: string | number,
  date: string,
  time: SafeHtml | string = '',
): SafeHtml {
  const depot = findDepot(depots, id)
  return html`${formatCalendarDate(date)}${time}, ${depot?.name ?? `depot ${id}`}${depot ? html`<span class="hint">${depot.openingHoursDescription}</span>${depotFacts(depot)}` : ''}`
}

function findDepot(depots: Depot[], id: string | number): Depot | undefined {
  return depots.find((depot) => String(depot.id) === String(id))
}
