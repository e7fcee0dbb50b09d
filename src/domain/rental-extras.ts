import { type CalendarDate, dayTypeOf } from './calendar-date.ts'
import type { Depot, Vehicle } from './catalogue.ts'
import { type CompanyTerms, driverRuleFor, type Promotion } from './company-terms.ts'
import { invalid } from './errors.ts'
import type { TimesLeft } from './handover-times.ts'
import type { TimeOfDay } from './local-time.ts'
import type { Cents } from './money.ts'
import { chargeFor } from './pricing.ts'
import type { QuotedSurcharge } from './quote.ts'
import type { HandOverTimeParameter } from './quote-terms.ts'

/*
 * What a rental costs beyond its four fees: the surcharges that apply (the young driver's fee
 * among them) and the promotion's discount. Pure rules over the fleet's terms, in cents.
 */

/** The rental as the extras see it. */
export type ExtrasRequest = {
  vehicle: Vehicle
  pickUpDepot: Depot
  dropOffDepot: Depot
  pickUpDate: CalendarDate
  dropOffDate: CalendarDate
  days: number
  /**
   * Null when not asked for: an after-hours surcharge then applies only if every time left to
   * choose (`timesLeft`) is after hours; without `timesLeft`, not yet.
   */
  pickUpTime: TimeOfDay | null
  dropOffTime: TimeOfDay | null
  timesLeft?: TimesLeft | undefined
  /** Null when not said: an adult over the young-driver age is assumed. */
  driverAge: number | null
}

/** The id of the young driver's fee among a quote's surcharges. */
export const YOUNG_DRIVER_FEE_ID = 'young-driver-fee'

/** Whether a driver of this age is younger than the young-driver age for the vehicle's class. */
export function isYoungDriver(terms: CompanyTerms, vehicle: Vehicle, driverAge: number | null) {
  const rule = driverRuleFor(terms.drivers, vehicle.vehicleClass)
  return driverAge !== null && rule.youngDriverUnder !== null && driverAge < rule.youngDriverUnder
}

/** The youngest a driver of the vehicle may be. */
export function minimumDriverAge(terms: CompanyTerms, vehicle: Vehicle): number {
  return driverRuleFor(terms.drivers, vehicle.vehicleClass).minimumAge
}

/** The youngest a driver of any of the vehicles may be (a class's own rule may be below the company's). */
export function youngestDriverAge(terms: CompanyTerms, vehicles: readonly Vehicle[]): number {
  return Math.min(...vehicles.map((vehicle) => minimumDriverAge(terms, vehicle)))
}

/**
 * Every surcharge that applies, in the fleet's order, the young driver's fee first: each at its
 * charge rule's cost over the rental.
 */
export function surchargeLines(terms: CompanyTerms, request: ExtrasRequest): QuotedSurcharge[] {
  const lines: QuotedSurcharge[] = []
  const young = isYoungDriver(terms, request.vehicle, request.driverAge)
  const fee = driverRuleFor(terms.drivers, request.vehicle.vehicleClass).youngDriverFee
  if (young && fee) {
    lines.push({
      id: YOUNG_DRIVER_FEE_ID,
      name: 'Young driver fee',
      cost: chargeFor(fee, request.days, 1),
    })
  }
  for (const surcharge of terms.surcharges) {
    if (!applies(surcharge.condition, request, young)) continue
    lines.push({
      id: surcharge.id,
      name: surcharge.name,
      cost: chargeFor(surcharge, request.days, 1),
    })
  }
  return lines
}

function applies(
  condition: CompanyTerms['surcharges'][number]['condition'],
  request: ExtrasRequest,
  young: boolean,
): boolean {
  switch (condition.when) {
    case 'always':
      return true
    case 'young_driver':
      return young
    case 'depots':
      return (
        condition.depotIds.includes(request.pickUpDepot.id) ||
        condition.depotIds.includes(request.dropOffDepot.id)
      )
    case 'after_hours':
      return afterHoursHandOvers(request).length > 0
    default:
      return condition satisfies never
  }
}

/**
 * The hand-overs that are after hours, named by the parameter that would choose the time: at the
 * time asked for, or, with no time asked for, at every choice of times left that can be booked
 * (the traveller cannot escape the fee, so the price shown includes it: an evening search for a
 * pick-up today, when only after-hours times were left, was priced without it and then charged it
 * at checkout). On a rental of one day, only a drop-off after the pick-up can be booked: with a
 * 07:00 drop-off, only the 06:00 pick-up before it. When every choice has an after-hours hand-over
 * but neither hand-over is after hours in all of them, both are named: the fee applies either way.
 */
export function afterHoursHandOvers(
  request: Pick<
    ExtrasRequest,
    | 'pickUpDepot'
    | 'dropOffDepot'
    | 'pickUpDate'
    | 'dropOffDate'
    | 'pickUpTime'
    | 'dropOffTime'
    | 'timesLeft'
  >,
): HandOverTimeParameter[] {
  const pickUpAfterHours = request.pickUpDepot.afterHours.pickUp[dayTypeOf(request.pickUpDate)]
  const dropOffAfterHours = request.dropOffDepot.afterHours.dropOff[dayTypeOf(request.dropOffDate)]
  const given: HandOverTimeParameter[] = []
  if (request.pickUpTime !== null && pickUpAfterHours.includes(request.pickUpTime)) {
    given.push('pick_up_time')
  }
  if (request.dropOffTime !== null && dropOffAfterHours.includes(request.dropOffTime)) {
    given.push('drop_off_time')
  }
  // No time after hours on either day, or both times asked for: nothing more to find. (Every
  // search asks this for each class of vehicle, and every date of a flexible one.)
  const bothGiven = request.pickUpTime !== null && request.dropOffTime !== null
  if (bothGiven || (pickUpAfterHours.length === 0 && dropOffAfterHours.length === 0)) return given
  const pickUps = request.pickUpTime === null ? request.timesLeft?.pickUp : [request.pickUpTime]
  const dropOffs = request.dropOffTime === null ? request.timesLeft?.dropOff : [request.dropOffTime]
  // Nothing is known of the times left, or none works: only the times asked for count.
  if (pickUps === undefined || dropOffs === undefined) return given
  if (pickUps.length === 0 || dropOffs.length === 0) return given
  if (request.pickUpDate !== request.dropOffDate) {
    // Any pick-up goes with any drop-off: each hand-over on its own.
    const found: HandOverTimeParameter[] = []
    if (pickUps.every((time) => pickUpAfterHours.includes(time))) found.push('pick_up_time')
    if (dropOffs.every((time) => dropOffAfterHours.includes(time))) found.push('drop_off_time')
    return found
  }
  // On one day, a drop-off must come after the pick-up: the choices are the pairs that do.
  const choices: [TimeOfDay, TimeOfDay][] = []
  for (const pickUp of pickUps) {
    for (const dropOff of dropOffs) {
      if (dropOff > pickUp) choices.push([pickUp, dropOff])
    }
  }
  if (choices.length === 0) return given
  const found: HandOverTimeParameter[] = []
  if (choices.every(([pickUp]) => pickUpAfterHours.includes(pickUp))) found.push('pick_up_time')
  if (choices.every(([, dropOff]) => dropOffAfterHours.includes(dropOff))) {
    found.push('drop_off_time')
  }
  if (found.length > 0) return found
  const always = choices.every(
    ([pickUp, dropOff]) => pickUpAfterHours.includes(pickUp) || dropOffAfterHours.includes(dropOff),
  )
  return always ? ['pick_up_time', 'drop_off_time'] : []
}

/** The promotion a code names and what it takes off the rental fee. */
export type Discount = { promotion: Promotion; amount: Cents }

/** The rental as a promotion sees it. */
export type PromotionRental = { vehicle: Vehicle; pickUpDate: CalendarDate; days: number }

/**
 * The promotion `code` names, if it applies to this rental, with its discount on the rental fee.
 * A code that is unknown or does not apply is a 400 naming `promo_code` and saying why.
 */
export function promotionDiscount(
  terms: CompanyTerms,
  code: string,
  rental: PromotionRental & { rentalFee: Cents },
): Discount {
  const promotion = promotionForRental(terms, code, rental)
  const classRefusal = classProblem(promotion, rental.vehicle)
  if (classRefusal !== undefined) throw refusal(promotion, classRefusal)
  return { promotion, amount: discountOn(promotion, rental.rentalFee) }
}

/**
 * The promotion `code` names, checked against what every vehicle of a search shares: its
 * pick-up date and its length. Whether it is for a vehicle's class is the vehicle's own matter
 * (see promotionForVehicle): a search lists every vehicle, with the discount where it applies.
 */
export function promotionForRental(
  terms: CompanyTerms,
  code: string,
  rental: Omit<PromotionRental, 'vehicle'>,
): Promotion {
  const promotion = findPromotion(terms, code)
  if (promotion.pickUpFrom !== null && rental.pickUpDate < promotion.pickUpFrom) {
    throw refusal(
      promotion,
      `is only for pick-ups from ${promotion.pickUpFrom}; this one is ${rental.pickUpDate}`,
    )
  }
  if (promotion.pickUpTo !== null && rental.pickUpDate > promotion.pickUpTo) {
    throw refusal(
      promotion,
      // Not "expired": a code for pick-ups up to April is still good today for one in March.
      `is only for pick-ups up to ${promotion.pickUpTo}; this one is ${rental.pickUpDate}`,
    )
  }
  if (rental.days < promotion.minimumDays) {
    throw refusal(
      promotion,
      `is too short a rental: it needs at least ${promotion.minimumDays} days; this one is ${rental.days}`,
    )
  }
  return promotion
}

/** The discount a promotion already checked for the rental gives this vehicle: 0 off its classes. */
export function promotionForVehicle(
  promotion: Promotion,
  vehicle: Vehicle,
  rentalFee: Cents,
): Cents {
  return classProblem(promotion, vehicle) === undefined ? discountOn(promotion, rentalFee) : 0
}

/**
 * A percent of the rental fee rounded to the nearest cent (half up), or the promotion's amount:
 * never more than the rental fee, so that a discount never pays for the other lines.
 */
export function discountOn(promotion: Promotion, rentalFee: Cents): Cents {
  const amount =
    promotion.percentOff !== null
      ? Math.round((rentalFee * promotion.percentOff) / 100)
      : (promotion.amountOff ?? 0)
  return Math.min(amount, rentalFee)
}

function classProblem(promotion: Promotion, vehicle: Vehicle): string | undefined {
  const classes = promotion.vehicleClasses
  if (classes === null || classes.includes(vehicle.vehicleClass)) return undefined
  // The listing priced this vehicle without the discount: say how to get that price.
  return `is not for this vehicle: it applies to the ${classes.join(', ')} class${classes.length > 1 ? 'es' : ''}, and ${vehicle.name} is ${vehicle.vehicleClass}; send the quote without promo_code for its price without the discount (as availability lists it), or choose a vehicle of ${classes.length > 1 ? 'those classes' : 'that class'}`
}

function refusal(promotion: Promotion, why: string) {
  return invalid(
    'promotion_not_applicable',
    'promo_code',
    `promo_code ${promotion.code} (${promotion.name}) ${why}`,
  )
}

/** A promotion code as the company keeps it: in capitals, without spaces around it. */
export function promotionCodeOf(code: string): string {
  return code.trim().toUpperCase()
}

/** The promotion with this code (any case); an unknown code is a 400. */
export function findPromotion(terms: CompanyTerms, code: string): Promotion {
  const wanted = promotionCodeOf(code)
  const promotion = terms.promotions.find((item) => item.code === wanted)
  if (!promotion) {
    throw invalid(
      'unknown_promotion',
      'promo_code',
      `promo_code ${JSON.stringify(code)} is not a promotion of this company; check its spelling, or leave promo_code out`,
    )
  }
  return promotion
}
