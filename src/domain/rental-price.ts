import type { RentalTerms } from './availability.ts'
import type { Accessory, Depot, InsurancePlan, Vehicle } from './catalogue.ts'
import type { CompanyTerms, Promotion } from './company-terms.ts'
import { type Now, type TimesLeft, timesLeft } from './handover-times.ts'
import type { TimeOfDay } from './local-time.ts'
import type { Cents } from './money.ts'
import { chargeFor } from './pricing.ts'
import type { Quote, QuotedSurcharge } from './quote.ts'
import {
  afterHoursHandOvers,
  promotionDiscount,
  promotionForVehicle,
  surchargeLines,
} from './rental-extras.ts'
import type { RentalPeriod } from './rental-period.ts'

/*
 * Every money line of a rental and its total, in cents: the one place a price is put together,
 * for a quote and for the "total from" an availability answer shows. The lines' own rules live
 * beside them (pricing.ts for charge rules, rental-extras.ts for surcharges and promotions).
 */

/** The money lines of a quote, and its total. */
export type RentalPrice = Pick<
  Quote,
  | 'dailyRate'
  | 'rentalFee'
  | 'routeFee'
  | 'accessories'
  | 'insurance'
  | 'accessoriesFee'
  | 'insuranceFee'
  | 'surcharges'
  | 'surchargesFee'
  | 'discount'
  | 'promotion'
  | 'totalAmount'
>

/** A rental that can be had, with everything chosen for it. */
export type PricedChoice = {
  terms: CompanyTerms
  vehicle: Vehicle
  pickUpDepot: Depot
  dropOffDepot: Depot
  period: RentalPeriod
  /**
   * Null when not chosen yet: an after-hours surcharge then applies only when every time left to
   * choose is after hours (see afterHoursHandOvers).
   */
  pickUpTime: TimeOfDay | null
  dropOffTime: TimeOfDay | null
  /** The times left to choose for the hand-overs without a time (see timesLeft). */
  timesLeft?: TimesLeft | undefined
  /** Null when not said: an adult over the young-driver age is assumed. */
  driverAge: number | null
  /** The rate, rental fee and route fee availability found. */
  rental: RentalTerms
  accessories: { accessory: Accessory; quantity: number }[]
  plan: InsurancePlan | null
  /** As sent; a code that does not apply to this rental is a 400 naming promo_code. */
  promoCode: string | undefined
}

/** Whether the company has an after-hours surcharge: only then are the times left looked at. */
function chargesAfterHours(terms: CompanyTerms): boolean {
  return terms.surcharges.some((surcharge) => surcharge.condition.when === 'after_hours')
}

/** The sum the price is: what the traveller pays, every compulsory fee included. */
export function totalAmountOf(
  lines: Pick<
    RentalPrice,
    'rentalFee' | 'routeFee' | 'accessoriesFee' | 'insuranceFee' | 'surchargesFee' | 'discount'
  >,
): Cents {
  return (
    lines.rentalFee +
    lines.routeFee +
    lines.accessoriesFee +
    lines.insuranceFee +
    lines.surchargesFee -
    lines.discount
  )
}

/** Every line of the rental's price and its total. */
export function priceChoice(choice: PricedChoice): RentalPrice {
  const { period, rental } = choice
  const accessories = choice.accessories.map(({ accessory, quantity }) => ({
    id: accessory.id,
    name: accessory.name,
    quantity,
    cost: chargeFor(accessory, period.days, quantity),
  }))
  const insurance = choice.plan && {
    id: choice.plan.id,
    name: choice.plan.name,
    cost: chargeFor(choice.plan, period.days, 1),
  }
  const surcharges = surchargeLines(choice.terms, {
    vehicle: choice.vehicle,
    pickUpDepot: choice.pickUpDepot,
    dropOffDepot: choice.dropOffDepot,
    pickUpDate: period.pickUpDate,
    dropOffDate: period.dropOffDate,
    days: period.days,
    pickUpTime: choice.pickUpTime,
    dropOffTime: choice.dropOffTime,
    timesLeft: choice.timesLeft,
    driverAge: choice.driverAge,
  })
  const discount =
    choice.promoCode === undefined
      ? undefined
      : promotionDiscount(choice.terms, choice.promoCode, {
          vehicle: choice.vehicle,
          pickUpDate: period.pickUpDate,
          days: period.days,
          rentalFee: rental.rentalFee,
        })
  const lines = {
    dailyRate: rental.dailyRate,
    rentalFee: rental.rentalFee,
    routeFee: rental.routeFee,
    accessories,
    insurance,
    accessoriesFee: sum(accessories),
    insuranceFee: insurance?.cost ?? 0,
    surcharges,
    surchargesFee: sum(surcharges),
    discount: discount?.amount ?? 0,
    promotion: discount ? { code: discount.promotion.code, name: discount.promotion.name } : null,
  }
  return { ...lines, totalAmount: totalAmountOf(lines) }
}

/** What a search knows of every vehicle's "total from": the rental's depots, dates and driver. */
export type TotalFromSearch = {
  terms: CompanyTerms
  pickUpDepot: Depot
  dropOffDepot: Depot
  period: RentalPeriod
  driverAge: number | null
  /** The promotion sent, already checked against the rental's dates and length; null for none. */
  promotion: Promotion | null
  /** When the search is made: today's hand-over times already gone are not left to choose. */
  now?: Now | undefined
}

/**
 * The total for a vehicle with no accessory and no insurance plan chosen, hand-over times
 * unknown: rental fee, route fee and the surcharges that apply, less `discount` (the promotion's
 * for this vehicle, see promotionForVehicle; 0 without one). Surcharges depend on the vehicle only
 * through its class's driver rule, so they are worked out once per class and search (`byClass` is
 * the search's own cache). A number, not an object: a search works it out for every vehicle.
 */
export function totalFromAmount(
  search: TotalFromSearch,
  vehicle: Vehicle,
  rental: RentalTerms,
  discount: Cents,
  byClass: Map<string, Cents>,
): Cents {
  let surchargesFee = byClass.get(vehicle.vehicleClass)
  if (surchargesFee === undefined) {
    surchargesFee = sum(searchSurcharges(search, vehicle))
    byClass.set(vehicle.vehicleClass, surchargesFee)
  }
  return rental.rentalFee + rental.routeFee + surchargesFee - discount
}

/**
 * The surcharges in a vehicle's "total from", each by its name: those of the search's depots,
 * dates and driver, with no hand-over time yet (so no after-hours fee, unless every time left to
 * choose is after hours).
 */
export function searchSurcharges(
  search: Omit<TotalFromSearch, 'promotion'>,
  vehicle: Vehicle,
): QuotedSurcharge[] {
  return surchargeLines(search.terms, {
    vehicle,
    pickUpDepot: search.pickUpDepot,
    dropOffDepot: search.dropOffDepot,
    pickUpDate: search.period.pickUpDate,
    dropOffDate: search.period.dropOffDate,
    days: search.period.days,
    pickUpTime: null,
    dropOffTime: null,
    timesLeft: chargesAfterHours(search.terms)
      ? timesLeft(search.pickUpDepot, search.dropOffDepot, search.period, null, search.now)
      : undefined,
    driverAge: search.driverAge,
  })
}

/**
 * Whether an after-hours fee is due on the search's rental whatever times are chosen (see
 * afterHoursHandOvers): the one way its surcharges depend on its dates, so that a search over
 * many dates works each class's surcharges out once for the dates with it and once for those
 * without.
 */
export function afterHoursDue(search: Omit<TotalFromSearch, 'promotion'>): boolean {
  if (!chargesAfterHours(search.terms)) return false
  const { pickUpDepot, dropOffDepot, period } = search
  return (
    afterHoursHandOvers({
      pickUpDepot,
      dropOffDepot,
      pickUpDate: period.pickUpDate,
      dropOffDate: period.dropOffDate,
      pickUpTime: null,
      dropOffTime: null,
      timesLeft: timesLeft(pickUpDepot, dropOffDepot, period, null, search.now),
    }).length > 0
  )
}

/** What the search's promotion takes off this vehicle's rental fee: 0 without one. */
export function searchDiscount(
  search: TotalFromSearch,
  vehicle: Vehicle,
  rental: RentalTerms,
): Cents {
  return search.promotion === null
    ? 0
    : promotionForVehicle(search.promotion, vehicle, rental.rentalFee)
}

function sum(lines: readonly { cost: Cents }[]): Cents {
  let total = 0
  for (const line of lines) total += line.cost
  return total
}
