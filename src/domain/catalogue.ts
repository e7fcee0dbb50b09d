import type { CalendarDate, DayType, MonthDay, Weekday } from './calendar-date.ts'
import type { Company } from './company.ts'
import type { CompanyTerms } from './company-terms.ts'
import type { Cents } from './money.ts'

/**
 * The company's offer: everything except bookings and quotes. It changes only when a fleet is
 * loaded, so it is read once and kept in memory.
 */
export type Catalogue = {
  /** The company the fleet belongs to: its name, contacts, logo and booking reference prefix. */
  company: Company
  depots: Depot[]
  vehicles: Vehicle[]
  seasons: Season[]
  rateBands: RateBand[]
  routes: RouteFee[]
  accessories: Accessory[]
  insurancePlans: InsurancePlan[]
  /** Drivers, surcharges, promotions, and the terms every quote states. */
  terms: CompanyTerms
}

export type Depot = {
  id: number
  name: string
  active: boolean
  openingHoursDescription: string
  pickupTimes: Record<DayType, string[]>
  dropOffTimes: Record<DayType, string[]>
  /** Closed on these days every year: `MM-DD` to `MM-DD`, both included (may wrap the new year). */
  annualClosures: { from: MonthDay; to: MonthDay }[]
  /** Closed on these dates, both included. */
  closures: { from: CalendarDate; to: CalendarDate }[]
  /** Closed on these days every week (a depot that opens on Saturdays but not on Sundays). */
  weeklyClosures: Weekday[]
  /** Where the depot is and how to reach it, for travellers; each null when the file gives none. */
  address: string | null
  /** Decimal degrees (WGS 84); both or neither. */
  latitude: number | null
  longitude: number | null
  phone: string | null
  /** A short text such as "free shuttle from the terminal, stop 3". */
  directions: string | null
  /** Receives the depot's booking notices instead of the company's address, when set. */
  email: string | null
  /** Which of its hand-over times are after hours (an after-hours surcharge applies to them). */
  afterHours: AfterHours
}

/** Hand-over times a depot counts as after hours, by day type. */
export type AfterHours = { pickUp: Record<DayType, string[]>; dropOff: Record<DayType, string[]> }

/** No hand-over time is after hours. */
export const NO_AFTER_HOURS: AfterHours = {
  pickUp: { weekday: [], weekend: [] },
  dropOff: { weekday: [], weekend: [] },
}

export type Vehicle = {
  id: number
  name: string
  vehicleClass: string
  /** File name under the site's `/images/vehicles/`, or an absolute URL. */
  image: string
  /** Units stocked, by depot id. */
  unitsByDepot: Record<number, number>
  /** Shortest rental, by season id. A season not listed has a minimum of 1 day. */
  minimumDays: Record<string, number>
  /** Daily rate in cents by season id, one per rate band in band order. */
  dailyRates: Record<string, Cents[]>
  /** What a traveller compares vehicles by; only what the fleet file gives. */
  facts: VehicleFacts
}

export const TRANSMISSIONS = ['automatic', 'manual'] as const
export const FUELS = ['petrol', 'diesel', 'hybrid', 'electric'] as const

/** Each fact is left out when the fleet file does not give it. */
export type VehicleFacts = {
  seats?: number
  doors?: number
  /** Large suitcases it takes. */
  bags?: number
  transmission?: (typeof TRANSMISSIONS)[number]
  fuel?: (typeof FUELS)[number]
  /** Short texts such as "Apple CarPlay" or "shower". */
  features?: string[]
}

/** A season recurs every year in its periods: `from` to `to` (`MM-DD`, both included; may wrap the new year). */
export type Season = { id: string; name: string; periods: { from: MonthDay; to: MonthDay }[] }

/** A rental-length band; `maxDays` null means no upper bound. */
export type RateBand = { minDays: number; maxDays: number | null }

export type RouteFee = { fromDepotId: number; toDepotId: number; fee: Cents }

export type PriceUnit = 'day' | 'rental'

/** How an option is charged: `min(price x (days or 1), maxCharge) x quantity`. */
export type ChargeRule = {
  price: Cents
  per: PriceUnit
  /** Most charged for one unit over one rental; null for no cap. */
  maxCharge: Cents | null
}

export type Accessory = ChargeRule & {
  id: number
  name: string
  maxQuantity: number
  /** Vehicle classes it fits; null for every class. */
  vehicleClasses: string[] | null
  /** Months (1-12) of the pick-up date in which it is offered; null for all year. */
  months: number[] | null
}

export type InsurancePlan = ChargeRule & {
  id: number
  name: string
  description: string
  /** What the renter still pays after damage. */
  excess: Cents
  /** The security deposit held on a card with this plan; null when the fleet says none. */
  bond: Cents | null
  vehicleClasses: string[] | null
}

/** A booking as the fleet file and the store know it. */
export type Booking = {
  reference: string
  vehicleId: number
  pickUpDepotId: number
  dropOffDepotId: number
  pickUpDate: CalendarDate
  dropOffDate: CalendarDate
}
