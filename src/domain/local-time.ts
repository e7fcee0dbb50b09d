import type { CalendarDate } from './calendar-date.ts'
import { recentAnswers } from './recent-answers.ts'

/** A time of day, `HH:MM` on a 24-hour clock. */
export type TimeOfDay = string

export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/

const offsetFormats = new Map<string, Intl.DateTimeFormat>()

const DAY_MS = 86_400_000

/**
 * The instant a wall-clock date and time in `timeZone` names: 2027-03-01 09:00 in Auckland is
 * 2027-02-28T20:00:00Z. Around a daylight saving change, as a clock on the wall reads it (and as
 * JavaScript's Temporal does by default): a time that does not exist on the day the clocks go
 * forward is taken an hour later (02:30 in New York on 2027-03-14 is 03:30 EDT), and a time that
 * comes twice on the day they go back is the first of the two (01:30 EDT, not EST). Worked out
 * from the offsets a day before and a day after, the same in every zone: the correction step it
 * replaced took the missing hour an hour later east of Greenwich but an hour earlier west of it.
 */
export function instantAt(date: CalendarDate, time: TimeOfDay, timeZone: string): Date {
  // Every quote asks (its free cancellation ends a number of hours before the pick-up), and the
  // zone lookups through Intl cost more than the rest of working out its terms.
  const ms = instants(`${timeZone} ${date}T${time}`, () => {
    const asUtc = Date.parse(`${date}T${time}:00Z`)
    const before = offsetAt(asUtc - DAY_MS, timeZone)
    const after = offsetAt(asUtc + DAY_MS, timeZone)
    if (before === after) return asUtc - before
    // A change near: each offset names an instant; those the zone really shows as this wall time.
    const shown = [asUtc - before, asUtc - after]
      .filter((instant) => instant + offsetAt(instant, timeZone) === asUtc)
      .sort((a, b) => a - b)
    // None: the hour skipped, read with the offset before the change (an hour later by the clock).
    return shown[0] ?? asUtc - Math.min(before, after)
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
