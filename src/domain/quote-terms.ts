import { addDays, type CalendarDate } from './calendar-date.ts'
import { freeCancellationUntil } from './cancellation-rule.ts'
import type { Catalogue, InsurancePlan, Vehicle } from './catalogue.ts'
import type { CatalogueIndex } from './catalogue-index.ts'
import { type DistanceAllowance, distanceFor, driverRuleFor } from './company-terms.ts'
import type { TimeOfDay } from './local-time.ts'
import type { Cents } from './money.ts'

/*
 * What binds a quote beyond its price, as figures (the presenters word them): how far the vehicle
 * may go, fuel, the bond, when the traveller pays, until when they may cancel for free, who may
 * drive; and what the quote assumed because the request did not say. They are worked out when
 * the quote is priced and kept with it, so the checkout and the confirmation show the terms the
 * traveller was quoted even if the fleet changes meanwhile.
 */

export type QuoteTerms = {
  distance: DistanceAllowance & {
    /** Kilometres included over the whole rental; null when unlimited. */
    includedKm: number | null
  }
  /** In the company's words; null when the fleet file says nothing of fuel. */
  fuelPolicy: string | null
  /** The security deposit held on a card at pick-up; null when the company holds none. */
  bond: { amount: Cents; planName: string | null } | null
  payment: {
    depositPercent: number
    /** Paid when booking: the deposit percent of the total, to the cent. */
    depositAmount: Cents
    balanceAmount: Cents
    /** When the balance is due; null for at pick-up. Never before the day the quote was made. */
    balanceDueDate: CalendarDate | null
    /** How to pay, in the company's words (PaymentSchedule.howToPay); absent in older quotes. */
    howToPay?: string | null
  }
  cancellation: {
    freeCancellationHours: number
    /** UTC ISO 8601: free cancellation ends then (counted from the start of the pick-up day when no time was chosen). */
    freeUntil: string
  }
  minimumDriverAge: number
  /** A driver younger than this pays the young-driver fees; null when the company has none. */
  youngDriverUnder: number | null
  /** The plan that applies when none is chosen: the vehicle's plan at no extra cost. */
  includedPlan: { id: number; name: string; excess: Cents } | null
}

/** Something the quote took for granted because the request did not say it. */
export type Assumption =
  /** No driver_age: an adult at or over the young-driver age (or any adult when there is none). */
  | { kind: 'driver_age'; youngDriverUnder: number | null; minimumDriverAge: number }
  /**
   * A hand-over time not given: none after hours; the person chooses it at checkout. `missing`
   * names the parameters not sent; quotes stored before it was kept lack it, and had neither.
   * `afterHoursOnly` names those of them whose every time left is after hours: for them the price
   * includes the fee (absent when none).
   */
  | {
      kind: 'hand_over_times'
      afterHoursFee: boolean
      missing?: HandOverTimeParameter[]
      afterHoursOnly?: HandOverTimeParameter[]
    }
  /** No plan chosen and the vehicle has one at no extra cost: that plan applies. */
  | { kind: 'included_plan'; planName: string; excess: Cents }
  /** No plan chosen and none is included: the renter carries the damage, up to the bond. */
  | { kind: 'no_plan' }

export type HandOverTimeParameter = 'pick_up_time' | 'drop_off_time'

/** What the terms and assumptions are worked out from: the priced rental and its choices. */
export type TermsRequest = {
  vehicle: Vehicle
  pickUpDate: CalendarDate
  pickUpTime: TimeOfDay | null
  dropOffTime: TimeOfDay | null
  rentalDays: number
  totalAmount: Cents
  plan: InsurancePlan | null
  driverAge: number | null
  /** Today in the company's zone: a balance is never due before it. */
  today: CalendarDate
  /**
   * The hand-overs without a time whose every time left to choose is after hours, so that the
   * price includes the after-hours fee (see afterHoursHandOvers); none when not given.
   */
  afterHoursOnly?: HandOverTimeParameter[]
}

export function quoteTerms(
  index: CatalogueIndex,
  timeZone: string,
  request: TermsRequest,
): QuoteTerms {
  const { catalogue } = index
  const { terms, company } = catalogue
  const allowance = distanceFor(terms, request.vehicle.vehicleClass)
  const drivers = driverRuleFor(terms.drivers, request.vehicle.vehicleClass)
  const included = includedPlan(index, request.vehicle)
  const bondPlan = request.plan ?? included
  const bondAmount = bondPlan?.bond ?? (bondPlan === null ? terms.bondWithoutPlan : null)
  const depositAmount = Math.round((request.totalAmount * terms.payment.depositPercent) / 100)
  const dueDays = terms.payment.balanceDueDaysBeforePickUp
  const dueDate = dueDays === null ? null : addDays(request.pickUpDate, -dueDays)
  return {
    distance: {
      ...allowance,
      includedKm: allowance.unlimited ? null : allowance.kmPerDay * request.rentalDays,
    },
    fuelPolicy: terms.fuelPolicy,
    bond:
      bondAmount === null || bondAmount === 0
        ? null
        : { amount: bondAmount, planName: bondPlan?.name ?? null },
    payment: {
      depositPercent: terms.payment.depositPercent,
      depositAmount,
      balanceAmount: request.totalAmount - depositAmount,
      balanceDueDate: dueDate === null ? null : dueDate < request.today ? request.today : dueDate,
      howToPay: terms.payment.howToPay ?? null,
    },
    cancellation: cancellationFor(
      company.freeCancellationHours,
      request.pickUpDate,
      request.pickUpTime,
      timeZone,
    ),
    minimumDriverAge: drivers.minimumAge,
    youngDriverUnder: drivers.youngDriverUnder,
    includedPlan: included && { id: included.id, name: included.name, excess: included.excess },
  }
}

/**
 * The terms a booking of the quote gets at a pick-up time chosen at checkout: free cancellation
 * counts from that time, where the quote without one counts it from the start of the pick-up day.
 * Nothing else of the terms depends on the time.
 */
export function termsAtPickUpTime(
  terms: QuoteTerms,
  pickUpDate: CalendarDate,
  pickUpTime: TimeOfDay,
  timeZone: string,
): QuoteTerms {
  const { freeCancellationHours } = terms.cancellation
  return {
    ...terms,
    cancellation: cancellationFor(freeCancellationHours, pickUpDate, pickUpTime, timeZone),
  }
}

function cancellationFor(
  freeCancellationHours: number,
  pickUpDate: CalendarDate,
  pickUpTime: TimeOfDay | null,
  timeZone: string,
): QuoteTerms['cancellation'] {
  const until = freeCancellationUntil(
    { pickUpDate, pickUpTime },
    { freeCancellationHours, timeZone },
  )
  return { freeCancellationHours, freeUntil: until.toISOString() }
}

/** What the quote assumed, in the order a person would ask about it. */
export function quoteAssumptions(
  catalogue: Catalogue,
  request: TermsRequest,
  terms: QuoteTerms,
): Assumption[] {
  const assumptions: Assumption[] = []
  if (request.driverAge === null) {
    assumptions.push({
      kind: 'driver_age',
      youngDriverUnder: terms.youngDriverUnder,
      minimumDriverAge: terms.minimumDriverAge,
    })
  }
  const missing: HandOverTimeParameter[] = []
  if (request.pickUpTime === null) missing.push('pick_up_time')
  if (request.dropOffTime === null) missing.push('drop_off_time')
  if (missing.length > 0) {
    const afterHoursFee = catalogue.terms.surcharges.some(
      (surcharge) => surcharge.condition.when === 'after_hours',
    )
    const afterHoursOnly = (request.afterHoursOnly ?? []).filter((parameter) =>
      missing.includes(parameter),
    )
    assumptions.push({
      kind: 'hand_over_times',
      afterHoursFee,
      missing,
      ...(afterHoursOnly.length > 0 ? { afterHoursOnly } : {}),
    })
  }
  if (request.plan === null) {
    assumptions.push(
      terms.includedPlan
        ? {
            kind: 'included_plan',
            planName: terms.includedPlan.name,
            excess: terms.includedPlan.excess,
          }
        : { kind: 'no_plan' },
    )
  }
  return assumptions
}

/** The vehicle's plan at no extra cost, if it has one: it applies when no plan is chosen. */
export function includedPlan(index: CatalogueIndex, vehicle: Vehicle): InsurancePlan | null {
  return includedAmong(index.insurancePlansFor(vehicle))
}

/** Among a vehicle's plans, the one at no extra cost (the one included), if any. */
export function includedAmong(plans: readonly InsurancePlan[]): InsurancePlan | null {
  return plans.find((plan) => plan.price === 0) ?? null
}
