import type { Depot, Season, Vehicle } from './catalogue.ts'
import type { CatalogueIndex } from './catalogue-index.ts'
import { depotClosure } from './catalogue-index.ts'
import type { CompanyTerms } from './company-terms.ts'
import type { UnavailableCode } from './errors.ts'
import { type Now, pickUpTimesGone } from './handover-times.ts'
import type { Cents } from './money.ts'
import { rentalFeeFor } from './pricing.ts'
import { minimumDriverAge } from './rental-extras.ts'
import type { RentalPeriod } from './rental-period.ts'

/** Where and when a vehicle is wanted, already validated. */
export type RentalRequest = {
  pickUpDepot: Depot
  dropOffDepot: Depot
  period: RentalPeriod
  /** The driver's age in whole years; null when the request does not say (no age limit is checked). */
  driverAge: number | null
  /** When the request was made: a pick-up today after the depot's last pick-up time cannot be had. */
  now?: Now
}

export type RentalTerms = { dailyRate: Cents; rentalFee: Cents; routeFee: Cents }

export type Unavailable = { available: false; code: UnavailableCode; reason: string }
export type Available = { available: true; terms: RentalTerms }

/**
 * What rules out every vehicle for this request: a depot closed or without hand-over times that
 * day (or, today, none left to come), or a one-way route the company does not offer.
 */
export function routeUnavailability(
  index: CatalogueIndex,
  request: RentalRequest,
): Unavailable | undefined {
  const { pickUpDepot, dropOffDepot, period } = request
  const closure =
    depotClosure(pickUpDepot, period.pickUpDate, 'pick-up') ??
    (request.now && pickUpTimesGone(pickUpDepot, period.pickUpDate, request.now)) ??
    depotClosure(dropOffDepot, period.dropOffDate, 'drop-off')
  if (closure) return unavailable('depot_closed', closure)
  if (index.routeFee(pickUpDepot.id, dropOffDepot.id) === undefined) {
    return unavailable('route_not_offered', routeNotOffered(pickUpDepot, dropOffDepot))
  }
  return undefined
}

/** Why a one-way rental between the two depots cannot be had. */
export function routeNotOffered(from: Depot, to: Depot): string {
  return `one-way rentals from ${from.name} to ${to.name} are not offered`
}

/**
 * Whether this vehicle can be rented for the request, and at what price. `bookedUnits` is the
 * most units of it already booked at the pick-up depot on any day of the rental.
 */
export function assessVehicle(
  index: CatalogueIndex,
  vehicle: Vehicle,
  request: RentalRequest,
  bookedUnits: number,
): Available | Unavailable {
  return routeUnavailability(index, request) ?? vehicleTerms(index, vehicle, request, bookedUnits)
}

/**
 * As assessVehicle, for a request whose depots and route are already known to be open
 * (routeUnavailability found nothing): a search checks those once, not once per vehicle.
 */
export function vehicleTerms(
  index: CatalogueIndex,
  vehicle: Vehicle,
  request: RentalRequest,
  bookedUnits: number,
): Available | Unavailable {
  return vehicleTermsIn(vehicle, request, bookedUnits, searchTermsOf(index, request))
}

/** What is the same for every vehicle of one search: its season, rate band and route fee. */
export type SearchTerms = {
  season: Season | undefined
  bandIndex: number | undefined
  routeFee: Cents
  /** The company's terms: each vehicle's minimum driver age comes from them. */
  companyTerms: CompanyTerms
}

/** The search's terms; a route not offered counts as no fee here (routeUnavailability says no). */
export function searchTermsOf(index: CatalogueIndex, request: RentalRequest): SearchTerms {
  return {
    season: index.seasonOf(request.period.pickUpDate),
    bandIndex: index.rateBandIndex(request.period.days),
    routeFee: index.routeFee(request.pickUpDepot.id, request.dropOffDepot.id) ?? 0,
    companyTerms: index.catalogue.terms,
  }
}

/** As vehicleTerms, with the search's own terms worked out once for all its vehicles. */
export function vehicleTermsIn(
  vehicle: Vehicle,
  request: RentalRequest,
  bookedUnits: number,
  { season, bandIndex, routeFee, companyTerms }: SearchTerms,
): Available | Unavailable {
  const { pickUpDepot, period, driverAge } = request
  if (driverAge !== null) {
    const minimumAge = minimumDriverAge(companyTerms, vehicle)
    if (driverAge < minimumAge) {
      return unavailable(
        'driver_too_young',
        `${vehicle.name} is rented to drivers aged ${minimumAge} or over; the driver is ${driverAge}`,
      )
    }
  }
  const dailyRate =
    season && bandIndex !== undefined ? vehicle.dailyRates[season.id]?.[bandIndex] : undefined
  if (!season || dailyRate === undefined) {
    return unavailable(
      'no_rate',
      `${vehicle.name} has no rate for a ${period.days}-day rental picked up on ${period.pickUpDate}`,
    )
  }
  const minimumDays = minimumDaysIn(vehicle, season)
  if (period.days < minimumDays) {
    return unavailable(
      'below_minimum_days',
      `${vehicle.name} is rented for at least ${minimumDays} days in ${seasonPhrase(season.name)}; this rental is ${period.days} ${period.days === 1 ? 'day' : 'days'}`,
    )
  }
  const unitsStocked = vehicle.unitsByDepot[pickUpDepot.id] ?? 0
  if (unitsStocked - bookedUnits < 1) {
    return unavailable(
      'vehicle_sold_out',
      unitsStocked === 0
        ? `${vehicle.name} is not stocked at ${pickUpDepot.name}`
        : `${vehicle.name} is sold out at ${pickUpDepot.name} for ${period.pickUpDate} to ${period.dropOffDate}`,
    )
  }
  return {
    available: true,
    terms: { dailyRate, rentalFee: rentalFeeFor(dailyRate, period.days), routeFee },
  }
}

/** The vehicle's shortest rental picked up in the season: 1 day unless the fleet says more. */
export function minimumDaysIn(vehicle: Vehicle, season: Season): number {
  return vehicle.minimumDays[season.id] ?? 1
}

function unavailable(code: UnavailableCode, reason: string): Unavailable {
  return { available: false, code, reason }
}

/**
 * "the Shoulder season", or "the Ski season" for a season the company named so itself (not "the
 * Ski season season").
 */
export function seasonPhrase(name: string): string {
  return /\bseason$/i.test(name.trim()) ? `the ${name.trim()}` : `the ${name} season`
}
