import { checkedQuote, quoteAnswer } from '../../operations/agent-operations.ts'
import { QuoteQuery } from '../../schemas/query-parameters.ts'
import { QuoteSchema } from '../../schemas/quote.ts'
import type { ApiDeps, TypedFastify } from '../api-deps.ts'
import { API_TAG, errorResponses } from './error-responses.ts'

export function quotesRoute(app: TypedFastify, { ctx, links, docs }: ApiDeps): void {
  // accessory_ids may be repeated (accessory_ids=1&accessory_ids=2 is 1,2); every other
  // parameter given twice stays an array and fails validation as duplicated.
  // Synchronous, as is the handler: neither costs the answer an extra turn of the promise queue.
  const joinAccessories = (
    request: { query: unknown },
    _reply: unknown,
    done: () => void,
  ): void => {
    const query = request.query as Record<string, unknown>
    if (Array.isArray(query.accessory_ids)) query.accessory_ids = query.accessory_ids.join(',')
    done()
  }
  app.get(
    '/quotes',
    {
      // HEAD has a route of its own, below: Fastify's would run this handler and keep a quote.
      exposeHeadRoute: false,
      schema: {
        ...docs.get_quote,
        tags: [API_TAG],
        querystring: QuoteQuery,
        response: { 200: QuoteSchema, ...errorResponses.quote },
      },
      preValidation: joinAccessories,
    },
    (request) => quoteAnswer({ ctx, links }, request.query),
  )
  // A link checker's or a proxy's HEAD answers what GET would (200, or the same 400 or 404) but
  // keeps no quote and counts none for the agent's statistics: HEAD changes nothing.
  app.head(
    '/quotes',
    {
      schema: { hide: true, querystring: QuoteQuery },
      preValidation: joinAccessories,
    },
    async (request, reply) => {
      await checkedQuote({ ctx, links }, request.query)
      return reply.type('application/json; charset=utf-8').send()
    },
  )
}
