import Type from 'typebox'
import { vehiclesAnswer } from '../../operations/agent-operations.ts'
import { CatalogueVehicleSchema } from '../../schemas/catalogue-vehicle.ts'
import { VehiclesQuery } from '../../schemas/query-parameters.ts'
import type { ApiDeps, TypedFastify } from '../api-deps.ts'
import { API_TAG, errorResponses } from './error-responses.ts'

export function vehiclesRoute(app: TypedFastify, { ctx, links, docs }: ApiDeps): void {
  app.get(
    '/vehicles',
    {
      schema: {
        ...docs.list_vehicles,
        tags: [API_TAG],
        querystring: VehiclesQuery,
        response: {
          200: Type.Array(CatalogueVehicleSchema, {
            description:
              'The vehicles stocked at an active depot (and that the filters let through), in id order',
          }),
          ...errorResponses.badRequest,
        },
      },
    },
    async (request) => vehiclesAnswer({ ctx, links }, request.query),
  )
}
