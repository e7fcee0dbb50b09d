import {
  type RentalRequest,
  type RentalTerms,
  routeUnavailability,
  vehicleTerms,
} from '../domain/availability.ts'
import type { Vehicle } from '../domain/catalogue.ts'
import type { CatalogueIndex } from '../domain/catalogue-index.ts'
import type { RentalPeriod } from '../domain/rental-period.ts'
import { checkVehicleFilter, meetsFilter, type VehicleFilter } from '../domain/vehicle-filter.ts'
import { type MaybeAsync, whenReady } from '../store/maybe-async.ts'
import type { VerbContext } from './context.ts'
import { type RentalSearch, resolveRentalRequest } from './rental-request.ts'

export type AvailableVehicle = { vehicle: Vehicle; terms: RentalTerms }

export type Availability = { period: RentalPeriod; vehicles: AvailableVehicle[] }

/**
 * The vehicles that can be rented for the search (of those the filter lets through), cheapest daily
 * rate first, then by id. At once
 * when the store answers at once (the embedded one does), else as a promise; a search the rules
 * refuse throws at once.
 */
export function findAvailableVehicles(
  ctx: VerbContext,
  search: RentalSearch,
  filter: VehicleFilter = {},
): MaybeAsync<Availability> {
  const index = ctx.catalogue()
  const request = resolveRentalRequest(ctx, search)
  checkVehicleFilter(index, filter)
  const { period, pickUpDepot } = request
  if (routeUnavailability(index, request)) return { period, vehicles: [] }
  const stocked = index.vehiclesStockedAt(pickUpDepot.id)
  const candidates =
    filter.minSeats === undefined &&
    filter.vehicleClass === undefined &&
    filter.vehicleId === undefined
      ? stocked
      : stocked.filter((vehicle) => meetsFilter(vehicle, filter))
  if (candidates.length === 0) return { period, vehicles: [] }
  const booked = ctx.store.bookedUnits({
    depotId: pickUpDepot.id,
    vehicleIds: candidates.map((vehicle) => vehicle.id),
    from: period.pickUpDate,
    to: period.dropOffDate,
  })
  return whenReady(booked, (units) => ({
    period,
    vehicles: availableAmong(index, request, candidates, units),
  }))
}

/** The candidates with a unit free, with their terms, cheapest daily rate first, then by id. */
function availableAmong(
  index: CatalogueIndex,
  request: RentalRequest,
  candidates: readonly Vehicle[],
  booked: Map<number, number>,
): AvailableVehicle[] {
  const vehicles: AvailableVehicle[] = []
  for (const vehicle of candidates) {
    // The route was checked once above, for every vehicle.
    const assessment = vehicleTerms(index, vehicle, request, booked.get(vehicle.id) ?? 0)
    if (assessment.available) vehicles.push({ vehicle, terms: assessment.terms })
  }
  vehicles.sort((a, b) => a.terms.dailyRate - b.terms.dailyRate || a.vehicle.id - b.vehicle.id)
  return vehicles
}
