import { DEFAULT_FREE_CANCELLATION_HOURS } from '../domain/cancellation-rule.ts'
import type {
  Accessory,
  Booking,
  Catalogue,
  Depot,
  InsurancePlan,
  RateBand,
  RouteFee,
  Season,
  Vehicle,
} from '../domain/catalogue.ts'
import type { Company } from '../domain/company.ts'
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
    address: orUndefined(depot.address),
    latitude: orUndefined(depot.latitude),
    longitude: orUndefined(depot.longitude),
    phone: orUndefined(depot.phone),
    email: orUndefined(depot.email),
    directions: orUndefined(depot.directions),
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
    vehicle_classes: plan.vehicleClasses ?? undefined,
  }) as FileOf<'insurance_plans'>
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
