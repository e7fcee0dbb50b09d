import Type from 'typebox'
import { presentDepot } from '../../presenters/present.ts'
import { DepotSchema } from '../../schemas/depot.ts'
import { listDepots } from '../../verbs/list-depots.ts'
import type { ApiDeps, TypedFastify } from '../api-deps.ts'
import { API_TAG, errorResponses } from './error-responses.ts'

export function depotsRoute(app: TypedFastify, { ctx, docs }: ApiDeps): void {
  app.get(
    '/depots',
    {
      schema: {
        ...docs.list_depots,
        tags: [API_TAG],
        response: {
          200: Type.Array(DepotSchema, { description: 'The active depots, in id order' }),
          ...errorResponses.listOnly,
        },
      },
    },
    async () => listDepots(ctx).map(presentDepot),
  )
}
