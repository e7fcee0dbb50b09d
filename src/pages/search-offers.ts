import type { FastifyRequest } from 'fastify'
import { DomainError } from '../domain/errors.ts'
import type { VerbContext } from '../verbs/context.ts'
import { findRentalOffers, type RentalOffers } from '../verbs/find-rental-offers.ts'
import { checkSearch, type Parameters, type SearchValues, searchValues } from './book-parameters.ts'
import type { Notice } from './notice.ts'

/** A search's offers as a page shows them, and the values its forms carry on. */
export type SearchOffers = RentalOffers & {
  values: SearchValues
  /** Said above the vehicles when the link's promotion code could not be used. */
  notice?: Notice | undefined
}

/**
 * The offers for the search a page was sent, priced with the promotion code the link carried (an
 * agent's link may), as availability prices them. A code that is unknown or does not apply to
 * this search is said above the vehicles, and the prices are shown, and carried on, without it:
 * the traveller still sees what can be rented. A bad search throws the DomainError checkSearch
 * throws.
 */
export async function searchOffers(
  ctx: VerbContext,
  request: FastifyRequest,
  query: Parameters,
): Promise<SearchOffers> {
  const values = searchValues(query)
  const search = checkSearch(request, query)
  try {
    return { ...(await findRentalOffers(ctx, search)), values }
  } catch (error) {
    if (!(error instanceof DomainError) || error.parameter !== 'promo_code') throw error
    const { promo_code: _, ...without } = values
    return {
      ...(await findRentalOffers(ctx, { ...search, promoCode: undefined })),
      values: without,
      notice: {
        kind: 'problem',
        title: `The promotion code ${values.promo_code} cannot be used for this search`,
        message: `${error.message}. The prices below are without it.`,
      },
    }
  }
}
