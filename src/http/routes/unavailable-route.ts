import Type from 'typebox'
import { unavailableAnswer } from '../../operations/agent-operations.ts'
import { UnavailableQuery } from '../../schemas/query-parameters.ts'
import { UnavailableVehicleSchema } from '../../schemas/suggestion.ts'
import type { ApiDeps, TypedFastify } from '../api-deps.ts'
import { API_TAG, errorResponses } from './error-responses.ts'

export function unavailableRoute(app: TypedFastify, { ctx, links, docs }: ApiDeps): void {
  app.get(
    '/vehicles/unavailable',
    {
      schema: {
        ...docs.explain_unavailable,
        tags: [API_TAG],
        querystring: UnavailableQuery,
        response: {
          200: Type.Array(UnavailableVehicleSchema, {
            description:
              'The vehicles stocked at the pickup depot that availability leaves out for these parameters, by vehicle id; empty when it leaves none out',
          }),
          ...errorResponses.badRequest,
        },
      },
    },
    async (request) => unavailableAnswer({ ctx, links }, request.query),
  )
}
