import type { FastifyRequest } from 'fastify'
import { DomainError } from '../domain/errors.ts'
import { AGENT_REF_PATTERN } from '../schemas/query-parameters.ts'
import type { VerbContext } from '../verbs/context.ts'
import { listUnavailableVehicles, type UnavailableVehicle } from '../verbs/explain-unavailable.ts'
import type { AvailabilitySearch } from '../verbs/find-available-vehicles.ts'
import { findRentalOffers, type RentalOffers } from '../verbs/find-rental-offers.ts'
import { checkSearch, type Parameters, type SearchValues, searchValues } from './book-parameters.ts'
import { promotionProblemText } from './choice-error-words.ts'
import type { Notice } from './notice.ts'

/** A search's offers as a page shows them, and the values its forms carry on. */
export type SearchOffers = RentalOffers & {
  /** The search as checked (without a promotion code that could not be used). */
  search: AvailabilitySearch
  values: SearchValues
  /** Said above the vehicles when the link's promotion code could not be used. */
  notice?: Notice | undefined
  /** With no vehicle to offer: those the depot stocks, each with why not and what would do. */
  none: UnavailableVehicle[]
}

/** The agent reference's form, as the quote API takes it. */
const AGENT_REF = new RegExp(AGENT_REF_PATTERN)

/**
 * The offers for the search a page was sent, priced with the promotion code the link carried (an
 * agent's link may), as availability prices them. A code that is malformed, unknown or does not
 * apply to this search is said above the vehicles, and the prices are shown, and carried on,
 * without it: the traveller still sees what can be rented. An agent reference the quote API would
 * refuse is not carried on either, or every vehicle's form would be refused. A bad search throws
 * the DomainError checkSearch throws.
 */
export async function searchOffers(
  ctx: VerbContext,
  request: FastifyRequest,
  query: Parameters,
): Promise<SearchOffers> {
  const values = searchValues(query)
  if (values.agent_ref !== undefined && !AGENT_REF.test(values.agent_ref)) {
    delete values.agent_ref
  }
  let search: AvailabilitySearch | undefined
  try {
    search = checkSearch(request, query)
    return withWhyNone(ctx, { ...(await findRentalOffers(ctx, search)), search, values, none: [] })
  } catch (error) {
    if (!(error instanceof DomainError) || error.parameter !== 'promo_code') throw error
    const { promo_code: code, ...without } = values
    const plain = search
      ? { ...search, promoCode: undefined }
      : checkSearch(request, { ...query, promo_code: undefined })
    return withWhyNone(ctx, {
      ...(await findRentalOffers(ctx, plain)),
      search: plain,
      values: without,
      none: [],
      notice: {
        kind: 'problem',
        title: `The promotion code ${code} cannot be used for this search`,
        message: promotionProblemText(error, String(code ?? '')),
      },
    })
  }
}

/**
 * With no vehicle to offer, why not: the page said only "try other dates or depots", which no
 * date helps a driver too young, and which left a closed depot or a route not offered to guesswork.
 */
async function withWhyNone(ctx: VerbContext, found: SearchOffers): Promise<SearchOffers> {
  if (found.offers.length > 0) return found
  return { ...found, none: await listUnavailableVehicles(ctx, found.search) }
}
