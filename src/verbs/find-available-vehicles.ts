import {
  type RentalRequest,
  type RentalTerms,
  routeUnavailability,
  vehicleTerms,
} from '../domain/availability.ts'
import type { Vehicle } from '../domain/catalogue.ts'
import type { CatalogueIndex } from '../domain/catalogue-index.ts'
import type { Promotion } from '../domain/company-terms.ts'
import type { Cents } from '../domain/money.ts'
import { promotionForRental } from '../domain/rental-extras.ts'
import type { RentalPeriod } from '../domain/rental-period.ts'
import { totalFromAmount } from '../domain/rental-price.ts'
import { checkVehicleFilter, meetsFilter, type VehicleFilter } from '../domain/vehicle-filter.ts'
import { type MaybeAsync, whenReady } from '../store/maybe-async.ts'
import type { VerbContext } from './context.ts'
import { type RentalSearch, resolveRentalRequest } from './rental-request.ts'

/**
 * A vehicle that can be rented, its rate and fees, and its "total from": the total with nothing
 * chosen (surcharges included, less the promotion's `discount` where it is for the vehicle).
 */
export type AvailableVehicle = {
  vehicle: Vehicle
  terms: RentalTerms
  totalFrom: Cents
  discount: Cents
}

/** A search, and the promotion code to price its vehicles with. */
export type AvailabilitySearch = RentalSearch & { promoCode?: string | undefined }

export type Availability = { period: RentalPeriod; vehicles: AvailableVehicle[] }

/**
 * The vehicles that can be rented for the search (of those the filter lets through), cheapest daily
 * rate first, then by id. At once
 * when the store answers at once (the embedded one does), else as a promise; a search the rules
 * refuse throws at once.
 */
export function findAvailableVehicles(
  ctx: VerbContext,
  search: AvailabilitySearch,
  filter: VehicleFilter = {},
): MaybeAsync<Availability> {
  const index = ctx.catalogue()
  const request = resolveRentalRequest(ctx, search)
  checkVehicleFilter(index, filter)
  const { period, pickUpDepot } = request
  // A code unknown, out of its dates or too long for the rental is refused for every vehicle.
  const promotion =
    search.promoCode === undefined
      ? null
      : promotionForRental(index.catalogue.terms, search.promoCode, {
          pickUpDate: period.pickUpDate,
          days: period.days,
        })
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
    vehicles: availableAmong(index, request, promotion, candidates, units),
  }))
}

/** The candidates with a unit free, with their terms, cheapest daily rate first, then by id. */
function availableAmong(
  index: CatalogueIndex,
  request: RentalRequest,
  promotion: Promotion | null,
  candidates: readonly Vehicle[],
  booked: Map<number, number>,
): AvailableVehicle[] {
  const vehicles: AvailableVehicle[] = []
  const search = { ...request, terms: index.catalogue.terms, promotion }
  const surchargesByClass = new Map<string, Cents>()
  for (const vehicle of candidates) {
    // The route was checked once above, for every vehicle.
    const assessment = vehicleTerms(index, vehicle, request, booked.get(vehicle.id) ?? 0)
    if (!assessment.available) continue
    const { terms } = assessment
    const { totalFrom, discount } = totalFromAmount(search, vehicle, terms, surchargesByClass)
    vehicles.push({ vehicle, terms, totalFrom, discount })
  }
  vehicles.sort((a, b) => a.terms.dailyRate - b.terms.dailyRate || a.vehicle.id - b.vehicle.id)
  return vehicles
}
