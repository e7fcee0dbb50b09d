import { type CalendarDate, dayTypeOf } from './calendar-date.ts'
import type { Depot } from './catalogue.ts'
import { invalid } from './errors.ts'
import type { TimeOfDay } from './local-time.ts'

export type Handover = 'pick-up' | 'drop-off'

/** The times the depot offers for a hand-over on that date's day type (weekday or weekend). */
export function handoverTimes(depot: Depot, date: CalendarDate, handover: Handover): TimeOfDay[] {
  const times = handover === 'pick-up' ? depot.pickupTimes : depot.dropOffTimes
  return times[dayTypeOf(date)]
}

/**
 * A hand-over time the depot offers that day, or a 400 naming the parameter and listing the times
 * it does offer. Whether the depot opens that day at all is availability's question, not this one.
 */
export function checkHandoverTime(
  depot: Depot,
  date: CalendarDate,
  time: TimeOfDay,
  handover: Handover,
  parameter: string,
): TimeOfDay {
  const offered = handoverTimes(depot, date, handover)
  if (!offered.includes(time)) {
    const dayType = dayTypeOf(date)
    throw invalid(
      'time_not_offered',
      parameter,
      offered.length === 0
        ? `${parameter} ${time}: ${depot.name} has no ${handover} times on a ${dayType} (${date})`
        : `${parameter} ${time} is not a ${handover} time of ${depot.name} on a ${dayType} (${date}); send one of ${offered.join(', ')}`,
    )
  }
  return time
}
