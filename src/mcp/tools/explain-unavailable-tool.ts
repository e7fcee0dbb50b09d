import Type, { type Static } from 'typebox'
import { noneStocked } from '../../domain/vehicle-filter.ts'
import { queryFilter, unavailableAnswer } from '../../operations/agent-operations.ts'
import { UnavailableQuery } from '../../schemas/query-parameters.ts'
import {
  type UnavailableVehicleResponse,
  UnavailableVehicleSchema,
} from '../../schemas/suggestion.ts'
import type { AgentTool } from '../agent-tool.ts'
import { counted, lines } from '../tool-text.ts'
import { noVehicleText } from './no-vehicle-text.ts'

export const explainUnavailableTool: AgentTool = {
  name: 'explain_unavailable',
  parameters: UnavailableQuery,
  outputSchema: Type.Object({ vehicles: Type.Array(UnavailableVehicleSchema) }),
  async answer(deps, parameters) {
    const query = parameters as Static<typeof UnavailableQuery>
    const vehicles = await unavailableAnswer(deps, query)
    const stocksNone =
      vehicles.length === 0 &&
      noneStocked(deps.ctx.catalogue(), Number(query.pick_up_depot_id), queryFilter(query)) !==
        undefined
    return {
      structured: { vehicles },
      text: stocksNone
        ? noVehicleText(deps, query.pick_up_depot_id, query)
        : unavailableText(query, vehicles),
    }
  },
}

/** Each vehicle left out, its reason and the arguments to send instead; shared by availability. */
export function unavailableText(
  query: Static<typeof UnavailableQuery>,
  vehicles: UnavailableVehicleResponse[],
): string {
  const dates = `${query.pick_up_date} to ${query.drop_off_date}`
  if (vehicles.length === 0) {
    // Only the vehicles the filters let through were looked at: not "every vehicle".
    if (query.vehicle_id !== undefined) {
      return `Vehicle ${query.vehicle_id} can be rented from ${dates} at depot ${query.pick_up_depot_id}: find_available_vehicles with vehicle_id ${query.vehicle_id} gives its price.`
    }
    const filtered = query.vehicle_class !== undefined || query.min_seats !== undefined
    return `Every vehicle stocked at depot ${query.pick_up_depot_id}${filtered ? ' that meets vehicle_class and min_seats' : ''} can be rented from ${dates}: find_available_vehicles lists them.`
  }
  return lines(
    `${counted(vehicles.length, 'vehicle')} stocked at depot ${query.pick_up_depot_id} cannot be rented from ${dates}:`,
    vehicles.map(
      (vehicle) =>
        `vehicle_id ${vehicle.vehicleId} ${vehicle.name} (${vehicle.code}): ${vehicle.reason}${vehicle.suggestion ? `. Suggested arguments: ${JSON.stringify(vehicle.suggestion)}.` : ''}`,
    ),
    'Next: send a suggestion with the other arguments unchanged to find_available_vehicles or get_quote.',
  )
}
