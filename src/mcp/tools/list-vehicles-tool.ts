import Type, { type Static } from 'typebox'
import { type OperationDeps, vehiclesAnswer } from '../../operations/agent-operations.ts'
import { CatalogueVehicleSchema } from '../../schemas/catalogue-vehicle.ts'
import { VehiclesQuery } from '../../schemas/query-parameters.ts'
import type { AgentTool } from '../agent-tool.ts'
import { counted, lines, vehicleLabel } from '../tool-text.ts'

type CatalogueVehicle = Static<typeof CatalogueVehicleSchema>

export const listVehiclesTool: AgentTool = {
  name: 'list_vehicles',
  parameters: VehiclesQuery,
  outputSchema: Type.Object({ vehicles: Type.Array(CatalogueVehicleSchema) }),
  answer(deps, parameters) {
    const query = parameters as Static<typeof VehiclesQuery>
    const vehicles = vehiclesAnswer(deps, query)
    if (vehicles.length === 0) {
      return { structured: { vehicles }, text: noneText(deps, query) }
    }
    return {
      structured: { vehicles },
      text: lines(
        `${counted(vehicles.length, 'vehicle')}, whatever the dates:`,
        vehicles.map(vehicleLine),
        'Which are free, and their price, for given dates and depots: find_available_vehicles.',
      ),
    }
  },
}

/**
 * Why the catalogue gives nothing: the depot stocks none of the vehicles that meet the filters
 * (which depots do), or no vehicle of the fleet meets them (what the fleet has instead).
 */
function noneText(deps: OperationDeps, query: Static<typeof VehiclesQuery>): string {
  const wanted = [
    query.vehicle_class === undefined ? undefined : `of class ${query.vehicle_class}`,
    query.min_seats === undefined ? undefined : `with at least ${query.min_seats} seats`,
  ]
    .filter((part) => part !== undefined)
    .join(' and ')
  const anywhere = vehiclesAnswer(deps, { ...query, depot_id: undefined })
  if (query.depot_id !== undefined && anywhere.length > 0) {
    const depots = [...new Set(anywhere.flatMap((vehicle) => vehicle.depotIds))].sort(
      (a, b) => a - b,
    )
    const stock =
      depots.length === 1 ? `depot ${depots[0]} stocks` : `depots ${depots.join(', ')} stock`
    return `No vehicle ${wanted} is stocked at depot_id ${query.depot_id}; ${stock} such vehicles: send one of them as depot_id, or leave depot_id out.`
  }
  const fleet = vehiclesAnswer(deps, {})
  const classes = [...new Set(fleet.map((vehicle) => vehicle.vehicleClass))].sort().join(', ')
  const seats = Math.max(0, ...fleet.map((vehicle) => vehicle.seats ?? 0))
  return `No vehicle ${wanted} is in the fleet: its classes are ${classes}, and the most seats a vehicle has is ${seats}.`
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
