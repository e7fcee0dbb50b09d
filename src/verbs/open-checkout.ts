import { DomainError } from '../domain/errors.ts'
import type { Quote } from '../domain/quote.ts'
import { quoteExtrasMatch, quoteHasExpired, quotePricesChoice } from '../domain/quote-match.ts'
import { promotionCodeOf } from '../domain/rental-extras.ts'
import type { VerbContext } from './context.ts'
import { type PricedRental, priceQuote, priceRental, type QuoteRequest } from './price-quote.ts'

export type CheckoutRequest = QuoteRequest & {
  /** The quote the person was handed (a quote's checkoutUrl carries it), if any. */
  quoteId: string | undefined
}

/**
 * Which quote the checkout shows: `quoted` is the quote of the link, still valid and for exactly
 * these choices; otherwise a new quote was priced, because the link had none (`new`), its quote
 * has expired (`expired`) or is unknown or for other choices (`missing`), or what the person
 * told the checkout (the driver's age, an after-hours time) changes its surcharges (`repriced`:
 * `previous` is the quote it replaces, so the page can say what changed).
 */
export type CheckoutQuote = {
  quote: Quote
  source: 'quoted' | 'new' | 'expired' | 'missing' | 'repriced'
  previous?: Quote
  /** Units of the vehicle stocked at the pick-up depot, for a booking's stock check. */
  unitsStocked: number
}

/**
 * The quote a person confirms at checkout: the one they were handed while it is valid, so its
 * price is honoured, else a new one. The choices are validated and the vehicle must still be
 * available either way, so a checkout never shows a price that booking would refuse.
 */
export async function openCheckout(
  ctx: VerbContext,
  request: CheckoutRequest,
): Promise<CheckoutQuote> {
  const handed = request.quoteId ? await ctx.store.findQuote(request.quoteId) : undefined
  // A quote priced in the handed one's place keeps the quote the checkout link was opened with.
  const openedWith = handed ? (handed.openedWith ?? handed.id) : undefined
  const { priced, withdrawn } = await pricedForCheckout(ctx, request, handed)
  const { unitsStocked } = priced
  const matches = handed !== undefined && quotePricesChoice(handed, priced)
  if (handed && matches && !quoteHasExpired(handed, ctx.now())) {
    if (quoteExtrasMatch(handed, priced)) {
      return { quote: honoured(handed, priced), source: 'quoted', unitsStocked }
    }
    // What the person said changes the surcharges: a new quote, without a code the fleet no
    // longer has (the notice shows the discount gone with the rest of what changed). Priced with
    // it, the checkout could only refuse a code the person cannot change.
    const quote = await priceQuote(
      ctx,
      withdrawn ? { ...request, promoCode: undefined } : request,
      openedWith,
    )
    return { quote, source: 'repriced', previous: handed, unitsStocked }
  }
  const quote = await priceQuote(ctx, request, openedWith)
  if (request.quoteId === undefined) return { quote, source: 'new', unitsStocked }
  return { quote, source: matches ? 'expired' : 'missing', unitsStocked }
}

/**
 * The rental as the checkout's choices price it now. A promotion the fleet has since changed or
 * withdrawn (a longer minimum, a code removed) is still the handed quote's while that quote is
 * valid and carries it: the rest is checked and priced without the code, and the promotion taken
 * as the quote's, so that its price is honoured as a changed daily rate's is. Otherwise the
 * promotion's refusal stands.
 */
async function pricedForCheckout(
  ctx: VerbContext,
  request: CheckoutRequest,
  handed: Quote | undefined,
): Promise<{ priced: PricedRental; withdrawn: boolean }> {
  try {
    return { priced: await priceRental(ctx, request), withdrawn: false }
  } catch (error) {
    const quoted =
      error instanceof DomainError &&
      error.parameter === 'promo_code' &&
      handed?.promotion != null &&
      request.promoCode !== undefined &&
      handed.promotion.code === promotionCodeOf(request.promoCode) &&
      !quoteHasExpired(handed, ctx.now())
    if (!quoted) throw error
    const priced = await priceRental(ctx, { ...request, promoCode: undefined })
    return { priced: { ...priced, promotion: handed.promotion }, withdrawn: true }
  }
}

/**
 * The handed quote, its price honoured, with what the checkout now knows that it did not: the
 * hand-over times and the driver's age chosen, the terms worked out for them (free cancellation
 * counts from the chosen pick-up time) and only the assumptions still made. The payment terms
 * stay the quote's, being shares of its total.
 */
function honoured(handed: Quote, priced: PricedRental): Quote {
  return {
    ...handed,
    pickUpTime: priced.pickUpTime,
    dropOffTime: priced.dropOffTime,
    driverAge: priced.driverAge,
    terms: { ...priced.terms, payment: handed.terms.payment },
    assumptions: priced.assumptions,
  }
}
