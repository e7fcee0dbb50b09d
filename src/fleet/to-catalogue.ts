import type { CalendarDate } from '../domain/calendar-date.ts'
import { DEFAULT_FREE_CANCELLATION_HOURS } from '../domain/cancellation-rule.ts'
import type { Booking, Catalogue, VehicleFacts } from '../domain/catalogue.ts'
import { defaultReferencePrefix } from '../domain/company.ts'
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
    company: {
      name: fleet.company.name,
      email: fleet.company.email ?? null,
      phone: fleet.company.phone ?? null,
      website: fleet.company.website ?? null,
      bookingReferencePrefix:
        fleet.company.booking_reference_prefix ?? defaultReferencePrefix(fleet.company.name),
      logo: fleet.company.logo ?? null,
      termsUrl: fleet.company.terms_url ?? null,
      freeCancellationHours:
        fleet.company.free_cancellation_hours ?? DEFAULT_FREE_CANCELLATION_HOURS,
    },
    depots: fleet.depots.map((depot) => ({
      id: depot.id,
      name: depot.name,
      active: depot.active ?? true,
      openingHoursDescription: depot.opening_hours,
      pickupTimes: depot.pickup_times,
      dropOffTimes: depot.drop_off_times,
      annualClosures: (depot.annual_closures ?? []).map((day) =>
        typeof day === 'string' ? { from: day, to: day } : day,
      ),
      closures: (depot.closures ?? []).map((date) =>
        typeof date === 'string'
          ? { from: date as CalendarDate, to: date as CalendarDate }
          : { from: date.from as CalendarDate, to: date.to as CalendarDate },
      ),
      address: depot.address ?? null,
      latitude: depot.latitude ?? null,
      longitude: depot.longitude ?? null,
      phone: depot.phone ?? null,
      directions: depot.directions ?? null,
      email: depot.email ?? null,
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
      facts: vehicleFacts(vehicle),
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

/** The facts the file gives, in a fixed order, leaving out those it does not. */
function vehicleFacts(vehicle: FleetFile['vehicles'][number]): VehicleFacts {
  const facts: VehicleFacts = {}
  if (vehicle.seats !== undefined) facts.seats = vehicle.seats
  if (vehicle.doors !== undefined) facts.doors = vehicle.doors
  if (vehicle.bags !== undefined) facts.bags = vehicle.bags
  if (vehicle.transmission !== undefined) facts.transmission = vehicle.transmission
  if (vehicle.fuel !== undefined) facts.fuel = vehicle.fuel
  if (vehicle.features !== undefined) facts.features = vehicle.features
  return facts
}
