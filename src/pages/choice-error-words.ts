import type { CalendarDate } from '../domain/calendar-date.ts'
import { capitalised } from '../domain/capitalised.ts'
import type { Depot } from '../domain/catalogue.ts'
import { type DomainError, UnavailableError } from '../domain/errors.ts'
import type { Suggestion } from '../domain/suggestion.ts'
import { formatCalendarDate } from '../presenters/display-format.ts'
import { bookPath } from '../presenters/site-links.ts'
import { depotName } from './depot-name.ts'

/*
 * A checkout link's fault in a traveller's words: the API's message speaks to an agent
 * ("accessory_ids item 1 (id 5, Snow chains) is not offered ...", "...; send
 * pick_up_date=2026-12-06 and drop_off_date=2026-12-09"), and a person was shown it as it was.
 * The search form's own faults are worded by search-error-words.ts.
 */

/** ISO dates in a message, written as a person reads them. */
export function withDatesInWords(text: string): string {
  return text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (date) => formatCalendarDate(date as CalendarDate))
}

const FIELD_WORDS: Record<string, string> = {
  pick_up_time: 'pick-up time',
  drop_off_time: 'drop-off time',
  pick_up_date: 'pick-up date',
  drop_off_date: 'drop-off date',
}

/**
 * A hand-over time's fault (not offered that day, passed, a same-day drop-off before its pick-up)
 * for a person: the parameters as the form's labels name them, dates in words, "choose" for
 * "send". `Drop-off time 10:00 is not after pick-up time 12:00 on the same day (Wed, 13 Jan 2027);
 * choose a drop-off time after 12:00 (one of 17:00) or a later drop-off date.`
 */
export function timeProblemText(message: string): string {
  const worded = withDatesInWords(message)
    .replace(
      /\b(pick_up_time|drop_off_time|pick_up_date|drop_off_date)\b/g,
      (name) => FIELD_WORDS[name] ?? name,
    )
    .replace(/\bsend\b/g, 'choose')
  return `${capitalised(worded)}${worded.endsWith('.') ? '' : '.'}`
}

/**
 * A confirmation's fault as the checkout shows it: a rule of the hand-over times (a time field at
 * fault, or a time rule refusing the dates) in a person's words (timeProblemText); others as the
 * API says them.
 */
export function checkoutFaultText(fault: DomainError): string {
  const aboutTimes =
    fault.parameter?.endsWith('_time') === true ||
    fault.code === 'drop_off_before_pick_up' ||
    fault.code === 'time_not_offered'
  return aboutTimes ? timeProblemText(fault.message) : fault.message
}

/**
 * A driver too young for every vehicle of the fleet: the vehicle's rule, and the youngest age any
 * vehicle takes, rather than a way to vehicles this driver may rent (there is none).
 */
export function tooYoungForAnyText(problem: DomainError, youngest: number): string {
  const why = problem instanceof UnavailableError ? problem.why : problem.message
  return `${withDatesInWords(why)}. Every vehicle of ours needs a driver aged ${youngest} or over: another driver of that age can book it.`
}

/** What went wrong with the chosen vehicle or its options, for a person; full stop included. */
export function choiceProblemText(problem: DomainError): string {
  if (problem instanceof UnavailableError) {
    const why = `${withDatesInWords(problem.why)}.`
    return problem.code === 'driver_too_young'
      ? `${why} Choose another vehicle: the search shows those this driver may rent.`
      : why
  }
  const message = problem.message
  switch (problem.code) {
    case 'accessory_not_offered': {
      // accessory_ids item 1 (id 5, Snow chains) is not offered for X picked up on D: it is ...
      const found = /\(id \d+, (.+?)\) is not offered for (.+)$/.exec(message)
      return found
        ? `${found[1]} is not offered for ${withDatesInWords(found[2] ?? '')}. Choose the extras again.`
        : 'One of the extras asked for is not offered for this rental. Choose the extras again.'
    }
    case 'too_many_accessories': {
      const found = /asks for (\d+) of id \d+ \((.+)\); at most (\d+) per rental/.exec(message)
      return found
        ? `${found[2]}: at most ${found[3]} per rental, not ${found[1]}. Choose how many again.`
        : 'Too many of one extra were asked for. Choose how many again.'
    }
    case 'unknown_accessory':
      return 'One of the extras asked for is not one of ours. Choose the extras again.'
    case 'insurance_not_offered': {
      const found = /\(([^)]+)\) is not offered/.exec(message)
      return `${found ? found[1] : 'The insurance plan asked for'} is not offered for this vehicle. Choose a plan again.`
    }
    case 'unknown_insurance':
      return 'The insurance plan asked for is not one of ours. Choose a plan again.'
    case 'unknown_vehicle':
      return 'The vehicle asked for is not one of ours. Choose a vehicle below.'
    case 'duplicated_parameter':
      return 'This link says one of its choices twice. Choose the vehicle and its options again below.'
    default:
      if (problem.parameter === 'accessory_ids') {
        return 'The extras in this link cannot be read. Choose the extras again.'
      }
      if (problem.parameter === 'insurance_id') {
        return 'The insurance plan in this link cannot be read. Choose a plan again.'
      }
      if (problem.parameter === 'vehicle_id') {
        return 'The vehicle in this link cannot be read. Choose a vehicle below.'
      }
      return withDatesInWords(message)
  }
}

/**
 * The promotion code's fault, for a person: `The promotion code WELCOME50 cannot be used for
 * this rental: it needs a rental of at least 5 days; this one is 2.`
 */
export function promotionProblemText(
  problem: DomainError,
  code: string,
  without = 'The prices below are without it.',
): string {
  if (problem.code === 'unknown_promotion' || problem.code === 'invalid_parameter') {
    return `${code} is not one of our promotion codes. ${without}`
  }
  // promo_code CODE (NAME) why
  const why = /^promo_code \S+ \(.*?\) (.+)$/.exec(problem.message)?.[1] ?? problem.message
  const worded = withDatesInWords(why)
    .replace(/^is too short a rental: it needs at least/, 'needs a rental of at least')
    // What an agent is told to send instead; the page says what it shows instead.
    .replace(/; send the quote without promo_code.*$/, '')
  return `The promotion code ${code} cannot be used for this rental: it ${worded}. ${without}`
}

/**
 * The link to the change that would let the vehicle be booked, as the results page words its
 * suggestions: `Pick up on Sun, 6 Dec 2026 and drop off on Wed, 9 Dec 2026 instead`.
 */
export function suggestedCheckout(
  problem: DomainError,
  depots: Depot[],
  choice: Record<string, string | undefined>,
): { href: string; text: string } | undefined {
  if (!(problem instanceof UnavailableError) || problem.suggestion === null) return undefined
  if (problem.code === 'driver_too_young') return undefined
  const changed = Object.fromEntries(
    Object.entries(problem.suggestion).map(([name, value]) => [name, String(value)]),
  )
  // Times chosen for other dates or depots may not be offered there: chosen again at checkout.
  const { pick_up_time: _pickUp, drop_off_time: _dropOff, ...kept } = choice
  return {
    href: bookPath({ ...kept, ...changed }),
    text: `${suggestionText(depots, problem.suggestion)} instead`,
  }
}

/**
 * `Pick up on Wed, 16 Dec 2026 and drop off at Queenstown on Sat, 19 Dec 2026`: only what
 * changes, each hand-over once ("drop off at Queenstown and drop off on ..." read as two).
 */
export function suggestionText(depots: Depot[], suggestion: Suggestion): string {
  const { pick_up_depot_id, pick_up_date, drop_off_depot_id, drop_off_date } = suggestion
  const parts = [
    handOverChange('pick up', depots, pick_up_depot_id, pick_up_date),
    handOverChange('drop off', depots, drop_off_depot_id, drop_off_date),
  ].filter((part) => part !== undefined)
  return capitalised(parts.join(' and '))
}

function handOverChange(
  verb: string,
  depots: Depot[],
  depotId: number | undefined,
  date: CalendarDate | undefined,
): string | undefined {
  if (depotId === undefined && date === undefined) return undefined
  const where = depotId === undefined ? '' : ` at ${depotName(depots, String(depotId))}`
  const when = date === undefined ? '' : ` on ${formatCalendarDate(date)}`
  return `${verb}${where}${when}`
}
