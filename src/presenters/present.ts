import type { DayType } from '../domain/calendar-date.ts'
import type { Accessory, Depot, InsurancePlan, RouteFee } from '../domain/catalogue.ts'
import { gstIncludedIn, toDollars } from '../domain/money.ts'
import type { Quote } from '../domain/quote.ts'
import type { AccessoryResponse } from '../schemas/accessory.ts'
import type { CatalogueVehicleResponse } from '../schemas/catalogue-vehicle.ts'
import type { DepotResponse } from '../schemas/depot.ts'
import type { FlexibleOptionResponse } from '../schemas/flexible-option.ts'
import type { InsurancePlanResponse } from '../schemas/insurance-plan.ts'
import type { QuoteResponse } from '../schemas/quote.ts'
import type { RouteResponse } from '../schemas/route.ts'
import type { UnavailableVehicleResponse } from '../schemas/suggestion.ts'
import type { VehicleResponse } from '../schemas/vehicle.ts'
import type { UnavailableVehicle } from '../verbs/explain-unavailable.ts'
import type { AvailableVehicle } from '../verbs/find-available-vehicles.ts'
import type { FlexibleOption } from '../verbs/find-flexible-dates.ts'
import type { CatalogueVehicle } from '../verbs/list-vehicles.ts'
import { assumptionText, presentTerms } from './quote-terms.ts'
import type { SiteLinks } from './site-links.ts'

/*
 * Domain results as the API's JSON shapes. Every door (HTTP, MCP) writes these, and this is the
 * only place cents become dollars.
 */

export const QUOTE_NOTE =
  'All amounts are in NZD dollars, converted from the cents held by the rental system, and include GST (15%).'

export function presentDepot(depot: Depot): DepotResponse {
  // A time the depot counts as after hours says so: the quote adds the after-hours fee for it,
  // and an agent could not tell 06:00 from 08:00 before asking for a quote.
  const times = (byDay: Depot['pickupTimes'], afterHours: Record<DayType, string[]>) =>
    (['weekday', 'weekend'] as const).flatMap((day) =>
      byDay[day].map((time) =>
        afterHours[day].includes(time) ? { time, day, afterHours: true as const } : { time, day },
      ),
    )
  const presented: DepotResponse = {
    id: depot.id,
    name: depot.name,
    pickup_times: times(depot.pickupTimes, depot.afterHours.pickUp),
    drop_off_times: times(depot.dropOffTimes, depot.afterHours.dropOff),
    opening_hours_description: depot.openingHoursDescription,
  }
  // The facts the company gives, and only those: an absent field means "not said".
  if (depot.address !== null) presented.address = depot.address
  if (depot.latitude !== null && depot.longitude !== null) {
    presented.latitude = depot.latitude
    presented.longitude = depot.longitude
  }
  if (depot.phone !== null) presented.phone = depot.phone
  if (depot.directions !== null) presented.directions = depot.directions
  return presented
}

export function presentVehicle(
  { vehicle, terms, totalFrom, discount }: AvailableVehicle,
  rentalDays: number,
  links: SiteLinks,
  withDiscount = false,
): VehicleResponse {
  const presented: VehicleResponse = {
    vehicleId: vehicle.id,
    name: vehicle.name,
    rentalDailyRate: toDollars(terms.dailyRate),
    imageUrl: links.vehicleImage(vehicle.image),
    vehicleClass: vehicle.vehicleClass,
    ...vehicle.facts,
    rentalDays,
    rentalFee: toDollars(terms.rentalFee),
    routeFee: toDollars(terms.routeFee),
    totalFromAmount: toDollars(totalFrom),
  }
  if (withDiscount) presented.discountAmount = toDollars(discount)
  return presented
}

export function presentRoute(route: RouteFee): RouteResponse {
  return {
    pickUpDepotId: route.fromDepotId,
    dropOffDepotId: route.toDepotId,
    routeFee: toDollars(route.fee),
  }
}

export function presentUnavailableVehicle({
  vehicle,
  unavailability,
}: UnavailableVehicle): UnavailableVehicleResponse {
  return {
    vehicleId: vehicle.id,
    name: vehicle.name,
    vehicleClass: vehicle.vehicleClass,
    code: unavailability.code,
    reason: unavailability.reason,
    suggestion: unavailability.suggestion,
  }
}

export function presentCatalogueVehicle(
  { vehicle, depotIds, minimumDays }: CatalogueVehicle,
  links: SiteLinks,
): CatalogueVehicleResponse {
  return {
    vehicleId: vehicle.id,
    name: vehicle.name,
    vehicleClass: vehicle.vehicleClass,
    imageUrl: links.vehicleImage(vehicle.image),
    ...vehicle.facts,
    minimumDays: minimumDays.map(({ season, days }) => ({
      season: season.name,
      minimumDays: days,
      periods: season.periods.map(({ from, to }) => ({ from, to })),
    })),
    depotIds,
  }
}

export function presentAccessory(item: Accessory): AccessoryResponse {
  return {
    id: item.id,
    name: item.name,
    price: toDollars(item.price),
    per: item.per,
    maxCharge: item.maxCharge === null ? null : toDollars(item.maxCharge),
    maxQuantity: item.maxQuantity,
  }
}

export function presentInsurancePlan(plan: InsurancePlan): InsurancePlanResponse {
  return {
    id: plan.id,
    name: plan.name,
    price: toDollars(plan.price),
    per: plan.per,
    maxCharge: plan.maxCharge === null ? null : toDollars(plan.maxCharge),
    excess: toDollars(plan.excess),
    description: plan.description,
  }
}

export function presentQuote(quote: Quote, links: SiteLinks, timeZone: string): QuoteResponse {
  return {
    quoteId: quote.id,
    expiresAt: quote.expiresAt,
    currency: 'NZD',
    priceBreakdown: {
      rentalFee: toDollars(quote.rentalFee),
      routeFee: toDollars(quote.routeFee),
      accessoriesFee: toDollars(quote.accessoriesFee),
      insuranceFee: toDollars(quote.insuranceFee),
      accessories: quote.accessories.map((line) => ({
        id: line.id,
        name: line.name,
        cost: toDollars(line.cost),
        quantity: line.quantity,
      })),
      insurance: quote.insurance && {
        id: quote.insurance.id,
        name: quote.insurance.name,
        cost: toDollars(quote.insurance.cost),
      },
      surcharges: quote.surcharges.map((line) => ({
        id: line.id,
        name: line.name,
        cost: toDollars(line.cost),
      })),
      surchargesFee: toDollars(quote.surchargesFee),
      discount: toDollars(quote.discount),
      promotion: quote.promotion && { code: quote.promotion.code, name: quote.promotion.name },
    },
    totalAmount: toDollars(quote.totalAmount),
    note: QUOTE_NOTE,
    checkoutUrl: links.checkout(quote),
    rentalDays: quote.rentalDays,
    rentalDailyRate: toDollars(quote.dailyRate),
    gstAmount: toDollars(gstIncludedIn(quote.totalAmount)),
    vehicleId: quote.vehicleId,
    vehicleName: quote.vehicleName,
    pickUpDepotId: quote.pickUpDepotId,
    dropOffDepotId: quote.dropOffDepotId,
    pickUpDate: quote.pickUpDate,
    dropOffDate: quote.dropOffDate,
    // A quote stored before times were asked for has none.
    pickUpTime: quote.pickUpTime ?? null,
    dropOffTime: quote.dropOffTime ?? null,
    driverAge: quote.driverAge,
    agentRef: quote.agentRef,
    terms: presentTerms(quote.terms, timeZone, quote.createdAt),
    assumptions: quote.assumptions.map(assumptionText),
  }
}

export function presentFlexibleOption(
  { vehicle, terms, totalFrom, discount, period }: FlexibleOption,
  withDiscount = false,
): FlexibleOptionResponse {
  const presented: FlexibleOptionResponse = {
    pickUpDate: period.pickUpDate,
    dropOffDate: period.dropOffDate,
    vehicleId: vehicle.id,
    name: vehicle.name,
    vehicleClass: vehicle.vehicleClass,
    rentalDailyRate: toDollars(terms.dailyRate),
    rentalDays: period.days,
    rentalFee: toDollars(terms.rentalFee),
    routeFee: toDollars(terms.routeFee),
    totalFromAmount: toDollars(totalFrom),
  }
  if (withDiscount) presented.discountAmount = toDollars(discount)
  return presented
}
