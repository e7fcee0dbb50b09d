import Type from 'typebox'
import { presentDepot } from '../../presenters/present.ts'
import { DepotSchema } from '../../schemas/depot.ts'
import { listDepots } from '../../verbs/list-depots.ts'
import type { ApiDeps, TypedFastify } from '../api-deps.ts'
import { errorResponses } from './error-responses.ts'

export function depotsRoute(app: TypedFastify, { ctx }: ApiDeps): void {
  app.get(
    '/depots',
    { schema: { response: { 200: Type.Array(DepotSchema), ...errorResponses.listOnly } } },
    async () => listDepots(ctx).map(presentDepot),
  )
}
