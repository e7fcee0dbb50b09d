import { addDays, type CalendarDate } from '../domain/calendar-date.ts'
import type { RentalRules } from '../domain/rental-period.ts'

/*
 * Dates in the examples of the schemas and documents. A fixed date would pass and become an
 * example the API refuses (`date_in_past`), so the schemas and documents write these stand-ins,
 * and each document becomes dated when it is built, from the day it is built: the published
 * OpenAPI document, /llms.txt and the MCP tool list are built anew each day.
 */

/** Stand-ins written where an example date goes; withExampleDates puts the dates in. */
export const EXAMPLE_DATE = {
  pickUp: '<example pick-up date>',
  dropOff: '<example drop-off date>',
  /** An instant, as X-RateLimit-Reset gives one. */
  resetAt: '<example reset instant>',
} as const

export type ExampleDates = { pickUp: CalendarDate; dropOff: CalendarDate; resetAt: string }

/** How far ahead the example rental starts, and how long it lasts, as the rules allow. */
const LEAD_DAYS = 28
const RENTAL_DAYS = 7

/**
 * A week's rental a few weeks after `today` that the rules accept: from a Monday (so that a
 * depot closed at weekends still hands over), within the booking horizon and the longest rental;
 * the reset instant is the next day's first minute (UTC), never one already past.
 */
export function exampleDates(
  today: CalendarDate,
  rules: Pick<RentalRules, 'bookingHorizonDays' | 'maxRentalDays'>,
): ExampleDates {
  let pickUp = addDays(today, Math.min(LEAD_DAYS, rules.bookingHorizonDays))
  const latest = addDays(today, rules.bookingHorizonDays)
  while (!isMonday(pickUp) && addDays(pickUp, 1) <= latest) pickUp = addDays(pickUp, 1)
  return {
    pickUp,
    dropOff: addDays(pickUp, Math.min(RENTAL_DAYS, rules.maxRentalDays)),
    resetAt: `${addDays(today, 1)}T00:01:00.000Z`,
  }
}

/** The value (JSON: a document, a tool list) with every stand-in replaced by its date. */
export function withExampleDates<T>(value: T, dates: ExampleDates): T {
  const text = JSON.stringify(value)
    .replaceAll(EXAMPLE_DATE.pickUp, dates.pickUp)
    .replaceAll(EXAMPLE_DATE.dropOff, dates.dropOff)
    .replaceAll(EXAMPLE_DATE.resetAt, dates.resetAt)
  return JSON.parse(text) as T
}

function isMonday(date: CalendarDate): boolean {
  return new Date(`${date}T00:00:00Z`).getUTCDay() === 1
}
