import type { FastifyReply, FastifyRequest } from 'fastify'
import { DomainError } from '../domain/errors.ts'
import { parseRentalPeriod } from '../domain/rental-period.ts'
import { listDepots } from '../verbs/list-depots.ts'
import { type Parameters, type SearchValues, searchValues } from './book-parameters.ts'
import { isSearchError } from './error-fields.ts'
import type { FieldErrors } from './form-fields.ts'
import { type PageDeps, sendHtml, todayOf } from './page-deps.ts'
import { resultsPage } from './results-page.ts'
import { searchFieldErrors } from './search-error-words.ts'
import { searchOffers } from './search-offers.ts'
import { searchPage } from './search-page.ts'

/** Step 1: the search form, blank or filled as sent with the message of what to fix. */
export function showSearch(
  deps: PageDeps,
  reply: FastifyReply,
  status: number,
  values: SearchValues | undefined,
  errors: FieldErrors = {},
): FastifyReply {
  const depots = listDepots(deps.ctx)
  // A blank form starts at the first depot for both ends, the usual return rental.
  const first = String(depots[0]?.id ?? '')
  const filled = values ?? {
    pick_up_depot_id: first,
    drop_off_depot_id: first,
    pick_up_date: '',
    drop_off_date: '',
  }
  const page = searchPage({ depots, values: filled, errors, today: todayOf(deps.ctx) })
  return sendHtml(deps, reply, status, page)
}

/** Step 2: the vehicles available for a search; a bad search goes back to the form. */
export async function showResults(
  deps: PageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  query: Parameters,
): Promise<FastifyReply> {
  try {
    const { values, period, offers, notice, none } = await searchOffers(deps.ctx, request, query)
    const page = resultsPage({
      depots: listDepots(deps.ctx),
      search: values,
      period,
      offers,
      links: deps.links,
      today: todayOf(deps.ctx),
      notice,
      none,
    })
    return sendHtml(deps, reply, 200, page)
  } catch (error) {
    if (!(error instanceof DomainError) || !isSearchError(error)) throw error
    const values = searchValues(query)
    return showSearch(deps, reply, 400, values, {
      ...pastPickUpError(deps, values),
      ...searchFieldErrors(error, values),
    })
  }
}

/**
 * The search's checks stop at their first fault: a pick-up date in the past with a drop-off date
 * before it was told only of the order, and of the past date once that was put right. The past
 * pick-up date is said beside the other fault, as the checks would word it.
 */
function pastPickUpError(deps: PageDeps, values: SearchValues): FieldErrors {
  try {
    const depot = deps.ctx.catalogue().activeDepot(Number(values.pick_up_depot_id))
    parseRentalPeriod(
      { pickUpDate: values.pick_up_date, dropOffDate: values.pick_up_date },
      deps.ctx.rules,
      deps.ctx.now(),
      depot,
    )
    return {}
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'date_in_past') return {}
    return { pick_up_date: searchFieldErrors(error, values).pick_up_date }
  }
}
