import {
  type RentalRequest,
  routeUnavailability,
  searchTermsOf,
  type Unavailable,
  vehicleTermsIn,
} from '../domain/availability.ts'
import { addDays, type CalendarDate } from '../domain/calendar-date.ts'
import type { Vehicle } from '../domain/catalogue.ts'
import type { Promotion } from '../domain/company-terms.ts'
import { DomainError, type UnavailableCode } from '../domain/errors.ts'
import type { Cents } from '../domain/money.ts'
import {
  MAX_FLEXIBLE_LIMIT,
  type PickUpWindow,
  parsePickUpWindow,
  windowPeriods,
} from '../domain/pick-up-window.ts'
import { findPromotion, promotionForRental } from '../domain/rental-extras.ts'
import type { RentalPeriod } from '../domain/rental-period.ts'
import { afterHoursDue, searchDiscount, totalFromAmount } from '../domain/rental-price.ts'
import { checkVehicleFilter, meetsFilter, type VehicleFilter } from '../domain/vehicle-filter.ts'
import { type MaybeAsync, whenReady } from '../store/maybe-async.ts'
import type { VerbContext } from './context.ts'
import type { AvailableVehicle } from './find-available-vehicles.ts'
import { activeDepot } from './rental-request.ts'

/** Where, which pick-up dates and for how long, as sent; `limit` caps the options answered. */
export type FlexibleSearch = {
  pickUpDepotId: number
  dropOffDepotId: number
  earliestPickUpDate: string
  latestPickUpDate: string
  rentalDays: number
  limit: number
  /** Whole years, when the search says: vehicles the driver is too young for are left out. */
  driverAge?: number | undefined
  /** A promotion code: an unknown one is refused; one for other dates or lengths gives those none. */
  promoCode?: string | undefined
}

/** One vehicle that can be rented picked up on one date of the window: what availability lists. */
export type FlexibleOption = AvailableVehicle & { period: RentalPeriod }

/**
 * Why some (date, vehicle) pairs of the window cannot be rented: one entry per vehicle and code
 * (vehicle null when the depots or the route rule out every vehicle), with the reason of the first
 * date it holds on and every date it holds on.
 */
export type FlexibleMiss = {
  vehicle: Vehicle | null
  code: UnavailableCode
  reason: string
  dates: CalendarDate[]
}

export type FlexibleDates = {
  window: PickUpWindow
  /** How many vehicles stocked at the pick-up depot the filter let through; 0 says why nothing is found. */
  candidates: number
  /** The cheapest first (rental fee plus route fee), then the earliest date, then by vehicle id; at most `limit`. */
  options: FlexibleOption[]
  /** How many options there are before the limit. */
  total: number
  /** Why the other pairs of the window cannot be rented, by vehicle then code. */
  misses: FlexibleMiss[]
}

/**
 * Every (pick-up date, vehicle) of the window that can be rented for `rentalDays`, judged exactly
 * as availability judges each date (the same assessment, vehicleTermsIn, on the same request), but
 * with the bookings of the whole window read once: one store read for the pick-up depot, not one
 * per date. Answers at once when the store does (see findAvailableVehicles).
 */
export function findFlexibleDates(
  ctx: VerbContext,
  search: FlexibleSearch,
  filter: VehicleFilter = {},
): MaybeAsync<FlexibleDates> {
  const index = ctx.catalogue()
  const instant = ctx.now()
  // Everything a rental request holds but its period; each date adds its own.
  const where: Omit<RentalRequest, 'period'> = {
    pickUpDepot: activeDepot(index, 'pick_up_depot_id', search.pickUpDepotId),
    dropOffDepot: activeDepot(index, 'drop_off_depot_id', search.dropOffDepotId),
    driverAge: search.driverAge ?? null,
    now: { instant, timeZone: ctx.rules.timeZone },
  }
  const window = parsePickUpWindow(search, ctx.rules, instant)
  checkVehicleFilter(index, filter)
  const terms = index.catalogue.terms
  // An unknown code is refused for the whole window; one for other pick-up dates or longer
  // rentals gives the dates it is not for no discount, as a class it is not for does a vehicle.
  if (search.promoCode !== undefined) findPromotion(terms, search.promoCode)
  const promotionOn = (period: RentalPeriod): Promotion | null => {
    if (search.promoCode === undefined) return null
    try {
      return promotionForRental(terms, search.promoCode, period)
    } catch (error) {
      if (error instanceof DomainError && error.code === 'promotion_not_applicable') return null
      throw error
    }
  }
  const candidates = index
    .vehiclesStockedAt(where.pickUpDepot.id)
    .filter((vehicle) => meetsFilter(vehicle, filter))
  const periods = windowPeriods(window)
  if (candidates.length === 0) return { window, candidates: 0, options: [], total: 0, misses: [] }
  const booked = ctx.store.bookedUnitsEachDay({
    depotId: where.pickUpDepot.id,
    vehicleIds: candidates.map((vehicle) => vehicle.id),
    from: window.earliestPickUpDate,
    to: addDays(window.latestPickUpDate, window.rentalDays),
  })
  return whenReady(booked, (unitsEachDay) => {
    const options: FlexibleOption[] = []
    const misses = new Misses()
    // Surcharges depend on the class, and on the date only through an after-hours fee that no
    // time left escapes (this evening, say): worked out once per class for each case.
    const surchargesByClass = { due: new Map<string, Cents>(), notDue: new Map<string, Cents>() }
    periods.forEach((period, offset) => {
      const request: RentalRequest = { ...where, period }
      const closed = routeUnavailability(index, request)
      if (closed) {
        misses.add(null, closed, period.pickUpDate)
        return
      }
      // The date's season, rate band and route fee, worked out once for all its vehicles (as
      // availability does): once per vehicle, they were a fifth of the search's time.
      const dateTerms = searchTermsOf(index, request)
      const totalSearch = { ...request, terms, promotion: promotionOn(period) }
      let byClass: Map<string, Cents> | undefined
      for (const vehicle of candidates) {
        const units = mostBooked(unitsEachDay.get(vehicle.id), offset, offset + period.days)
        const assessment = vehicleTermsIn(vehicle, request, units, dateTerms)
        if (!assessment.available) {
          misses.add(vehicle, assessment, period.pickUpDate)
          continue
        }
        const discount = searchDiscount(totalSearch, vehicle, assessment.terms)
        byClass ??= afterHoursDue(totalSearch) ? surchargesByClass.due : surchargesByClass.notDue
        const totalFrom = totalFromAmount(totalSearch, vehicle, assessment.terms, discount, byClass)
        options.push({ vehicle, terms: assessment.terms, totalFrom, discount, period })
      }
    })
    options.sort(cheapestFirst)
    return {
      window,
      candidates: candidates.length,
      options: options.slice(0, Math.min(search.limit, MAX_FLEXIBLE_LIMIT)),
      total: options.length,
      misses: misses.list(),
    }
  })
}

/** Rental fee plus route fee less the discount, then the pick-up date, then the vehicle id. */
function cheapestFirst(a: FlexibleOption, b: FlexibleOption): number {
  const cost =
    a.terms.rentalFee +
    a.terms.routeFee -
    a.discount -
    (b.terms.rentalFee + b.terms.routeFee - b.discount)
  if (cost !== 0) return cost
  if (a.period.pickUpDate !== b.period.pickUpDate) {
    return a.period.pickUpDate < b.period.pickUpDate ? -1 : 1
  }
  return a.vehicle.id - b.vehicle.id
}

/**
 * The most units booked on one day from `from` to `to` (offsets into the day figures, both
 * included): what Store.bookedUnits gives for one rental, from the window's one read.
 */
function mostBooked(units: readonly number[] | undefined, from: number, to: number): number {
  if (!units) return 0
  let most = 0
  for (let day = from; day <= to; day++) {
    const booked = units[day] ?? 0
    if (booked > most) most = booked
  }
  return most
}

/** FlexibleMiss entries, gathered as the window is assessed. */
class Misses {
  private readonly byKey = new Map<string, FlexibleMiss>()

  add(vehicle: Vehicle | null, why: Unavailable, date: CalendarDate): void {
    const key = `${vehicle?.id ?? 0} ${why.code}`
    const miss = this.byKey.get(key)
    if (miss) miss.dates.push(date)
    else this.byKey.set(key, { vehicle, code: why.code, reason: why.reason, dates: [date] })
  }

  /** Those ruling out every vehicle first, then by vehicle id, each vehicle's codes as met. */
  list(): FlexibleMiss[] {
    return [...this.byKey.values()].sort((a, b) => (a.vehicle?.id ?? 0) - (b.vehicle?.id ?? 0))
  }
}
