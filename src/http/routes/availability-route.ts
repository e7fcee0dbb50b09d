import Type from 'typebox'
import { presentVehicle } from '../../presenters/present.ts'
import { AvailabilityQuery } from '../../schemas/query-parameters.ts'
import { VehicleSchema } from '../../schemas/vehicle.ts'
import { findAvailableVehicles } from '../../verbs/find-available-vehicles.ts'
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
    async (request) => {
      const { query } = request
      const { period, vehicles } = await findAvailableVehicles(ctx, {
        pickUpDepotId: Number(query.pick_up_depot_id),
        dropOffDepotId: Number(query.drop_off_depot_id),
        pickUpDate: query.pick_up_date,
        dropOffDate: query.drop_off_date,
      })
      return vehicles.map((vehicle) => presentVehicle(vehicle, period.days, links))
    },
  )
}
