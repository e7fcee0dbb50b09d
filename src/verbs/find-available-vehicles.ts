import {
  type RentalRequest,
  type RentalTerms,
  routeUnavailability,
  searchTermsOf,
  vehicleTermsIn,
} from '../domain/availability.ts'
import type { Vehicle } from '../domain/catalogue.ts'
import type { Cents } from '../domain/money.ts'
import { promotionForRental } from '../domain/rental-extras.ts'
import type { RentalPeriod } from '../domain/rental-period.ts'
import { searchDiscount, totalFromAmount } from '../domain/rental-price.ts'
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

/** The vehicles, and the rental as the search resolved it (its depots, period and clock). */
export type Availability = {
  period: RentalPeriod
  request: RentalRequest
  vehicles: AvailableVehicle[]
}

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
  if (routeUnavailability(index, request)) return { period, request, vehicles: [] }
  // One season, rate band and route fee for every vehicle of the search; without a season and a
  // band, no vehicle has a rate. The vehicles with a rate come in the answer's order.
  const terms = searchTermsOf(index, request)
  const { season, bandIndex } = terms
  if (!season || bandIndex === undefined) return { period, request, vehicles: [] }
  const rated = index.vehiclesByRate(pickUpDepot.id, season, bandIndex)
  const unfiltered =
    filter.minSeats === undefined &&
    filter.vehicleClass === undefined &&
    filter.vehicleId === undefined
  const candidates = unfiltered
    ? rated.vehicles
    : rated.vehicles.filter((vehicle) => meetsFilter(vehicle, filter))
  if (candidates.length === 0) return { period, request, vehicles: [] }
  const booked = ctx.store.bookedUnits({
    depotId: pickUpDepot.id,
    vehicleIds: unfiltered ? rated.ids : candidates.map((vehicle) => vehicle.id),
    from: period.pickUpDate,
    to: period.dropOffDate,
  })
  return whenReady(booked, (units) => {
    const vehicles: AvailableVehicle[] = []
    const totals = { ...request, terms: index.catalogue.terms, promotion }
    const byClass = new Map<string, Cents>()
    for (const vehicle of candidates) {
      const booked = units.get(vehicle.id) ?? 0
      const assessment = vehicleTermsIn(vehicle, request, booked, terms)
      if (!assessment.available) continue
      const discount = searchDiscount(totals, vehicle, assessment.terms)
      const totalFrom = totalFromAmount(totals, vehicle, assessment.terms, discount, byClass)
      vehicles.push({ vehicle, terms: assessment.terms, totalFrom, discount })
    }
    return { period, request, vehicles }
  })
}
