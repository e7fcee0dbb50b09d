import Type from 'typebox'
import { unavailableAnswer } from '../../operations/agent-operations.ts'
import { UnavailableQuery } from '../../schemas/query-parameters.ts'
import { UnavailableVehicleSchema } from '../../schemas/suggestion.ts'
import type { ApiDeps, TypedFastify } from '../api-deps.ts'
import { notStockedLink } from './empty-answer-links.ts'
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
    async (request, reply) => {
      const listed = await unavailableAnswer({ ctx, links }, request.query)
      // Empty because the depot stocks nothing the filters ask for (the vehicle sent is not
      // there): not "nothing stops it", which an empty list otherwise means. Said by its Link.
      if (listed.length === 0) {
        const elsewhere = notStockedLink({ ctx, links }, request.query)
        if (elsewhere) reply.header('link', elsewhere)
      }
      return listed
    },
  )
}
