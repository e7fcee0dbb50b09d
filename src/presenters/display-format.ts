import type { CalendarDate } from '../domain/calendar-date.ts'
import { recentAnswers } from '../domain/recent-answers.ts'

/*
 * Amounts, dates and instants as the website shows them to a person. Like present.ts for the API,
 * this is where the website's cents become dollars.
 */

// Amounts as a person reads them: the domain's own sentences (an error, a suggestion) use it too.
export { formatNzd } from '../domain/money.ts'

/** `1 vehicle`, `3 vehicles`: a count with its noun, `plural` when not the noun and an s. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`
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

/** How a clock at midnight reads in the format: the start of a day, written as its end. */
const MIDNIGHT = /^(.*), 12:00\s?am (.*)$/

/**
 * A deadline, after "until": as formatInstant, but midnight is the end of the day before, `the end
 * of Sat, 28 Nov 2026 (midnight NZDT)`: "until Sun, 29 Nov, 12:00 am" was read as some time on
 * the Sunday, a day more than the traveller had. Not for "on ...": "ended on the end of ...".
 */
export function formatUntil(iso: string, timeZone: string): string {
  const shown = formatInstant(iso, timeZone)
  const midnight = MIDNIGHT.exec(shown)
  if (!midnight) return shown
  const dayBefore = formatInstant(new Date(Date.parse(iso) - 60_000).toISOString(), timeZone)
  const date = dayBefore.slice(0, dayBefore.lastIndexOf(', '))
  return `the end of ${date} (midnight ${midnight[2]})`
}

/** `Sun, 10 Jan 2027, 1:30 pm NZDT`: an instant in the company's zone, with the zone named. */
export function formatInstant(iso: string, timeZone: string): string {
  return instantsShown(`${timeZone} ${iso}`, () => {
    const instant = new Date(iso)
    const format = instantFormat(timeZone)
    // New Zealand's own zones and most others are named already: formatted in one call.
    if (!offsetNamed(format)) return format.format(instant)
    return format
      .formatToParts(instant)
      .map((part) =>
        part.type === 'timeZoneName' ? zoneName(part.value, instant, timeZone) : part.value,
      )
      .join('')
  })
}

/**
 * English locales whose short zone names differ: New Zealand's knows NZDT and AEST but writes
 * London's summer as GMT+1, Britain's knows BST and CET, the United States' EST and PST, India's
 * IST, South Africa's SAST, Ireland's its own IST.
 */
const NAMING_LOCALES = ['en-GB', 'en-US', 'en-AU', 'en-IN', 'en-ZA', 'en-IE']

const offsetNamedZones = new WeakMap<Intl.DateTimeFormat, boolean>()

/** Whether the New Zealand format names the zone by its offset in January or in July. */
function offsetNamed(format: Intl.DateTimeFormat): boolean {
  let named = offsetNamedZones.get(format)
  if (named === undefined) {
    named = [Date.UTC(2027, 0, 15), Date.UTC(2027, 6, 15)].some((ms) =>
      format
        .formatToParts(ms)
        .some((part) => part.type === 'timeZoneName' && /^GMT[+-]/.test(part.value)),
    )
    offsetNamedZones.set(format, named)
  }
  return named
}
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * The zone's name as the people there write it (BST, CEST, EDT), where the New Zealand form is
 * only an offset (GMT+1); the offset when no locale has a name (Tokyo's GMT+9).
 */
function zoneName(nzName: string, instant: Date, timeZone: string): string {
  if (!/^GMT[+-]/.test(nzName)) return nzName
  for (const locale of NAMING_LOCALES) {
    const key = `${locale} ${timeZone}`
    let format = zoneNameFormats.get(key)
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      zoneNameFormats.set(key, format)
    }
    const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value
    if (name && !/^GMT[+-]/.test(name)) return name
  }
  return nzName
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
