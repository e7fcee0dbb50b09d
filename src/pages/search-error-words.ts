import type { CalendarDate } from '../domain/calendar-date.ts'
import type { DomainError } from '../domain/errors.ts'
import { formatCalendarDate } from '../presenters/display-format.ts'
import type { SearchParameter, SearchValues } from './book-parameters.ts'
import type { FieldErrors } from './form-fields.ts'

/*
 * A search's fault in a traveller's words, next to its field: the API's message speaks to an
 * agent ("drop_off_date 2026-12-10 is before pick_up_date 2026-12-20; send ...", "today in
 * Pacific/Auckland is ..."), and a person was shown it as it was.
 */

const FIELD_WORDS: Record<SearchParameter, string> = {
  pick_up_depot_id: 'pick-up depot',
  drop_off_depot_id: 'drop-off depot',
  pick_up_date: 'pick-up date',
  drop_off_date: 'drop-off date',
}

/** The dates an API message names, in order: the one it asks for is the last. */
function datesIn(message: string): CalendarDate[] {
  return (message.match(/\d{4}-\d{2}-\d{2}/g) ?? []) as CalendarDate[]
}

/** The error's message for a person, keyed by its field; every other empty field asked for too. */
export function searchFieldErrors(error: DomainError, values: SearchValues): FieldErrors {
  const errors: FieldErrors = {}
  const parameter = (error.parameter ?? 'pick_up_depot_id') as SearchParameter
  errors[parameter] = inWords(error, parameter, values[parameter] ?? '')
  // The check stops at the first fault: a form sent with both dates empty said so of one.
  for (const name of Object.keys(FIELD_WORDS) as SearchParameter[]) {
    if (errors[name] === undefined && (values[name] ?? '') === '') {
      errors[name] = `Choose a ${FIELD_WORDS[name]}`
    }
  }
  return errors
}

function inWords(error: DomainError, parameter: SearchParameter, sent: string): string {
  const field = FIELD_WORDS[parameter]
  if (!field) return error.message
  const last = datesIn(error.message).at(-1)
  const day = last === undefined ? undefined : formatCalendarDate(last)
  switch (error.code) {
    case 'missing_parameter':
      return `Choose a ${field}`
    case 'invalid_parameter':
      if (sent === '') return `Choose a ${field}`
      return parameter.endsWith('_date')
        ? `Enter the ${field} as a date, such as ${formatCalendarDate('2027-03-01' as CalendarDate)}`
        : `Choose one of our depots as the ${field}`
    case 'invalid_date':
      return `There is no such date: choose the ${field} again`
    case 'unknown_depot':
      return `Choose one of our depots as the ${field}`
    case 'drop_off_before_pick_up':
      return 'The drop-off date is before the pick-up date: choose a drop-off date on or after it'
    case 'date_in_past':
      if (!day) return error.message
      // The date to send is today (the message's second date), or, once the depot's times of
      // today are gone, the first date it can hand over.
      return last === datesIn(error.message)[1]
        ? `The ${field} has passed: choose today, ${day}, or later`
        : `The ${field} has passed: choose ${day} or later`
    case 'date_beyond_horizon':
      return day ? `Bookings are open up to ${day}: choose a ${field} up to then` : error.message
    case 'rental_too_long': {
      const most = /longest rental is (\d+) days/.exec(error.message)?.[1]
      return most && day
        ? `A rental is at most ${most} days: choose a drop-off date up to ${day}`
        : error.message
    }
    default:
      return error.message
  }
}
