import type { Quote } from '../domain/quote.ts'
import { quoteHasExpired, quotePricesChoice } from '../domain/quote-match.ts'
import type { VerbContext } from './context.ts'
import { priceQuote, priceRental, type QuoteRequest } from './price-quote.ts'

export type CheckoutRequest = QuoteRequest & {
  /** The quote the person was handed (a quote's checkoutUrl carries it), if any. */
  quoteId: string | undefined
}

/**
 * Which quote the checkout shows: `quoted` is the quote of the link, still valid and for exactly
 * these choices; otherwise a new quote was priced, because the link had none (`new`), its quote
 * has expired (`expired`) or is unknown or for other choices (`missing`).
 */
export type CheckoutQuote = {
  quote: Quote
  source: 'quoted' | 'new' | 'expired' | 'missing'
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
  const priced = await priceRental(ctx, request)
  const { unitsStocked } = priced
  const handed = request.quoteId ? await ctx.store.findQuote(request.quoteId) : undefined
  const matches = handed !== undefined && quotePricesChoice(handed, priced)
  if (handed && matches && !quoteHasExpired(handed, ctx.now())) {
    return { quote: handed, source: 'quoted', unitsStocked }
  }
  const quote = await priceQuote(ctx, request)
  if (request.quoteId === undefined) return { quote, source: 'new', unitsStocked }
  return { quote, source: matches ? 'expired' : 'missing', unitsStocked }
}
