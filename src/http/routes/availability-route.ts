import Type from 'typebox'
import { availabilityBytes } from '../../operations/agent-operations.ts'
import { AvailabilityQuery } from '../../schemas/query-parameters.ts'
import { VehicleSchema } from '../../schemas/vehicle.ts'
import { whenReady } from '../../store/maybe-async.ts'
import type { ApiDeps, TypedFastify } from '../api-deps.ts'
import { emptyAnswerLink } from './empty-answer-links.ts'
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
    // answer is already JSON bytes, laid out as the response schema would write it
    // (vehicleListBytes), sent as they are.
    // An empty answer is never silent: its Link header leads to the listing of why each vehicle
    // is left out and what to send instead.
    (request, reply) => {
      reply.type('application/json; charset=utf-8')
      return whenReady(availabilityBytes({ ctx, links }, request.query), (bytes) => {
        if (bytes.length === 2) {
          reply.header('link', emptyAnswerLink({ ctx, links }, request.query))
        }
        return bytes
      }) as never
    },
  )
}
