import { addDays, type CalendarDate, monthDayOf, todayIn } from '../src/domain/calendar-date.ts'

/** The endpoints benched, with the requests an agent would send, in the order of a session. */
export type BenchEndpoint = { name: string; path: string }

export const API = '/api/agent'

/** Pick-up dates in the benched flexible search: a 2-week window. */
export const FLEXIBLE_WINDOW_DATES = 14

/** Days a depot of the demo company may be closed; the bench's dates avoid them. */
const HOLIDAYS = ['12-25', '12-26', '01-01', '01-02', '02-06']

/**
 * A 7-day one-way rental (Auckland Airport to Wellington Airport, both open every day but
 * Christmas) about six weeks ahead, moved on when it would touch a holiday.
 */
export function benchDates(timeZone = 'Pacific/Auckland'): {
  pickUp: CalendarDate
  dropOff: CalendarDate
} {
  let pickUp = addDays(todayIn(timeZone, new Date()), 40)
  for (;;) {
    const dropOff = addDays(pickUp, 7)
    if (!HOLIDAYS.includes(monthDayOf(pickUp)) && !HOLIDAYS.includes(monthDayOf(dropOff))) {
      return { pickUp, dropOff }
    }
    pickUp = addDays(pickUp, 1)
  }
}

export function benchEndpoints(timeZone?: string): BenchEndpoint[] {
  const { pickUp, dropOff } = benchDates(timeZone)
  const search = `pick_up_depot_id=1&drop_off_depot_id=3&pick_up_date=${pickUp}&drop_off_date=${dropOff}`
  return [
    { name: 'depots', path: `${API}/depots` },
    { name: 'availability', path: `${API}/vehicles/availability?${search}` },
    // The agent's "any 5 days in a 2-week window": 14 pick-up dates, the answer availability
    // would give for each, in one request (its cost in availability answers is a target).
    {
      name: 'flexible',
      path: `${API}/vehicles/availability/flexible?pick_up_depot_id=1&drop_off_depot_id=3&earliest_pick_up_date=${pickUp}&latest_pick_up_date=${addDays(pickUp, FLEXIBLE_WINDOW_DATES - 1)}&rental_days=5`,
    },
    {
      name: 'accessories',
      path: `${API}/vehicles/2/accessories?pick_up_date=${pickUp}&drop_off_date=${dropOff}`,
    },
    { name: 'insurance', path: `${API}/vehicles/2/insurance-types` },
    // Two accessories and a plan; every quote is stored, so its cost is counted.
    {
      name: 'quote',
      path: `${API}/quotes?${search}&vehicle_id=2&accessory_ids=1,3&insurance_id=2`,
    },
  ]
}
