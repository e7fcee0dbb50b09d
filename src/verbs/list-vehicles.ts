import { minimumDaysIn } from '../domain/availability.ts'
import type { Season, Vehicle } from '../domain/catalogue.ts'
import { checkVehicleFilter, meetsFilter, type VehicleFilter } from '../domain/vehicle-filter.ts'
import type { VerbContext } from './context.ts'
import { activeDepot } from './rental-request.ts'

/** A vehicle of the catalogue, with where it can be picked up and its shortest rentals. */
export type CatalogueVehicle = {
  vehicle: Vehicle
  /** The active depots that stock at least one unit, in id order. */
  depotIds: number[]
  /** Each season in which the vehicle has a rate, in the fleet's order, with its shortest rental. */
  minimumDays: { season: Season; days: number }[]
}

export type VehiclesQuery = VehicleFilter & { depotId?: number | undefined }

/**
 * The vehicles the company rents, in id order, whatever the dates: those stocked at an active
 * depot (a vehicle stocked nowhere it can be picked up is not offered), narrowed by the filters
 * of a search and, with a depot, to those stocked there. Which are free, and at what price, is
 * for findAvailableVehicles to say.
 */
export function listVehicles(ctx: VerbContext, query: VehiclesQuery = {}): CatalogueVehicle[] {
  const index = ctx.catalogue()
  const depotId =
    query.depotId === undefined ? undefined : activeDepot(index, 'depot_id', query.depotId).id
  checkVehicleFilter(index, query)
  const seasons = index.catalogue.seasons
  const vehicles: CatalogueVehicle[] = []
  for (const vehicle of [...index.catalogue.vehicles].sort((a, b) => a.id - b.id)) {
    if (!meetsFilter(vehicle, query)) continue
    const depotIds = index.activeDepots
      .filter((depot) => (vehicle.unitsByDepot[depot.id] ?? 0) > 0)
      .map((depot) => depot.id)
    if (depotIds.length === 0) continue
    if (depotId !== undefined && !depotIds.includes(depotId)) continue
    const minimumDays = seasons
      .filter((season) => vehicle.dailyRates[season.id] !== undefined)
      .map((season) => ({ season, days: minimumDaysIn(vehicle, season) }))
    vehicles.push({ vehicle, depotIds, minimumDays })
  }
  return vehicles
}
