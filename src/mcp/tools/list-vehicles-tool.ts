import Type, { type Static } from 'typebox'
import { vehiclesAnswer } from '../../operations/agent-operations.ts'
import { CatalogueVehicleSchema } from '../../schemas/catalogue-vehicle.ts'
import { VehiclesQuery } from '../../schemas/query-parameters.ts'
import type { AgentTool } from '../agent-tool.ts'
import { lines, vehicleLabel } from '../tool-text.ts'

type CatalogueVehicle = Static<typeof CatalogueVehicleSchema>

export const listVehiclesTool: AgentTool = {
  name: 'list_vehicles',
  parameters: VehiclesQuery,
  outputSchema: Type.Object({ vehicles: Type.Array(CatalogueVehicleSchema) }),
  answer(deps, parameters) {
    const vehicles = vehiclesAnswer(deps, parameters as Static<typeof VehiclesQuery>)
    if (vehicles.length === 0) {
      return {
        structured: { vehicles },
        text: 'No vehicle matches these filters; try without some of them.',
      }
    }
    return {
      structured: { vehicles },
      text: lines(
        `${vehicles.length} vehicles, whatever the dates:`,
        vehicles.map(vehicleLine),
        'Which are free, and their price, for given dates and depots: find_available_vehicles.',
      ),
    }
  },
}

/** `vehicle_id 7 Toyota Hiace 2-berth campervan (diesel): 2 seats, automatic; at depots 1, 4, 5; minimum days 5 in Peak, 3 in Shoulder` */
function vehicleLine(vehicle: CatalogueVehicle): string {
  const facts = [
    vehicle.seats === undefined ? undefined : `${vehicle.seats} seats`,
    vehicle.transmission,
  ].filter((fact) => fact !== undefined)
  const minimums = vehicle.minimumDays
    .filter((season) => season.minimumDays > 1)
    .map((season) => `${season.minimumDays} in ${season.season}`)
  return [
    `vehicle_id ${vehicle.vehicleId} ${vehicleLabel(vehicle.name, [vehicle.vehicleClass, vehicle.fuel])}${facts.length > 0 ? `: ${facts.join(', ')}` : ''}`,
    `at depots ${vehicle.depotIds.join(', ')}`,
    ...(minimums.length > 0 ? [`minimum days ${minimums.join(', ')}`] : []),
  ].join('; ')
}
