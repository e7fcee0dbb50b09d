/**
 * Calendar dates (`YYYY-MM-DD`) in the company's time zone. They are kept as strings, which sort
 * and compare correctly, and converted to a day number only for arithmetic.
 */
export type CalendarDate = string & { readonly __brand: 'CalendarDate' }

/** A day of the year that recurs every year, written `MM-DD`. */
export type MonthDay = string

const MONTH_DAY_SHAPE = /^(\d{2})-(\d{2})$/

/**
 * Days since 1970-01-01, so that date differences are plain subtraction. Counted in the
 * proleptic Gregorian calendar by arithmetic (Howard Hinnant's days-from-civil), not through
 * `Date`: every request does this a few dozen times, and a `Date` for each was a fifth of an
 * availability answer's own work.
 */
export function toDayNumber(date: CalendarDate): number {
  return daysFromCivil(digits(date, 0, 4), digits(date, 5, 7), digits(date, 8, 10))
}

function fromDayNumber(dayNumber: number): CalendarDate {
  // Hinnant's civil-from-days: eras of 400 years (146,097 days) starting on 1 March.
  const z = dayNumber + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  )
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` as CalendarDate
}

function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

/** The decimal number written by the ASCII digits text[from..to); NaN if any is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return Number.NaN
    value = value * 10 + digit
  }
  return value
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0')
}

/**
 * The date written `YYYY-MM-DD`, or undefined when it is not a real date: unlike `new Date()`,
 * 2026-02-30 is refused rather than rolled over into March, and so is year 0000.
 */
export function parseCalendarDate(text: string): CalendarDate | undefined {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return undefined
  const year = digits(text, 0, 4)
  const month = digits(text, 5, 7)
  const day = digits(text, 8, 10)
  // NaN fails every comparison, so a non-digit is refused here too.
  if (!(year >= 1 && month >= 1 && month <= 12 && day >= 1)) return undefined
  if (day > daysInMonth(year, month)) return undefined
  return text as CalendarDate
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return DAYS_IN_MONTH[month - 1] as number
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return leap ? 29 : 28
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

/** The days of the week, as a fleet file names them (a depot closed every Sunday, say). */
export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** The day of the week of a date. */
export function weekdayOf(date: CalendarDate): Weekday {
  return WEEKDAYS[weekdayIndex(date)] as Weekday
}

export function dayTypeOf(date: CalendarDate): DayType {
  const weekday = weekdayIndex(date)
  return weekday === 0 || weekday === 6 ? 'weekend' : 'weekday'
}

/** Sunday 0 to Saturday 6, as getUTCDay counts: 1970-01-01 (day 0) was a Thursday (4). */
function weekdayIndex(date: CalendarDate): number {
  return (((toDayNumber(date) + 4) % 7) + 7) % 7
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
