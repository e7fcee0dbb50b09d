import { type CalendarDate, parseCalendarDate } from './calendar-date.ts'

/** Youngest and oldest ages a driver's age may be given as (`driver_age`, a date of birth). */
export const YOUNGEST_DRIVER_AGE = 16
export const OLDEST_DRIVER_AGE = 99

/**
 * A driver's age in whole years on a date: the birthdays passed by then. Someone born on 29
 * February turns a year older on 1 March in a year that has none, as New Zealand law counts it.
 */
export function ageOn(dateOfBirth: CalendarDate, date: CalendarDate): number {
  const [birthYear, birthMonth, birthDay] = dateOfBirth.split('-').map(Number) as [
    number,
    number,
    number,
  ]
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay)
  return year - birthYear - (hadBirthday ? 0 : 1)
}

/**
 * The driver's age on the pick-up date from a date of birth as typed (`YYYY-MM-DD`, as a date
 * field sends it), or what to enter instead. An age under any a driver's age may be is told the
 * company's own youngest (`youngestAllowed`, the youngest any of its vehicles takes): "at least
 * 16", the floor of the field, read as the company's rule beside terms that said 18.
 */
export function driverAgeFromBirth(
  text: string,
  pickUpDate: CalendarDate,
  today: CalendarDate,
  youngestAllowed: number,
): { age: number } | { problem: string } {
  if (text.trim() === '') return { problem: "Enter the driver's date of birth" }
  const birth = parseCalendarDate(text.trim())
  if (!birth) return { problem: 'Enter a date of birth that exists, such as 1990-04-23' }
  if (birth > today) return { problem: 'Enter a date of birth in the past' }
  const age = ageOn(birth, pickUpDate)
  if (age < YOUNGEST_DRIVER_AGE) {
    return {
      problem: `The driver would be ${age} on the pick-up date; every vehicle of ours needs a driver aged ${Math.max(youngestAllowed, YOUNGEST_DRIVER_AGE)} or over`,
    }
  }
  if (age > 120) return { problem: 'Check the year of birth' }
  return { age }
}
