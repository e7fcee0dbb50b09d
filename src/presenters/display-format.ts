import type { CalendarDate } from '../domain/calendar-date.ts'
import type { Cents } from '../domain/money.ts'
import { recentAnswers } from '../domain/recent-answers.ts'

/*
 * Amounts, dates and instants as the website shows them to a person. Like present.ts for the API,
 * this is where the website's cents become dollars.
 */

const WHOLE_DOLLARS = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 0 })
const CENTS_PER_DOLLAR = 100

/**
 * `NZ$1,234.50`: always the currency and two decimals. Worked out on the integer cents so that no
 * floating-point rounding can show a wrong cent however large the amount.
 */
export function formatNzd(cents: Cents): string {
  const sign = cents < 0 ? '-' : ''
  const magnitude = Math.abs(cents)
  const dollars = Math.floor(magnitude / CENTS_PER_DOLLAR)
  const rest = String(magnitude % CENTS_PER_DOLLAR).padStart(2, '0')
  return `${sign}NZ$${WHOLE_DOLLARS.format(dollars)}.${rest}`
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-NZ', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
})

/** `Wed, 13 Jan 2027`. A calendar date has no zone: it is read and written at UTC midnight. */
export function formatCalendarDate(date: CalendarDate | string): string {
  return datesShown(date, () => {
    const instant = new Date(`${date}T00:00:00Z`)
    return Number.isNaN(instant.getTime()) ? date : DATE_FORMAT.format(instant)
  })
}

// Formatting through Intl is slow, and every quote's terms show a date or two of its own.
const datesShown = recentAnswers<string>(4096)
const instantsShown = recentAnswers<string>(4096)

const instantFormats = new Map<string, Intl.DateTimeFormat>()

/** `Sun, 10 Jan 2027, 1:30 pm NZDT`: an instant in the company's zone, with the zone named. */
export function formatInstant(iso: string, timeZone: string): string {
  return instantsShown(`${timeZone} ${iso}`, () => instantFormat(timeZone).format(new Date(iso)))
}

/** The zone's formatter for instants, made once per zone. */
function instantFormat(timeZone: string): Intl.DateTimeFormat {
  let format = instantFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-NZ', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    })
    instantFormats.set(timeZone, format)
  }
  return format
}
