import type { CalendarDate } from '../domain/calendar-date.ts'
import type { Booking, Catalogue } from '../domain/catalogue.ts'
import { dollarsToCents } from './check-fleet.ts'
import type { FleetFile } from './fleet-file-schema.ts'

/** Converts a checked fleet file to the catalogue in cents, with absolute booking dates. */
export function toCatalogue(
  fleet: FleetFile,
  resolveDate: (value: string) => CalendarDate | undefined,
): { catalogue: Catalogue; bookings: Booking[] } {
  const cents = (dollars: number) => dollarsToCents(dollars) as number
  const optionalCents = (dollars: number | undefined) =>
    dollars === undefined ? null : cents(dollars)
  const catalogue: Catalogue = {
    companyName: fleet.company.name,
    depots: fleet.depots.map((depot) => ({
      id: depot.id,
      name: depot.name,
      active: depot.active ?? true,
      openingHoursDescription: depot.opening_hours,
      pickupTimes: depot.pickup_times,
      dropOffTimes: depot.drop_off_times,
      annualClosures: depot.annual_closures ?? [],
      closures: (depot.closures ?? []) as CalendarDate[],
    })),
    vehicles: fleet.vehicles.map((vehicle) => ({
      id: vehicle.id,
      name: vehicle.name,
      vehicleClass: vehicle.class,
      image: vehicle.image,
      unitsByDepot: Object.fromEntries(
        Object.entries(vehicle.units).map(([depotId, units]) => [Number(depotId), units]),
      ),
      minimumDays: vehicle.minimum_days ?? {},
      dailyRates: Object.fromEntries(
        Object.entries(vehicle.daily_rates).map(([season, rates]) => [season, rates.map(cents)]),
      ),
    })),
    seasons: fleet.seasons.map(({ id, name, periods }) => ({ id, name, periods })),
    rateBands: fleet.rate_bands.map((band) => ({
      minDays: band.min_days,
      maxDays: band.max_days ?? null,
    })),
    routes: fleet.routes.map((route) => ({
      fromDepotId: route.from,
      toDepotId: route.to,
      fee: cents(route.fee),
    })),
    accessories: fleet.accessories.map((item) => ({
      id: item.id,
      name: item.name,
      price: cents(item.price),
      per: item.per,
      maxCharge: optionalCents(item.max_charge),
      maxQuantity: item.max_quantity,
      vehicleClasses: item.vehicle_classes ?? null,
      months: item.months ?? null,
    })),
    insurancePlans: fleet.insurance_plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      description: plan.description,
      price: cents(plan.price),
      per: plan.per,
      maxCharge: optionalCents(plan.max_charge),
      excess: cents(plan.excess),
      vehicleClasses: plan.vehicle_classes ?? null,
    })),
  }
  const bookings: Booking[] = (fleet.bookings ?? []).map((booking) => ({
    reference: booking.reference,
    vehicleId: booking.vehicle,
    pickUpDepotId: booking.pick_up_depot,
    dropOffDepotId: booking.drop_off_depot,
    pickUpDate: resolveDate(booking.pick_up_date) as CalendarDate,
    dropOffDate: resolveDate(booking.drop_off_date) as CalendarDate,
  }))
  return { catalogue, bookings }
}
