import { addDays, type CalendarDate, dayTypeOf } from './calendar-date.ts'
import type { Depot } from './catalogue.ts'
import { depotClosure } from './catalogue-index.ts'
import { invalid } from './errors.ts'
import { instantAt, type TimeOfDay } from './local-time.ts'

export type Handover = 'pick-up' | 'drop-off'

/** The moment a request is made, in the company's zone: a time of today may have passed. */
export type Now = { instant: Date; timeZone: string }

/**
 * The times the depot offers for a hand-over on that date's day type (weekday or weekend); with
 * `now`, only those still to come (a pick-up today at a time already gone cannot be kept).
 */
export function handoverTimes(
  depot: Depot,
  date: CalendarDate,
  handover: Handover,
  now?: Now,
): TimeOfDay[] {
  const times = (handover === 'pick-up' ? depot.pickupTimes : depot.dropOffTimes)[dayTypeOf(date)]
  return now === undefined ? times : times.filter((time) => !hasPassed(date, time, now))
}

function hasPassed(date: CalendarDate, time: TimeOfDay, now: Now): boolean {
  return instantAt(date, time, now.timeZone).getTime() <= now.instant.getTime()
}

/** The earliest instant any zone's wall clock reads `date` (UTC+14, the furthest ahead). */
const EARLIEST_OFFSET_MS = 14 * 3600 * 1000

/** The times a person can still choose at checkout for a rental's hand-overs. */
export type TimesLeft = { pickUp: readonly TimeOfDay[]; dropOff: readonly TimeOfDay[] }

/**
 * The hand-over times left to choose for a rental: its pick-up day's pick-up times and its
 * drop-off day's drop-off times, with `now` only those still to come, and on a rental of one day
 * only drop-offs after the pick-up (`pickUpTime`, or the earliest pick-up left). A fee that every
 * one of them carries cannot be escaped by choosing (see rental-extras.ts).
 */
export function timesLeft(
  pickUpDepot: Depot,
  dropOffDepot: Depot,
  period: { pickUpDate: CalendarDate; dropOffDate: CalendarDate },
  pickUpTime: TimeOfDay | null,
  now?: Now,
): TimesLeft {
  const pickUp = handoverTimes(
    pickUpDepot,
    period.pickUpDate,
    'pick-up',
    nearly(period.pickUpDate, now),
  )
  const dropOffs = handoverTimes(
    dropOffDepot,
    period.dropOffDate,
    'drop-off',
    nearly(period.dropOffDate, now),
  )
  const earliest = pickUpTime ?? pickUp[0]
  const dropOff =
    period.pickUpDate === period.dropOffDate && earliest !== undefined
      ? dropOffs.filter((time) => time > earliest)
      : dropOffs
  return { pickUp, dropOff }
}

/**
 * `now`, for a date whose times may have passed; undefined for one far off (no zone arithmetic).
 * Every search asks, a flexible one for each of its dates: parsing each date was a tenth of its
 * time, so the last such date is a string kept for the day, and a date is compared with it.
 */
function nearly(date: CalendarDate, now: Now | undefined): Now | undefined {
  if (now === undefined) return undefined
  // The earliest instant any zone reads `date` is its midnight at UTC+14.
  const day = Math.floor((now.instant.getTime() + EARLIEST_OFFSET_MS) / MS_PER_DAY)
  if (day !== lastNear.day) {
    lastNear.day = day
    lastNear.date = new Date(day * MS_PER_DAY).toISOString().slice(0, 10)
  }
  return date <= lastNear.date ? now : undefined
}

const MS_PER_DAY = 86_400_000
const lastNear = { day: Number.NaN, date: '' }

/**
 * Why no pick-up can be had on `date` any more, or undefined: every pick-up time of the day has
 * passed (a search made today after the depot's last pick-up time). A rental asked for without a
 * time was offered all the same, and its checkout had no time left to choose.
 */
export function pickUpTimesGone(depot: Depot, date: CalendarDate, now: Now): string | undefined {
  // Every date but today (or yesterday in zones behind) is far off: skip the zone arithmetic.
  if (nearly(date, now) === undefined) return undefined
  const times = depot.pickupTimes[dayTypeOf(date)]
  if (times.length === 0) return undefined
  const last = times.reduce((latest, time) => (time > latest ? time : latest))
  if (!hasPassed(date, last, now)) return undefined
  return `${depot.name}'s last pick-up time on ${date} was ${last}, and it is ${clockNow(now)} there now`
}

/** The pick-up times before a drop-off, to send instead. */
function earlierPickUp(pickUps: TimeOfDay[], dropOff: TimeOfDay): string {
  const earlier = pickUps.filter((time) => time < dropOff)
  return earlier.length === 0
    ? 'send a later drop_off_date'
    : `send a pick_up_time before ${dropOff} (one of ${earlier.join(', ')}) or a later drop_off_date`
}

/** The wall-clock time now in the zone, `HH:MM`. */
function clockNow(now: Now): TimeOfDay {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: now.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now.instant)
}

/**
 * A hand-over time the depot offers that day, or a 400 naming the parameter and listing the times
 * it does offer. Whether the depot opens that day at all is availability's question, not this one.
 * With `now`, a time that has already passed is refused too, listing those still to come: a
 * pick-up at 08:00 asked at 10:58 the same day was quoted and booked, its free cancellation
 * "until" two days before.
 */
export function checkHandoverTime(
  depot: Depot,
  date: CalendarDate,
  time: TimeOfDay,
  handover: Handover,
  parameter: string,
  {
    now,
    after,
    otherEnd,
  }: {
    now?: Now | undefined
    /** On a rental of one day, for a drop-off: the pick-up time it must come after. */
    after?: TimeOfDay | undefined
    /** The rental's other date, which a date suggested instead must not pass. */
    otherEnd?: CalendarDate | undefined
  } = {},
): TimeOfDay {
  const offered = handoverTimes(depot, date, handover)
  // The times suggested instead: still to come today, and on a rental of one day, for a drop-off,
  // after its pick-up (`after`): one suggested must not be refused next.
  const suggest = (times: TimeOfDay[]) =>
    after === undefined ? times : times.filter((candidate) => candidate > after)
  if (now !== undefined && offered.includes(time) && hasPassed(date, time, now)) {
    const left = suggest(handoverTimes(depot, date, handover, now))
    throw invalid(
      'time_not_offered',
      parameter,
      left.length === 0
        ? `${parameter} ${time} on ${date} has passed (it is ${clockNow(now)} there now), and ${depot.name} has no later ${handover} time that day; send a later date`
        : `${parameter} ${time} on ${date} has passed (it is ${clockNow(now)} there now); send one of ${left.join(', ')}, or a later date`,
    )
  }
  if (!offered.includes(time)) {
    const dayType = dayTypeOf(date)
    // Today, only the times still to come: one already gone, sent as told, was refused next.
    const left = suggest(now === undefined ? offered : handoverTimes(depot, date, handover, now))
    const notOffered = `${parameter} ${time} is not a ${handover} time of ${depot.name} on a ${dayType} (${date})`
    throw invalid(
      'time_not_offered',
      parameter,
      offered.length === 0
        ? `${parameter} ${time}: ${depot.name} has no ${handover} times on a ${dayType} (${date})${nearestHandoverDays(depot, date, handover, parameter, now, otherEnd)}`
        : left.length === 0
          ? after !== undefined
            ? `${notOffered}, and it takes none after the pick-up at ${after} that day; send a later date`
            : `${notOffered}, and its last ${handover} time that day has passed (it is ${clockNow(now as Now)} there now); send a later date`
          : `${notOffered}; send one of ${left.join(', ')}`,
    )
  }
  return time
}

/** How far either way nearestHandoverDays looks for a day the depot hands over. */
const NEAREST_HANDOVER_DAYS = 7

/**
 * For a time sent on a day the depot has no hand-over times at all: the nearest dates before and
 * after on which it has some, as the date parameter to send, or the time left out. Said alone,
 * "no drop-off times on a weekend" left the agent to guess which day would do. A date before
 * today is not offered; the dates are checked again, with the rest of the rental, when sent.
 */
function nearestHandoverDays(
  depot: Depot,
  date: CalendarDate,
  handover: Handover,
  parameter: string,
  now?: Now,
  otherEnd?: CalendarDate,
): string {
  const dateParameter = parameter.replace(/_time$/, '_date')
  // A pick-up no later than the drop-off, a drop-off no earlier than the pick-up.
  const withinRental = (candidate: CalendarDate) =>
    otherEnd === undefined ||
    (handover === 'pick-up' ? candidate <= otherEnd : candidate >= otherEnd)
  const takes = (candidate: CalendarDate) =>
    withinRental(candidate) &&
    depotClosure(depot, candidate, handover) === undefined &&
    handoverTimes(depot, candidate, handover, now).length > 0
  const nearest: CalendarDate[] = []
  for (const step of [-1, 1]) {
    for (let days = 1; days <= NEAREST_HANDOVER_DAYS; days++) {
      const candidate = addDays(date, step * days)
      if (takes(candidate)) {
        nearest.push(candidate)
        break
      }
    }
  }
  const leaveOut = `leave ${parameter} out`
  if (nearest.length === 0) return `; send another ${dateParameter}, or ${leaveOut}`
  const send = nearest.map((candidate) => `${dateParameter}=${candidate}`).join(' or ')
  const dates =
    nearest.length === 1
      ? `the nearest date it takes ${handover}s is ${nearest[0]}`
      : `the nearest dates it takes ${handover}s are ${nearest.join(' and ')}`
  return `; ${dates}: send ${send}, or ${leaveOut}`
}

/**
 * For a rental that starts and ends on the same day, a 400 unless the drop-off comes after the
 * pick-up: an 18:00 pick-up with a 07:00 drop-off was quoted and booked. A time not sent is taken
 * as the widest the depots allow (the first pick-up still to come, the last drop-off still to
 * come), so that a day with no possible rental is refused too, naming the time that was sent; so
 * is today once the drop-off depot's last time has passed. A depot with no time at all that day is
 * closed: availability's question, not this one.
 */
export function checkSameDayOrder(
  pickUpDepot: Depot,
  dropOffDepot: Depot,
  date: CalendarDate,
  pickUpTime: TimeOfDay | null,
  dropOffTime: TimeOfDay | null,
  now?: Now,
): void {
  const pickUps = handoverTimes(pickUpDepot, date, 'pick-up', now)
  const dropOffs = handoverTimes(dropOffDepot, date, 'drop-off', now)
  const dayDropOffs = handoverTimes(dropOffDepot, date, 'drop-off')
  // Today, the drop-off depot's last time has passed while a pick-up is still to come: no rental
  // can end today any more. (With the pick-ups gone too, today is as a closed depot, said so.)
  if (now !== undefined && dropOffs.length === 0 && dayDropOffs.length > 0 && pickUps.length > 0) {
    throw invalid(
      'drop_off_before_pick_up',
      dropOffTime === null ? 'drop_off_date' : 'drop_off_time',
      `${dropOffDepot.name}'s last drop-off time on ${date} (${dayDropOffs.at(-1)}) has passed (it is ${clockNow(now)} there now); send a later drop_off_date`,
    )
  }
  const pickUp = pickUpTime ?? pickUps[0]
  const dropOff = dropOffTime ?? dropOffs.at(-1)
  if (pickUp === undefined || dropOff === undefined || dropOff > pickUp) return
  const later = dropOffs.filter((time) => time > pickUp)
  const laterDropOff =
    later.length === 0
      ? `${dropOffDepot.name} takes no drop-off after ${pickUp} that day; send a later drop_off_date`
      : `send a drop_off_time after ${pickUp} (one of ${later.join(', ')}) or a later drop_off_date`
  if (dropOffTime !== null && pickUpTime !== null) {
    throw invalid(
      'drop_off_before_pick_up',
      'drop_off_time',
      `drop_off_time ${dropOffTime} is not after pick_up_time ${pickUpTime} on the same day (${date}); ${laterDropOff}`,
    )
  }
  if (dropOffTime !== null) {
    throw invalid(
      'drop_off_before_pick_up',
      'drop_off_time',
      `drop_off_time ${dropOffTime} on ${date} is not after the earliest pick-up ${pickUpDepot.name} can give that day (${pickUp}); ${laterDropOff}`,
    )
  }
  throw invalid(
    'drop_off_before_pick_up',
    pickUpTime === null ? 'drop_off_date' : 'pick_up_time',
    pickUpTime === null
      ? `${dropOffDepot.name}'s last drop-off time on ${date} (${dropOff}) is not after the earliest pick-up ${pickUpDepot.name} can give that day (${pickUp}); send a later drop_off_date`
      : `pick_up_time ${pickUpTime} is not before the last drop-off time ${dropOffDepot.name} offers on the same day (${date}, ${dropOff}); ${earlierPickUp(pickUps, dropOff)}`,
  )
}

/** How far ahead firstPickUpDate looks: a depot closed longer than this is said as closed. */
const FIRST_PICK_UP_LOOKAHEAD_DAYS = 62

/**
 * The first date from `today` on which the depot can still hand a vehicle over: open, with pick-up
 * times that day, and today only while one of them is still to come. What a "send today or
 * later" hint should name: after 20:00, today is not a date that works.
 */
export function firstPickUpDate(depot: Depot, today: CalendarDate, now: Now): CalendarDate {
  for (let ahead = 0; ahead <= FIRST_PICK_UP_LOOKAHEAD_DAYS; ahead++) {
    const date = addDays(today, ahead)
    if (depotClosure(depot, date, 'pick-up') !== undefined) continue
    if (ahead === 0 && pickUpTimesGone(depot, date, now) !== undefined) continue
    return date
  }
  return today
}
