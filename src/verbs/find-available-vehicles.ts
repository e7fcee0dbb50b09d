import {
  type RentalTerms,
  routeUnavailability,
  searchTermsOf,
  vehicleTermsIn,
} from '../domain/availability.ts'
import type { Vehicle } from '../domain/catalogue.ts'
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
  // One season, rate band and route fee for every vehicle of the search; without a season and a
  // band, no vehicle has a rate. The vehicles with a rate come in the answer's order.
  const terms = searchTermsOf(index, request)
  const { season, bandIndex } = terms
  if (!season || bandIndex === undefined) return { period, vehicles: [] }
  const rated = index.vehiclesByRate(pickUpDepot.id, season, bandIndex)
  const unfiltered = filter.minSeats === undefined && filter.vehicleClass === undefined
  const candidates = unfiltered
    ? rated.vehicles
    : rated.vehicles.filter((vehicle) => meetsFilter(vehicle, filter))
  if (candidates.length === 0) return { period, vehicles: [] }
  const booked = ctx.store.bookedUnits({
    depotId: pickUpDepot.id,
    vehicleIds: unfiltered ? rated.ids : candidates.map((vehicle) => vehicle.id),
    from: period.pickUpDate,
    to: period.dropOffDate,
  })
  return whenReady(booked, (units) => {
    const vehicles: AvailableVehicle[] = []
    for (const vehicle of candidates) {
      const booked = units.get(vehicle.id) ?? 0
      const assessment = vehicleTermsIn(vehicle, request, booked, terms)
      if (assessment.available) vehicles.push({ vehicle, terms: assessment.terms })
    }
    return { period, vehicles }
  })
}
