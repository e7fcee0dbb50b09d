import type { Booking, Catalogue } from '../domain/catalogue.ts'
import { toDollars } from '../domain/money.ts'
import type { FleetFile } from './fleet-file-schema.ts'

/**
 * The fleet file of a stored catalogue and its bookings: the inverse of toCatalogue, amounts in
 * dollars, booking dates absolute. Optional fields at their default are left out, as a person
 * writing the file would.
 */
export function fleetFileFromCatalogue(catalogue: Catalogue, bookings: Booking[]): FleetFile {
  const dollars = (cents: number) => toDollars(cents)
  const optional = <T, R>(value: T | null, map: (value: T) => R) =>
    value === null ? undefined : map(value)
  const nonEmpty = <T>(list: T[]) => (list.length > 0 ? list : undefined)
  return withoutUndefined({
    company: { name: catalogue.companyName },
    rate_bands: catalogue.rateBands.map((band) => ({
      min_days: band.minDays,
      max_days: band.maxDays ?? undefined,
    })),
    seasons: catalogue.seasons.map(({ id, name, periods }) => ({ id, name, periods })),
    depots: catalogue.depots.map((depot) => ({
      id: depot.id,
      name: depot.name,
      active: depot.active ? undefined : false,
      opening_hours: depot.openingHoursDescription,
      pickup_times: depot.pickupTimes,
      drop_off_times: depot.dropOffTimes,
      annual_closures: nonEmpty(depot.annualClosures),
      closures: nonEmpty(depot.closures),
    })),
    vehicles: catalogue.vehicles.map((vehicle) => ({
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
        catalogue.seasons
          .map((season) => season.id)
          .concat(Object.keys(vehicle.dailyRates))
          .filter((id, i, ids) => ids.indexOf(id) === i && vehicle.dailyRates[id])
          .map((id) => [id, (vehicle.dailyRates[id] ?? []).map(dollars)]),
      ),
    })),
    routes: catalogue.routes.map((route) => ({
      from: route.fromDepotId,
      to: route.toDepotId,
      fee: dollars(route.fee),
    })),
    accessories: catalogue.accessories.map((item) => ({
      id: item.id,
      name: item.name,
      price: dollars(item.price),
      per: item.per,
      max_charge: optional(item.maxCharge, dollars),
      max_quantity: item.maxQuantity,
      vehicle_classes: item.vehicleClasses ?? undefined,
      months: item.months ?? undefined,
    })),
    insurance_plans: catalogue.insurancePlans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      description: plan.description,
      price: dollars(plan.price),
      per: plan.per,
      max_charge: optional(plan.maxCharge, dollars),
      excess: dollars(plan.excess),
      vehicle_classes: plan.vehicleClasses ?? undefined,
    })),
    bookings: bookings.map((booking) => ({
      reference: booking.reference,
      vehicle: booking.vehicleId,
      pick_up_depot: booking.pickUpDepotId,
      drop_off_depot: booking.dropOffDepotId,
      pick_up_date: booking.pickUpDate,
      drop_off_date: booking.dropOffDate,
    })),
  }) as FleetFile
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
