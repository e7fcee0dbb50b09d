import type { CalendarDate } from './calendar-date.ts'
import { recentAnswers } from './recent-answers.ts'

/** A time of day, `HH:MM` on a 24-hour clock. */
export type TimeOfDay = string

export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/

const offsetFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * The instant a wall-clock date and time in `timeZone` names: 2027-03-01 09:00 in Auckland is
 * 2027-02-28T20:00:00Z. The zone's offset is read for that very moment (so daylight saving is
 * right on either side of a change); a time that does not exist on the day the clocks go forward
 * is taken an hour later, as a clock on the wall would show it.
 */
export function instantAt(date: CalendarDate, time: TimeOfDay, timeZone: string): Date {
  // Every quote asks (its free cancellation ends a number of hours before the pick-up), and two
  // zone lookups through Intl cost more than the rest of working out its terms.
  const ms = instants(`${timeZone} ${date}T${time}`, () => {
    const asUtc = Date.parse(`${date}T${time}:00Z`)
    // The offset at the guessed instant, then again at the corrected one: two steps settle it.
    const guess = asUtc - offsetAt(asUtc, timeZone)
    return asUtc - offsetAt(guess, timeZone)
  })
  return new Date(ms)
}

const instants = recentAnswers<number>(4096)

/** The zone's offset from UTC, in milliseconds, at the instant. */
function offsetAt(instant: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    offsetFormats.set(timeZone, format)
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  )
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  )
  return wall - Math.floor(instant / 1000) * 1000
}
