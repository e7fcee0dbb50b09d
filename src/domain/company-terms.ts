import type { CalendarDate } from './calendar-date.ts'
import type { ChargeRule } from './catalogue.ts'
import type { Cents } from './money.ts'

/*
 * What a rental costs beyond its four fees and what binds it: who may drive, the surcharges, the
 * promotions, and the terms a traveller agrees to (distance, fuel, bond, payment). The fleet file
 * gives them; they are stored with the catalogue and read again on import like the rest of it.
 */

/** Who may drive: the youngest age, and below which age a young-driver fee applies. */
export type DriverAgeRule = {
  /** Whole years; a younger driver cannot rent. */
  minimumAge: number
  /** A driver younger than this pays `youngDriverFee`; null for no young-driver fee. */
  youngDriverUnder: number | null
  youngDriverFee: ChargeRule | null
}

/** The company's rule, and a class's own where it differs (motorhomes 21+, say). */
export type DriverRules = DriverAgeRule & { byClass: Record<string, Partial<DriverAgeRule>> }

/** When a surcharge applies. */
export type SurchargeCondition =
  | { when: 'always' }
  | { when: 'young_driver' }
  /** A pick-up or drop-off at one of these depots (an airport's concession fee). */
  | { when: 'depots'; depotIds: number[] }
  /** A pick-up or drop-off at a time the depot lists as after hours. */
  | { when: 'after_hours' }

export type Surcharge = ChargeRule & { id: string; name: string; condition: SurchargeCondition }

export type Promotion = {
  /** What a traveller or agent sends as `promo_code`, in capitals. */
  code: string
  name: string
  /** Exactly one of the two is set. */
  percentOff: number | null
  amountOff: Cents | null
  /** Pick-up dates it applies to, both included; null for no bound. */
  pickUpFrom: CalendarDate | null
  pickUpTo: CalendarDate | null
  minimumDays: number
  /** Vehicle classes it applies to; null for every class. */
  vehicleClasses: string[] | null
}

export type DistanceAllowance =
  | { unlimited: true }
  | { unlimited: false; kmPerDay: number; extraKmPrice: Cents }

/** When the traveller pays: a deposit at booking, the balance some days before pick-up or at it. */
export type PaymentSchedule = {
  /** Percent of the total paid when booking; 0 for nothing until the balance. */
  depositPercent: number
  /** The balance is due this many days before pick-up; null for at pick-up. */
  balanceDueDaysBeforePickUp: number | null
  /**
   * How the traveller pays, in the company's words; null when the fleet does not say (the booking
   * page takes no payment, so a traveller was told what was due and never how). Terms stored
   * before it lack it: read as null.
   */
  howToPay?: string | null
}

export type CompanyTerms = {
  drivers: DriverRules
  surcharges: Surcharge[]
  promotions: Promotion[]
  distance: { default: DistanceAllowance; byClass: Record<string, DistanceAllowance> }
  /** In words, such as "Full to full: return it with a full tank"; null when not said. */
  fuelPolicy: string | null
  payment: PaymentSchedule
  /** The security deposit held on a card when no insurance plan is chosen (plans have their own). */
  bondWithoutPlan: Cents | null
}

/** What a fleet file that says nothing of these gets: anyone 18 or over, no extras, pay at pick-up. */
export function defaultCompanyTerms(): CompanyTerms {
  return {
    drivers: { minimumAge: 18, youngDriverUnder: null, youngDriverFee: null, byClass: {} },
    surcharges: [],
    promotions: [],
    distance: { default: { unlimited: true }, byClass: {} },
    fuelPolicy: null,
    payment: { depositPercent: 0, balanceDueDaysBeforePickUp: null },
    bondWithoutPlan: null,
  }
}

/** The driver rule for a vehicle class: the class's own values over the company's. */
export function driverRuleFor(drivers: DriverRules, vehicleClass: string): DriverAgeRule {
  const own = drivers.byClass[vehicleClass] ?? {}
  return {
    minimumAge: own.minimumAge ?? drivers.minimumAge,
    youngDriverUnder:
      own.youngDriverUnder !== undefined ? own.youngDriverUnder : drivers.youngDriverUnder,
    youngDriverFee: own.youngDriverFee !== undefined ? own.youngDriverFee : drivers.youngDriverFee,
  }
}

/** The distance allowance of a vehicle class. */
export function distanceFor(terms: CompanyTerms, vehicleClass: string): DistanceAllowance {
  return terms.distance.byClass[vehicleClass] ?? terms.distance.default
}
