/**
 * Calendar dates (`YYYY-MM-DD`) in the company's time zone. They are kept as strings, which sort
 * and compare correctly, and converted to a day number only for arithmetic.
 */
export type CalendarDate = string & { readonly __brand: 'CalendarDate' }

/** A day of the year that recurs every year, written `MM-DD`. */
export type MonthDay = string

const MS_PER_DAY = 86_400_000
const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/
const MONTH_DAY_SHAPE = /^(\d{2})-(\d{2})$/

/** Days since 1970-01-01, so that date differences are plain subtraction. */
function toDayNumber(date: CalendarDate): number {
  return Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY
}

function fromDayNumber(dayNumber: number): CalendarDate {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10) as CalendarDate
}

/**
 * The date written `YYYY-MM-DD`, or undefined when it is not a real date: unlike `new Date()`,
 * 2026-02-30 is refused rather than rolled over into March, and so is year 0000.
 */
export function parseCalendarDate(text: string): CalendarDate | undefined {
  const match = DATE_SHAPE.exec(text)
  if (!match) return undefined
  const [, year, month, day] = match.map(Number) as [number, number, number, number]
  if (year < 1 || month < 1 || month > 12 || day < 1) return undefined
  if (day > daysInMonth(year, month)) return undefined
  return text as CalendarDate
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** True for `MM-DD` that names a day some year has (02-29 included). */
export function isMonthDay(text: string): boolean {
  const match = MONTH_DAY_SHAPE.exec(text)
  if (!match) return false
  const month = Number(match[1])
  const day = Number(match[2])
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(2024, month)
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(toDayNumber(date) + days)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return toDayNumber(to) - toDayNumber(from)
}

/** Every date from `from` to `to`, both included. */
export function eachDate(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const dates: CalendarDate[] = []
  for (let day = toDayNumber(from); day <= toDayNumber(to); day++) dates.push(fromDayNumber(day))
  return dates
}

export function monthDayOf(date: CalendarDate): MonthDay {
  return date.slice(5)
}

/** 1 to 12. */
export function monthOf(date: CalendarDate): number {
  return Number(date.slice(5, 7))
}

export type DayType = 'weekday' | 'weekend'

export function dayTypeOf(date: CalendarDate): DayType {
  const weekday = new Date(toDayNumber(date) * MS_PER_DAY).getUTCDay()
  return weekday === 0 || weekday === 6 ? 'weekend' : 'weekday'
}

const todayFormatters = new Map<string, Intl.DateTimeFormat>()

/** Today's date in `timeZone` at the instant `now`: in Auckland, 23:30 UTC is already tomorrow. */
export function todayIn(timeZone: string, now: Date): CalendarDate {
  let formatter = todayFormatters.get(timeZone)
  if (!formatter) {
    // en-CA formats dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    todayFormatters.set(timeZone, formatter)
  }
  return formatter.format(now) as CalendarDate
}

/**
 * True when `timeZone` is an IANA zone name this runtime knows. Fixed offsets such as `+12:00`,
 * which Intl also takes, are refused: they have no daylight saving, so "today" would be wrong
 * for part of the year.
 */
export function isTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) return false
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone })
    return true
  } catch {
    return false
  }
}
