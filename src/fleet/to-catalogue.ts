import type { CalendarDate } from '../domain/calendar-date.ts'
import { DEFAULT_FREE_CANCELLATION_HOURS } from '../domain/cancellation-rule.ts'
import {
  type Booking,
  type Catalogue,
  type ChargeRule,
  NO_AFTER_HOURS,
  type PriceUnit,
  type VehicleFacts,
} from '../domain/catalogue.ts'
import { defaultReferencePrefix } from '../domain/company.ts'
import {
  type CompanyTerms,
  type DistanceAllowance,
  type DriverAgeRule,
  defaultCompanyTerms,
} from '../domain/company-terms.ts'
import type { Cents } from '../domain/money.ts'
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
      weeklyClosures: depot.weekly_closures ?? [],
      address: depot.address ?? null,
      latitude: depot.latitude ?? null,
      longitude: depot.longitude ?? null,
      phone: depot.phone ?? null,
      directions: depot.directions ?? null,
      email: depot.email ?? null,
      afterHours: {
        pickUp: depot.after_hours?.pickup_times ?? NO_AFTER_HOURS.pickUp,
        dropOff: depot.after_hours?.drop_off_times ?? NO_AFTER_HOURS.dropOff,
      },
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
      bond: optionalCents(plan.bond),
      vehicleClasses: plan.vehicle_classes ?? null,
    })),
    terms: rentalTerms(fleet, cents, resolveDate),
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

/** The file's drivers, surcharges, promotions and terms, in cents; the defaults where it is silent. */
function rentalTerms(
  fleet: FleetFile,
  cents: (dollars: number) => Cents,
  resolveDate: (value: string) => CalendarDate | undefined,
): CompanyTerms {
  const date = (value: string | undefined) =>
    value === undefined ? null : (resolveDate(value) ?? null)
  const defaults = defaultCompanyTerms()
  const charge = (rule: FileChargeRule | undefined): ChargeRule | null =>
    rule === undefined
      ? null
      : {
          price: cents(rule.price),
          per: rule.per,
          maxCharge: rule.max_charge === undefined ? null : cents(rule.max_charge),
        }
  const distance = (allowance: FileDistance): DistanceAllowance =>
    allowance === 'unlimited'
      ? { unlimited: true }
      : {
          unlimited: false,
          kmPerDay: allowance.km_per_day,
          extraKmPrice: cents(allowance.extra_km_price),
        }
  const drivers = fleet.drivers
  const terms = fleet.terms
  return {
    drivers: drivers
      ? {
          minimumAge: drivers.minimum_age,
          youngDriverUnder: drivers.young_driver_under ?? null,
          youngDriverFee: charge(drivers.young_driver_fee),
          byClass: Object.fromEntries(
            Object.entries(drivers.classes ?? {}).map(([vehicleClass, own]) => {
              const rule: Partial<DriverAgeRule> = {}
              if (own.minimum_age !== undefined) rule.minimumAge = own.minimum_age
              if (own.young_driver_under !== undefined) {
                rule.youngDriverUnder = own.young_driver_under
              }
              if (own.young_driver_fee !== undefined) {
                rule.youngDriverFee = charge(own.young_driver_fee)
              }
              return [vehicleClass, rule]
            }),
          ),
        }
      : defaults.drivers,
    surcharges: (fleet.surcharges ?? []).map((item) => ({
      id: item.id,
      name: item.name,
      ...(charge(item) as ChargeRule),
      condition:
        typeof item.applies === 'string'
          ? { when: item.applies }
          : { when: 'depots', depotIds: item.applies.depots },
    })),
    promotions: (fleet.promotions ?? []).map((item) => ({
      code: item.code,
      name: item.name,
      percentOff: item.percent_off ?? null,
      amountOff: item.amount_off === undefined ? null : cents(item.amount_off),
      pickUpFrom: date(item.pick_up_from),
      pickUpTo: date(item.pick_up_to),
      minimumDays: item.minimum_days ?? 1,
      vehicleClasses: item.vehicle_classes ?? null,
    })),
    distance: {
      default: terms?.distance?.default
        ? distance(terms.distance.default)
        : defaults.distance.default,
      byClass: Object.fromEntries(
        Object.entries(terms?.distance?.classes ?? {}).map(([vehicleClass, allowance]) => [
          vehicleClass,
          distance(allowance),
        ]),
      ),
    },
    fuelPolicy: terms?.fuel_policy ?? null,
    payment: terms?.payment
      ? {
          depositPercent: terms.payment.deposit_percent,
          balanceDueDaysBeforePickUp: terms.payment.balance_due_days_before_pick_up ?? null,
          // Only when said: a catalogue without it stays equal to one stored before it existed.
          ...(terms.payment.how_to_pay === undefined ? {} : { howToPay: terms.payment.how_to_pay }),
        }
      : defaults.payment,
    bondWithoutPlan: terms?.bond_without_plan === undefined ? null : cents(terms.bond_without_plan),
  }
}

type FileChargeRule = { price: number; per: PriceUnit; max_charge?: number }
type FileDistance = NonNullable<NonNullable<FleetFile['terms']>['distance']>['default'] & {}

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
