import { noneStocked } from '../../domain/vehicle-filter.ts'
import { type OperationDeps, queryFilter } from '../../operations/agent-operations.ts'

/** The filters of a search, as sent. */
export type SentFilters = {
  vehicle_id?: string | undefined
  vehicle_class?: string | undefined
  min_seats?: string | undefined
}

/**
 * Why a search at a depot has no vehicle to look at, when that is why it is empty: the depot
 * stocks none, none that meets the filters, or not the one vehicle asked for; and the tool that
 * lists where such vehicles are.
 */
export function noVehicleText(
  deps: OperationDeps,
  pickUpDepotId: string,
  filters: SentFilters,
): string {
  const index = deps.ctx.catalogue()
  const depot = index.activeDepot(Number(pickUpDepotId))
  const where = `${depot?.name ?? 'The depot'} (pick_up_depot_id ${pickUpDepotId})`
  const none = noneStocked(index, Number(pickUpDepotId), queryFilter(filters))
  if (none?.kind === 'vehicle_not_stocked' || none?.kind === 'vehicle_fails_filters') {
    const label = `Vehicle ${none.vehicle.id} (${none.vehicle.name})`
    if (none.kind === 'vehicle_not_stocked') {
      return `${label} is not stocked at ${where}; list_vehicles gives the depots that stock it (depotIds).`
    }
    // Which filter it fails: "or does not meet the filters" left the agent to find out which.
    const { vehicle } = none
    const fails = none.unmet.map((unmet) =>
      unmet === 'vehicle_class'
        ? `is of class ${vehicle.vehicleClass}, not ${filters.vehicle_class}`
        : `has ${vehicle.facts.seats === undefined ? 'no seat count given' : `${vehicle.facts.seats} seats`}, not at least ${filters.min_seats}`,
    )
    return `${label} ${fails.join(' and ')}: send vehicle_id without the filters it does not meet, or the filters without vehicle_id.`
  }
  const wanted = [
    filters.vehicle_class === undefined ? undefined : `of class ${filters.vehicle_class}`,
    filters.min_seats === undefined ? undefined : `with at least ${filters.min_seats} seats`,
  ].filter((part) => part !== undefined)
  if (wanted.length === 0) {
    return `${where} stocks no vehicle; list_vehicles lists the depots that stock each vehicle.`
  }
  const sameFilters = [
    filters.vehicle_class === undefined ? undefined : `vehicle_class ${filters.vehicle_class}`,
    filters.min_seats === undefined ? undefined : `min_seats ${filters.min_seats}`,
  ]
    .filter((part) => part !== undefined)
    .join(' and ')
  return `${where} stocks no vehicle ${wanted.join(' and ')}; list_vehicles with ${sameFilters} lists the depots that stock such vehicles.`
}
