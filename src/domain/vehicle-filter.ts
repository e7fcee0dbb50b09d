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
  return classMet(vehicle, filter) && seatsMet(vehicle, filter)
}

/** A filter beside `vehicleId` that a vehicle can fail, by the parameter that sends it. */
export type UnmetFilter = 'vehicle_class' | 'min_seats'

/** The filters beside `vehicleId` that the vehicle does not meet. */
export function unmetFilters(vehicle: Vehicle, filter: VehicleFilter): UnmetFilter[] {
  const unmet: UnmetFilter[] = []
  if (!classMet(vehicle, filter)) unmet.push('vehicle_class')
  if (!seatsMet(vehicle, filter)) unmet.push('min_seats')
  return unmet
}

function classMet(vehicle: Vehicle, filter: VehicleFilter): boolean {
  return filter.vehicleClass === undefined || sameClass(vehicle.vehicleClass, filter.vehicleClass)
}

function seatsMet(vehicle: Vehicle, filter: VehicleFilter): boolean {
  return filter.minSeats === undefined || (vehicle.facts.seats ?? 0) >= filter.minSeats
}

/** Classes match whatever their case, as promotion codes do: "Motorhome" is the motorhome class. */
function sameClass(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

/**
 * Why the depot stocks no vehicle that meets the filter, when it stocks none (else undefined): the
 * one vehicle asked for is not stocked there, or is but fails the filters sent with it (which), or
 * no vehicle there meets them (and whether any of the fleet does). An empty search that only this
 * makes empty leads to where such vehicles are, not to why the depot's others are left out; every
 * door says the same case.
 */
export type NoneStocked =
  | { kind: 'vehicle_not_stocked'; vehicle: Vehicle }
  | { kind: 'vehicle_fails_filters'; vehicle: Vehicle; unmet: UnmetFilter[] }
  | { kind: 'none_meets_filters'; anywhere: boolean }

export function noneStocked(
  index: CatalogueIndex,
  depotId: number,
  filter: VehicleFilter,
): NoneStocked | undefined {
  if (index.vehiclesStockedAt(depotId).some((vehicle) => meetsFilter(vehicle, filter))) {
    return undefined
  }
  const vehicle = filter.vehicleId === undefined ? undefined : index.vehicle(filter.vehicleId)
  if (vehicle) {
    return (vehicle.unitsByDepot[depotId] ?? 0) > 0
      ? { kind: 'vehicle_fails_filters', vehicle, unmet: unmetFilters(vehicle, filter) }
      : { kind: 'vehicle_not_stocked', vehicle }
  }
  const anywhere = index.catalogue.vehicles.some((candidate) => meetsFilter(candidate, filter))
  return { kind: 'none_meets_filters', anywhere }
}
