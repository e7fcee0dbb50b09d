import type { Vehicle } from './catalogue.ts'
import type { CatalogueIndex } from './catalogue-index.ts'
import { invalid } from './errors.ts'

/** What narrows a search beyond where and when, each optional. */
export type VehicleFilter = {
  minSeats?: number | undefined
  vehicleClass?: string | undefined
  /** One vehicle only (a flexible-dates search for the vehicle an agent has chosen). */
  vehicleId?: number | undefined
}

/**
 * The filter, checked against the catalogue: a class no vehicle of the fleet has is a 400 that
 * lists the classes there are, rather than an answer that is always empty.
 */
export function checkVehicleFilter(index: CatalogueIndex, filter: VehicleFilter): VehicleFilter {
  const { vehicleClass, vehicleId } = filter
  if (vehicleId !== undefined && index.vehicle(vehicleId) === undefined) {
    throw invalid('unknown_vehicle', 'vehicle_id', `vehicle_id ${vehicleId} is not a vehicle`, {
      of: 'vehicles',
    })
  }
  if (
    vehicleClass !== undefined &&
    !index.vehicleClasses.some((known) => sameClass(known, vehicleClass))
  ) {
    throw invalid(
      'invalid_parameter',
      'vehicle_class',
      `vehicle_class "${vehicleClass}" is not a class of this fleet; send one of ${index.vehicleClasses.join(', ')}`,
    )
  }
  return filter
}

/** A vehicle without a seat count never meets `minSeats`: it cannot be promised. */
export function meetsFilter(vehicle: Vehicle, filter: VehicleFilter): boolean {
  if (filter.vehicleId !== undefined && vehicle.id !== filter.vehicleId) return false
  if (filter.vehicleClass !== undefined && !sameClass(vehicle.vehicleClass, filter.vehicleClass))
    return false
  if (filter.minSeats !== undefined && (vehicle.facts.seats ?? 0) < filter.minSeats) return false
  return true
}

/** Classes match whatever their case, as promotion codes do: "Motorhome" is the motorhome class. */
function sameClass(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

/**
 * Whether the depot stocks any vehicle that meets the filter: an empty search that only the
 * filter makes empty leads to where such vehicles are, not to why the depot's others are left out.
 */
export function stocksAnyMeeting(
  index: CatalogueIndex,
  depotId: number,
  filter: VehicleFilter,
): boolean {
  return index.vehiclesStockedAt(depotId).some((vehicle) => meetsFilter(vehicle, filter))
}
