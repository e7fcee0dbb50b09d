import { quoteAnswer } from '../../operations/agent-operations.ts'
import { QuoteQuery } from '../../schemas/query-parameters.ts'
import { QuoteSchema } from '../../schemas/quote.ts'
import type { ApiDeps, TypedFastify } from '../api-deps.ts'
import { API_TAG, errorResponses } from './error-responses.ts'

export function quotesRoute(app: TypedFastify, { ctx, links, docs }: ApiDeps): void {
  app.get(
    '/quotes',
    {
      schema: {
        ...docs.get_quote,
        tags: [API_TAG],
        querystring: QuoteQuery,
        response: { 200: QuoteSchema, ...errorResponses.quote },
      },
      // accessory_ids may be repeated (accessory_ids=1&accessory_ids=2 is 1,2); every other
      // parameter given twice stays an array and fails validation as duplicated.
      // Synchronous, as is the handler: neither costs the answer an extra turn of the promise queue.
      preValidation: (request, _reply, done) => {
        const query = request.query as Record<string, unknown>
        if (Array.isArray(query.accessory_ids)) query.accessory_ids = query.accessory_ids.join(',')
        done()
      },
    },
    (request) => quoteAnswer({ ctx, links }, request.query),
  )
}
