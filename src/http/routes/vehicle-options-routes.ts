import Type from 'typebox'
import { accessoriesAnswer, insurancePlansAnswer } from '../../operations/agent-operations.ts'
import { AccessorySchema } from '../../schemas/accessory.ts'
import { InsurancePlanSchema } from '../../schemas/insurance-plan.ts'
import { VehicleOptionsQuery, VehicleParams } from '../../schemas/query-parameters.ts'
import type { ApiDeps, TypedFastify } from '../api-deps.ts'
import { API_TAG, errorResponses } from './error-responses.ts'

export function vehicleOptionsRoutes(app: TypedFastify, { ctx, links, docs }: ApiDeps): void {
  app.get(
    '/vehicles/:vehicleId/accessories',
    {
      schema: {
        ...docs.list_accessories,
        tags: [API_TAG],
        params: VehicleParams,
        querystring: VehicleOptionsQuery,
        response: {
          200: Type.Array(AccessorySchema, {
            description: 'Accessories that can be added to the vehicle (for the dates, when given)',
          }),
          ...errorResponses.badRequest,
        },
      },
    },
    async (request) => accessoriesAnswer({ ctx, links }, { ...request.query, ...request.params }),
  )

  app.get(
    '/vehicles/:vehicleId/insurance-types',
    {
      schema: {
        ...docs.list_insurance_plans,
        tags: [API_TAG],
        params: VehicleParams,
        querystring: VehicleOptionsQuery,
        response: {
          200: Type.Array(InsurancePlanSchema, {
            description: 'Insurance plans selectable for the vehicle',
          }),
          ...errorResponses.badRequest,
        },
      },
    },
    async (request) =>
      insurancePlansAnswer({ ctx, links }, { ...request.query, ...request.params }),
  )
}
