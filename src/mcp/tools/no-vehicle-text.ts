import type { OperationDeps } from '../../operations/agent-operations.ts'

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
  const depot = deps.ctx.catalogue().activeDepot(Number(pickUpDepotId))
  const where = `${depot?.name ?? 'The depot'} (pick_up_depot_id ${pickUpDepotId})`
  if (filters.vehicle_id !== undefined) {
    const others = filters.vehicle_class || filters.min_seats
    return `Vehicle ${filters.vehicle_id} is not stocked at ${where}${others ? ', or does not meet vehicle_class or min_seats' : ''}; list_vehicles gives the depots that stock it (depotIds).`
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
