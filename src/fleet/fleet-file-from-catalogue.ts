import { isDeepStrictEqual } from 'node:util'
import { DEFAULT_FREE_CANCELLATION_HOURS } from '../domain/cancellation-rule.ts'
import type {
  Accessory,
  AfterHours,
  Booking,
  Catalogue,
  ChargeRule,
  Depot,
  InsurancePlan,
  RateBand,
  RouteFee,
  Season,
  Vehicle,
} from '../domain/catalogue.ts'
import type { Company } from '../domain/company.ts'
import {
  type CompanyTerms,
  type DistanceAllowance,
  defaultCompanyTerms,
} from '../domain/company-terms.ts'
import { toDollars } from '../domain/money.ts'
import type { FleetFile } from './fleet-file-schema.ts'

/*
 * The fleet file of a stored catalogue and its bookings: the inverse of toCatalogue, amounts in
 * dollars, booking dates absolute. Optional fields at their default are left out, as a person
 * writing the file would. Each kind of item is converted on its own as well, so that an import's
 * dry run can say which fields of an item change in the file's own terms.
 */

type FileOf<K extends keyof FleetFile> =
  NonNullable<FleetFile[K]> extends (infer U)[] ? U : NonNullable<FleetFile[K]>

const dollars = (cents: number) => toDollars(cents)
const optional = <T, R>(value: T | null, map: (value: T) => R) =>
  value === null ? undefined : map(value)
const orUndefined = <T>(value: T | null) => value ?? undefined
const nonEmpty = <T>(list: T[]) => (list.length > 0 ? list : undefined)

export function fleetFileFromCatalogue(catalogue: Catalogue, bookings: Booking[]): FleetFile {
  return withoutUndefined({
    company: companyInFile(catalogue.company),
    rate_bands: catalogue.rateBands.map(rateBandInFile),
    seasons: catalogue.seasons.map(seasonInFile),
    depots: catalogue.depots.map(depotInFile),
    vehicles: catalogue.vehicles.map((vehicle) => vehicleInFile(vehicle, catalogue.seasons)),
    routes: catalogue.routes.map(routeInFile),
    accessories: catalogue.accessories.map(accessoryInFile),
    ...termsInFile(catalogue.terms),
    insurance_plans: catalogue.insurancePlans.map(insurancePlanInFile),
    bookings: bookings.map(bookingInFile),
  }) as FleetFile
}

export function companyInFile(company: Company): FileOf<'company'> {
  return withoutUndefined({
    name: company.name,
    email: orUndefined(company.email),
    phone: orUndefined(company.phone),
    website: orUndefined(company.website),
    // Always written, so that an exported file keeps its references' prefix if the name changes.
    booking_reference_prefix: company.bookingReferencePrefix,
    logo: orUndefined(company.logo),
    terms_url: orUndefined(company.termsUrl),
    free_cancellation_hours:
      company.freeCancellationHours === DEFAULT_FREE_CANCELLATION_HOURS
        ? undefined
        : company.freeCancellationHours,
  }) as FileOf<'company'>
}

export function rateBandInFile(band: RateBand): FileOf<'rate_bands'> {
  return withoutUndefined({
    min_days: band.minDays,
    max_days: band.maxDays ?? undefined,
  }) as FileOf<'rate_bands'>
}

export function seasonInFile({ id, name, periods }: Season): FileOf<'seasons'> {
  return { id, name, periods }
}

export function depotInFile(depot: Depot): FileOf<'depots'> {
  // A range of one day is written as the day, as a person would.
  const day = <T extends string>({ from, to }: { from: T; to: T }) =>
    from === to ? from : { from, to }
  return withoutUndefined({
    id: depot.id,
    name: depot.name,
    active: depot.active ? undefined : false,
    opening_hours: depot.openingHoursDescription,
    pickup_times: depot.pickupTimes,
    drop_off_times: depot.dropOffTimes,
    annual_closures: nonEmpty(depot.annualClosures.map(day)),
    closures: nonEmpty(depot.closures.map(day)),
    weekly_closures: nonEmpty(depot.weeklyClosures),
    address: orUndefined(depot.address),
    latitude: orUndefined(depot.latitude),
    longitude: orUndefined(depot.longitude),
    phone: orUndefined(depot.phone),
    email: orUndefined(depot.email),
    directions: orUndefined(depot.directions),
    after_hours: afterHoursInFile(depot.afterHours),
  }) as FileOf<'depots'>
}

export function vehicleInFile(vehicle: Vehicle, seasons: Season[]): FileOf<'vehicles'> {
  return withoutUndefined({
    id: vehicle.id,
    name: vehicle.name,
    class: vehicle.vehicleClass,
    image: vehicle.image,
    units: Object.fromEntries(
      Object.entries(vehicle.unitsByDepot).map(([depot, units]) => [String(depot), units]),
    ),
    minimum_days: Object.keys(vehicle.minimumDays).length > 0 ? vehicle.minimumDays : undefined,
    // In the catalogue's season order, as the file lists seasons.
    daily_rates: Object.fromEntries(
      seasons
        .map((season) => season.id)
        .concat(Object.keys(vehicle.dailyRates))
        .filter((id, i, ids) => ids.indexOf(id) === i && vehicle.dailyRates[id])
        .map((id) => [id, (vehicle.dailyRates[id] ?? []).map(dollars)]),
    ),
    ...vehicle.facts,
  }) as FileOf<'vehicles'>
}

export function routeInFile(route: RouteFee): FileOf<'routes'> {
  return { from: route.fromDepotId, to: route.toDepotId, fee: dollars(route.fee) }
}

export function accessoryInFile(item: Accessory): FileOf<'accessories'> {
  return withoutUndefined({
    id: item.id,
    name: item.name,
    price: dollars(item.price),
    per: item.per,
    max_charge: optional(item.maxCharge, dollars),
    max_quantity: item.maxQuantity,
    vehicle_classes: item.vehicleClasses ?? undefined,
    months: item.months ?? undefined,
  }) as FileOf<'accessories'>
}

export function insurancePlanInFile(plan: InsurancePlan): FileOf<'insurance_plans'> {
  return withoutUndefined({
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: dollars(plan.price),
    per: plan.per,
    max_charge: optional(plan.maxCharge, dollars),
    excess: dollars(plan.excess),
    bond: optional(plan.bond, dollars),
    vehicle_classes: plan.vehicleClasses ?? undefined,
  }) as FileOf<'insurance_plans'>
}

/** A depot's after-hours times, each day type's list left out when empty, all when none is. */
function afterHoursInFile(afterHours: AfterHours) {
  const times = (byType: AfterHours['pickUp']) =>
    byType.weekday.length + byType.weekend.length === 0 ? undefined : byType
  const pickup = times(afterHours.pickUp)
  const dropOff = times(afterHours.dropOff)
  if (pickup === undefined && dropOff === undefined) return undefined
  return { pickup_times: pickup, drop_off_times: dropOff }
}

/** The drivers, surcharges, promotions and terms, each left out when at its default. */
export function termsInFile(
  terms: CompanyTerms,
): Pick<FleetFile, 'drivers' | 'surcharges' | 'promotions' | 'terms'> {
  const defaults = defaultCompanyTerms()
  const charge = (rule: ChargeRule | null) =>
    rule === null
      ? undefined
      : { price: dollars(rule.price), per: rule.per, max_charge: optional(rule.maxCharge, dollars) }
  const distance = (allowance: DistanceAllowance) =>
    allowance.unlimited
      ? ('unlimited' as const)
      : { km_per_day: allowance.kmPerDay, extra_km_price: dollars(allowance.extraKmPrice) }
  const { drivers } = terms
  const driversSaid = !isDeepStrictEqual(drivers, defaults.drivers)
  const distanceSaid = !isDeepStrictEqual(terms.distance, defaults.distance)
  const paymentSaid = !isDeepStrictEqual(terms.payment, defaults.payment)
  const fileTerms = withoutUndefined({
    distance: distanceSaid
      ? {
          default: terms.distance.default.unlimited ? undefined : distance(terms.distance.default),
          classes:
            Object.keys(terms.distance.byClass).length === 0
              ? undefined
              : Object.fromEntries(
                  Object.entries(terms.distance.byClass).map(([name, allowance]) => [
                    name,
                    distance(allowance),
                  ]),
                ),
        }
      : undefined,
    fuel_policy: orUndefined(terms.fuelPolicy),
    bond_without_plan: optional(terms.bondWithoutPlan, dollars),
    payment: paymentSaid
      ? {
          deposit_percent: terms.payment.depositPercent,
          balance_due_days_before_pick_up: orUndefined(terms.payment.balanceDueDaysBeforePickUp),
          how_to_pay: orUndefined(terms.payment.howToPay ?? null),
        }
      : undefined,
  }) as Record<string, unknown>
  return withoutUndefined({
    drivers: driversSaid
      ? {
          minimum_age: drivers.minimumAge,
          young_driver_under: orUndefined(drivers.youngDriverUnder),
          young_driver_fee: charge(drivers.youngDriverFee),
          classes:
            Object.keys(drivers.byClass).length === 0
              ? undefined
              : Object.fromEntries(
                  Object.entries(drivers.byClass).map(([name, own]) => [
                    name,
                    {
                      minimum_age: own.minimumAge,
                      young_driver_under:
                        own.youngDriverUnder === undefined ? undefined : own.youngDriverUnder,
                      young_driver_fee:
                        own.youngDriverFee === undefined ? undefined : charge(own.youngDriverFee),
                    },
                  ]),
                ),
        }
      : undefined,
    surcharges: nonEmpty(
      terms.surcharges.map((item) => ({
        id: item.id,
        name: item.name,
        ...charge(item),
        applies:
          item.condition.when === 'depots'
            ? { depots: item.condition.depotIds }
            : item.condition.when,
      })),
    ),
    promotions: nonEmpty(
      terms.promotions.map((item) => ({
        code: item.code,
        name: item.name,
        percent_off: orUndefined(item.percentOff),
        amount_off: optional(item.amountOff, dollars),
        pick_up_from: orUndefined(item.pickUpFrom),
        pick_up_to: orUndefined(item.pickUpTo),
        minimum_days: item.minimumDays === 1 ? undefined : item.minimumDays,
        vehicle_classes: orUndefined(item.vehicleClasses),
      })),
    ),
    terms: Object.keys(fileTerms).length === 0 ? undefined : fileTerms,
  }) as Pick<FleetFile, 'drivers' | 'surcharges' | 'promotions' | 'terms'>
}

function bookingInFile(booking: Booking): FileOf<'bookings'> {
  return {
    reference: booking.reference,
    vehicle: booking.vehicleId,
    pick_up_depot: booking.pickUpDepotId,
    drop_off_depot: booking.dropOffDepotId,
    pick_up_date: booking.pickUpDate,
    drop_off_date: booking.dropOffDate,
  }
}

/** A copy without the keys whose value is undefined, so a writer leaves them out. */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefined)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => [key, withoutUndefined(item)]),
  )
}
