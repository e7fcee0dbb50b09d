import {
  addDays,
  type CalendarDate,
  daysBetween,
  parseCalendarDate,
  todayIn,
} from './calendar-date.ts'
import type { Depot } from './catalogue.ts'
import { invalid } from './errors.ts'
import { firstPickUpDate } from './handover-times.ts'

/** The company's rules for which dates can be asked for. */
export type RentalRules = {
  timeZone: string
  /** How far ahead a pick-up date may be, in days from today. */
  bookingHorizonDays: number
  /** Longest rental, in rental days. */
  maxRentalDays: number
}

export type RentalPeriod = {
  pickUpDate: CalendarDate
  dropOffDate: CalendarDate
  /** Drop-off minus pick-up in days; a same-day rental counts as 1 day. */
  days: number
}

/** Rental days between two dates: the difference in days, and at least 1. */
export function rentalDays(pickUpDate: CalendarDate, dropOffDate: CalendarDate): number {
  return Math.max(1, daysBetween(pickUpDate, dropOffDate))
}

/** A date parameter that must name a real calendar date. */
export function parseDateParameter(parameter: string, text: string): CalendarDate {
  const date = parseCalendarDate(text)
  if (!date) {
    throw invalid(
      'invalid_date',
      parameter,
      `${parameter} "${text}" is not a calendar date; send a date that exists, as YYYY-MM-DD`,
    )
  }
  return date
}

/**
 * Checks the asked dates against the rules, in the order an agent would fix them: each date
 * real, drop-off not before pick-up, pick-up not past (today in the company's zone) nor beyond the
 * horizon, and the rental not longer than the longest allowed.
 */
export function parseRentalPeriod(
  input: { pickUpDate: string; dropOffDate: string },
  rules: RentalRules,
  now: Date,
  /** The pick-up depot, when known: a past date's hint names the first date it can hand over. */
  pickUpDepot?: Depot,
): RentalPeriod {
  const pickUpDate = parseDateParameter('pick_up_date', input.pickUpDate)
  const dropOffDate = parseDateParameter('drop_off_date', input.dropOffDate)
  if (dropOffDate < pickUpDate) {
    throw invalid(
      'drop_off_before_pick_up',
      'drop_off_date',
      `drop_off_date ${dropOffDate} is before pick_up_date ${pickUpDate}; send a drop-off date on or after the pick-up date`,
    )
  }
  const today = todayIn(rules.timeZone, now)
  if (pickUpDate < today) {
    const first =
      pickUpDepot === undefined
        ? today
        : firstPickUpDate(pickUpDepot, today, { instant: now, timeZone: rules.timeZone })
    const why =
      first === today
        ? ''
        : `, and the first date ${pickUpDepot?.name} can still hand a vehicle over is ${first}`
    throw invalid(
      'date_in_past',
      'pick_up_date',
      `pick_up_date ${pickUpDate} is in the past; today in ${rules.timeZone} is ${today}${why}, so send ${first} or a later date`,
    )
  }
  const lastPickUpDate = addDays(today, rules.bookingHorizonDays)
  if (pickUpDate > lastPickUpDate) {
    throw invalid(
      'date_beyond_horizon',
      'pick_up_date',
      `pick_up_date ${pickUpDate} is too far ahead; bookings open ${rules.bookingHorizonDays} days ahead, so send a date up to ${lastPickUpDate}`,
    )
  }
  const days = rentalDays(pickUpDate, dropOffDate)
  if (days > rules.maxRentalDays) {
    throw invalid(
      'rental_too_long',
      'drop_off_date',
      `the rental from ${pickUpDate} to ${dropOffDate} is ${days} days; the longest rental is ${rules.maxRentalDays} days, so send a drop_off_date up to ${addDays(pickUpDate, rules.maxRentalDays)}`,
    )
  }
  return { pickUpDate, dropOffDate, days }
}
