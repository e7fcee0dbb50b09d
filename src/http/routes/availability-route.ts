import Type from 'typebox'
import { availabilityJson } from '../../operations/agent-operations.ts'
import { AvailabilityQuery } from '../../schemas/query-parameters.ts'
import { VehicleSchema } from '../../schemas/vehicle.ts'
import type { ApiDeps, TypedFastify } from '../api-deps.ts'
import { API_TAG, errorResponses } from './error-responses.ts'

export function availabilityRoute(app: TypedFastify, { ctx, links, docs }: ApiDeps): void {
  app.get(
    '/vehicles/availability',
    {
      schema: {
        ...docs.find_available_vehicles,
        tags: [API_TAG],
        querystring: AvailabilityQuery,
        response: {
          200: Type.Array(VehicleSchema, {
            description:
              'Vehicles available for the dates and depots, cheapest daily rate first; empty when none is',
          }),
          ...errorResponses.badRequest,
        },
      },
    },
    // Not async: Fastify sends an answer given at once without a turn of the promise queue. The
    // answer is already JSON, laid out as the response schema would write it (vehicleListJson);
    // a string typed as JSON is sent as it is.
    (request, reply) => {
      reply.type('application/json; charset=utf-8')
      return availabilityJson({ ctx, links }, request.query) as never
    },
  )
}
