import { DomainError } from '../domain/errors.ts'
import type { Quote } from '../domain/quote.ts'
import type { VerbContext } from './context.ts'

/** Quote ids are opaque: anything longer than this is not one, and is not looked up. */
const MAX_QUOTE_ID_LENGTH = 100

/** A stored quote by its id, expired or not; an id that names none is a not_found error. */
export async function findQuote(ctx: VerbContext, id: string): Promise<Quote> {
  const quote = id.length <= MAX_QUOTE_ID_LENGTH ? await ctx.store.findQuote(id) : undefined
  if (!quote)
    throw new DomainError('not_found', `No quote has the id ${JSON.stringify(id.slice(0, 40))}`)
  return quote
}
