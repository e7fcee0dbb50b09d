import Type from 'typebox'
import { routesAnswer } from '../../operations/agent-operations.ts'
import { RoutesQuery } from '../../schemas/query-parameters.ts'
import { RouteSchema } from '../../schemas/route.ts'
import type { ApiDeps, TypedFastify } from '../api-deps.ts'
import { API_TAG, errorResponses } from './error-responses.ts'

export function routesRoute(app: TypedFastify, { ctx, links, docs }: ApiDeps): void {
  app.get(
    '/routes',
    {
      schema: {
        ...docs.list_routes,
        tags: [API_TAG],
        querystring: RoutesQuery,
        response: {
          200: Type.Array(RouteSchema, {
            description:
              'The routes that can be rented between active depots, by pickup depot then drop-off depot id',
          }),
          ...errorResponses.badRequest,
        },
      },
    },
    async (request) => routesAnswer({ ctx, links }, request.query),
  )
}
