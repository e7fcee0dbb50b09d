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
export function toDayNumber(date: CalendarDate): number {
  const year = Number(date.slice(0, 4))
  // Date.UTC reads years 0 to 99 as 1900 to 1999; parsing the text has no such rule. Reading the
  // numbers is several times faster than parsing, and every request does it a few dozen times.
  if (!(year >= 100)) return Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY
  return Date.UTC(year, Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / MS_PER_DAY
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
  // 1970-01-01 was a Thursday (4); Sunday is 0 and Saturday 6, as getUTCDay counts.
  const weekday = (((toDayNumber(date) + 4) % 7) + 7) % 7
  return weekday === 0 || weekday === 6 ? 'weekend' : 'weekday'
}

type TodayCache = { formatter: Intl.DateTimeFormat; second: number; today: CalendarDate }

const todayByZone = new Map<string, TodayCache>()

/**
 * Today's date in `timeZone` at the instant `now`: in Auckland, 23:30 UTC is already tomorrow.
 * Formatting in a time zone is slow and every request asks, so the answer is kept for the
 * second it was asked in: every UTC offset is a whole number of seconds, so a date never changes
 * inside a second.
 */
export function todayIn(timeZone: string, now: Date): CalendarDate {
  const second = Math.floor(now.getTime() / 1000)
  let cache = todayByZone.get(timeZone)
  if (!cache) {
    // en-CA formats dates as YYYY-MM-DD.
    const formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    cache = { formatter, second: Number.NaN, today: '' as CalendarDate }
    todayByZone.set(timeZone, cache)
  }
  if (cache.second !== second) {
    cache.second = second
    cache.today = cache.formatter.format(now) as CalendarDate
  }
  return cache.today
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
