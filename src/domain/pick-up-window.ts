import { addDays, type CalendarDate, daysBetween, todayIn } from './calendar-date.ts'
import { invalid } from './errors.ts'
import { parseDateParameter, type RentalPeriod, type RentalRules } from './rental-period.ts'

/** Most pick-up dates one flexible search looks at: a month. */
export const MAX_WINDOW_DATES = 31

/** The most options one flexible search answers, and how many it answers unless asked. */
export const MAX_FLEXIBLE_LIMIT = 500
export const DEFAULT_FLEXIBLE_LIMIT = 50

/** A flexible search's dates: every pick-up date from the earliest to the latest, each for the same length. */
export type PickUpWindow = {
  earliestPickUpDate: CalendarDate
  latestPickUpDate: CalendarDate
  /** Drop-off minus pick-up date, as availability counts it. */
  rentalDays: number
}

/**
 * Checks a flexible search's dates against the same rules as one rental's, in the order an agent
 * would fix them: each date real, the latest not before the earliest, the earliest not past, the
 * latest not beyond the booking horizon, at most MAX_WINDOW_DATES pick-up dates, and the rental
 * not longer than the longest allowed.
 */
export function parsePickUpWindow(
  input: { earliestPickUpDate: string; latestPickUpDate: string; rentalDays: number },
  rules: RentalRules,
  now: Date,
): PickUpWindow {
  const earliest = parseDateParameter('earliest_pick_up_date', input.earliestPickUpDate)
  const latest = parseDateParameter('latest_pick_up_date', input.latestPickUpDate)
  if (latest < earliest) {
    throw invalid(
      'invalid_parameter',
      'latest_pick_up_date',
      `latest_pick_up_date ${latest} is before earliest_pick_up_date ${earliest}; send a date on or after it`,
    )
  }
  const today = todayIn(rules.timeZone, now)
  if (earliest < today) {
    throw invalid(
      'date_in_past',
      'earliest_pick_up_date',
      `earliest_pick_up_date ${earliest} is in the past; today in ${rules.timeZone} is ${today}, so send ${today} or a later date`,
    )
  }
  const lastPickUpDate = addDays(today, rules.bookingHorizonDays)
  if (latest > lastPickUpDate) {
    throw invalid(
      'date_beyond_horizon',
      'latest_pick_up_date',
      `latest_pick_up_date ${latest} is too far ahead; bookings open ${rules.bookingHorizonDays} days ahead, so send a date up to ${lastPickUpDate}`,
    )
  }
  const dates = daysBetween(earliest, latest) + 1
  if (dates > MAX_WINDOW_DATES) {
    throw invalid(
      'invalid_parameter',
      'latest_pick_up_date',
      `the window from ${earliest} to ${latest} holds ${dates} pick-up dates; send at most ${MAX_WINDOW_DATES}, so a latest_pick_up_date up to ${addDays(earliest, MAX_WINDOW_DATES - 1)}`,
    )
  }
  if (input.rentalDays > rules.maxRentalDays) {
    throw invalid(
      'rental_too_long',
      'rental_days',
      `rental_days ${input.rentalDays} is over the longest rental of ${rules.maxRentalDays} days; send at most ${rules.maxRentalDays}`,
    )
  }
  return { earliestPickUpDate: earliest, latestPickUpDate: latest, rentalDays: input.rentalDays }
}

/** The rental picked up on each date of the window, in date order. */
export function windowPeriods(window: PickUpWindow): RentalPeriod[] {
  const count = daysBetween(window.earliestPickUpDate, window.latestPickUpDate) + 1
  const periods: RentalPeriod[] = []
  for (let offset = 0; offset < count; offset++) {
    const pickUpDate = addDays(window.earliestPickUpDate, offset)
    periods.push({
      pickUpDate,
      dropOffDate: addDays(pickUpDate, window.rentalDays),
      days: window.rentalDays,
    })
  }
  return periods
}
