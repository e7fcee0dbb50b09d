import { presentQuote } from '../../presenters/present.ts'
import { QuoteQuery } from '../../schemas/query-parameters.ts'
import { QuoteSchema } from '../../schemas/quote.ts'
import { priceQuote } from '../../verbs/price-quote.ts'
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
      preValidation: async (request) => {
        const query = request.query as Record<string, unknown>
        if (Array.isArray(query.accessory_ids)) query.accessory_ids = query.accessory_ids.join(',')
      },
    },
    async (request) => {
      const { query } = request
      const quote = await priceQuote(ctx, {
        pickUpDepotId: Number(query.pick_up_depot_id),
        dropOffDepotId: Number(query.drop_off_depot_id),
        pickUpDate: query.pick_up_date,
        dropOffDate: query.drop_off_date,
        vehicleId: Number(query.vehicle_id),
        accessoryIds: query.accessory_ids,
        insuranceId: query.insurance_id === undefined ? undefined : Number(query.insurance_id),
      })
      return presentQuote(quote, links)
    },
  )
}
