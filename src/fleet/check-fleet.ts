import {
  type CalendarDate,
  eachDate,
  isMonthDay,
  parseCalendarDate,
} from '../domain/calendar-date.ts'
import { seasonContains } from '../domain/catalogue-index.ts'
import type { FleetFile } from './fleet-file-schema.ts'

/** A problem at a path in the file; `at: 'key'` when the key itself is wrong, not its value. */
export type LocatedProblem = { path: (string | number)[]; message: string; at?: 'key' }
type Problem = LocatedProblem

/** Cents in a dollar amount, or undefined when it has a fraction of a cent. */
export function dollarsToCents(dollars: number): number | undefined {
  const cents = Math.round(dollars * 100)
  return Math.abs(dollars * 100 - cents) < 1e-6 ? cents : undefined
}

/**
 * The cross-references and rules a schema cannot express: unique ids, known depots, seasons and
 * classes, contiguous rate bands, seasons that do not overlap, whole cents, and bookings that fit
 * the units stocked.
 */
export function checkFleet(
  fleet: FleetFile,
  resolveDate: (value: string) => CalendarDate | undefined,
): Problem[] {
  const problems: Problem[] = []
  const report = (path: (string | number)[], message: string) => problems.push({ path, message })
  const reportKey = (path: (string | number)[], message: string) =>
    problems.push({ path, message, at: 'key' })

  for (const key of ['depots', 'vehicles', 'accessories', 'insurance_plans'] as const) {
    reportDuplicates<{ id: number }>(fleet[key], (item) => item.id, key, 'id', report)
  }
  reportDuplicates(fleet.seasons, (season) => season.id, 'seasons', 'id', report)
  reportDuplicates(
    fleet.bookings ?? [],
    (booking) => booking.reference,
    'bookings',
    'reference',
    report,
  )
  reportDuplicates(
    fleet.routes,
    (route) => `${route.from} to ${route.to}`,
    'routes',
    'route',
    report,
  )

  checkRateBands(fleet, report)
  checkSeasons(fleet, report)

  const depotIds = new Set(fleet.depots.map((depot) => depot.id))
  const seasonIds = new Set(fleet.seasons.map((season) => season.id))
  const classes = new Set(fleet.vehicles.map((vehicle) => vehicle.class))

  fleet.depots.forEach((depot, i) => {
    depot.annual_closures?.forEach((day, j) => {
      if (!isMonthDay(day))
        report(['depots', i, 'annual_closures', j], `${day} is not a day of the year (MM-DD)`)
    })
    depot.closures?.forEach((date, j) => {
      if (!parseCalendarDate(date))
        report(['depots', i, 'closures', j], `${date} is not a calendar date`)
    })
  })

  fleet.vehicles.forEach((vehicle, i) => {
    for (const depotId of Object.keys(vehicle.units)) {
      if (!depotIds.has(Number(depotId)))
        reportKey(['vehicles', i, 'units', depotId], `depot ${depotId} is not in depots`)
    }
    for (const seasonId of Object.keys(vehicle.minimum_days ?? {})) {
      if (!seasonIds.has(seasonId))
        reportKey(['vehicles', i, 'minimum_days', seasonId], `season ${seasonId} is not in seasons`)
    }
    for (const [seasonId, rates] of Object.entries(vehicle.daily_rates)) {
      const path = ['vehicles', i, 'daily_rates', seasonId]
      if (!seasonIds.has(seasonId)) reportKey(path, `season ${seasonId} is not in seasons`)
      if (rates.length !== fleet.rate_bands.length) {
        report(
          path,
          `has ${rates.length} rates; give one per rate band (${fleet.rate_bands.length})`,
        )
      }
      rates.forEach((rate, j) => {
        checkCents([...path, j], rate, report)
      })
    }
  })

  fleet.routes.forEach((route, i) => {
    for (const end of ['from', 'to'] as const) {
      if (!depotIds.has(route[end]))
        report(['routes', i, end], `depot ${route[end]} is not in depots`)
    }
    if (route.from === route.to)
      report(['routes', i], 'a return to the same depot is always offered at no fee; leave it out')
    checkCents(['routes', i, 'fee'], route.fee, report)
  })

  for (const key of ['accessories', 'insurance_plans'] as const) {
    fleet[key].forEach((item, i) => {
      checkCents([key, i, 'price'], item.price, report)
      if (item.max_charge !== undefined) checkCents([key, i, 'max_charge'], item.max_charge, report)
      item.vehicle_classes?.forEach((name, j) => {
        if (!classes.has(name))
          report([key, i, 'vehicle_classes', j], `no vehicle has class ${name}`)
      })
    })
  }
  fleet.insurance_plans.forEach((plan, i) => {
    checkCents(['insurance_plans', i, 'excess'], plan.excess, report)
  })

  checkBookings(fleet, depotIds, resolveDate, report)
  return problems
}

function reportDuplicates<T>(
  items: T[],
  keyOf: (item: T) => string | number,
  listName: string,
  field: string,
  report: (path: (string | number)[], message: string) => void,
): void {
  const seen = new Map<string | number, number>()
  items.forEach((item, i) => {
    const key = keyOf(item)
    const first = seen.get(key)
    if (first === undefined) seen.set(key, i)
    else report([listName, i], `${field} ${key} is already used by ${listName}[${first}]`)
  })
}

function checkCents(
  path: (string | number)[],
  dollars: number,
  report: (path: (string | number)[], message: string) => void,
): void {
  if (dollarsToCents(dollars) === undefined)
    report(path, `${dollars} has a fraction of a cent; use at most two decimals`)
}

function checkRateBands(
  fleet: FleetFile,
  report: (path: (string | number)[], message: string) => void,
): void {
  let expectedMin = 1
  fleet.rate_bands.forEach((band, i) => {
    if (band.min_days !== expectedMin) {
      report(
        ['rate_bands', i, 'min_days'],
        `must be ${expectedMin} so that bands leave no gap and do not overlap`,
      )
    }
    const last = i === fleet.rate_bands.length - 1
    if (band.max_days === undefined) {
      if (!last) report(['rate_bands', i], 'only the last band may leave out max_days')
      return
    }
    if (band.max_days < band.min_days)
      report(['rate_bands', i, 'max_days'], 'must not be below min_days')
    expectedMin = band.max_days + 1
  })
}

function checkSeasons(
  fleet: FleetFile,
  report: (path: (string | number)[], message: string) => void,
): void {
  const seasons = fleet.seasons.map((season) => ({
    id: season.id,
    name: season.name,
    periods: season.periods,
  }))
  let periodsValid = true
  fleet.seasons.forEach((season, i) => {
    season.periods.forEach((period, j) => {
      for (const end of ['from', 'to'] as const) {
        if (!isMonthDay(period[end])) {
          periodsValid = false
          report(
            ['seasons', i, 'periods', j, end],
            `${period[end]} is not a day of the year (MM-DD)`,
          )
        }
      }
    })
  })
  if (!periodsValid) return
  const reported = new Set<string>()
  // 2024 is a leap year, so every day of any year is visited.
  for (const date of eachDate('2024-01-01' as CalendarDate, '2024-12-31' as CalendarDate)) {
    const monthDay = date.slice(5)
    const holding = seasons.filter((season) => seasonContains(season, monthDay))
    if (holding.length < 2) continue
    const pair = holding.map((season) => season.id).join(' and ')
    if (reported.has(pair)) continue
    reported.add(pair)
    const second = fleet.seasons.findIndex((season) => season.id === holding[1]?.id)
    report(['seasons', second], `seasons ${pair} overlap on ${monthDay}`)
  }
}

function checkBookings(
  fleet: FleetFile,
  depotIds: Set<number>,
  resolveDate: (value: string) => CalendarDate | undefined,
  report: (path: (string | number)[], message: string) => void,
): void {
  const vehicles = new Map(fleet.vehicles.map((vehicle) => [vehicle.id, vehicle]))
  const bookedPerDay = new Map<string, number>()
  ;(fleet.bookings ?? []).forEach((booking, i) => {
    const vehicle = vehicles.get(booking.vehicle)
    if (!vehicle)
      report(['bookings', i, 'vehicle'], `vehicle ${booking.vehicle} is not in vehicles`)
    for (const end of ['pick_up_depot', 'drop_off_depot'] as const) {
      if (!depotIds.has(booking[end]))
        report(['bookings', i, end], `depot ${booking[end]} is not in depots`)
    }
    const pickUp = resolveDate(booking.pick_up_date)
    const dropOff = resolveDate(booking.drop_off_date)
    if (!pickUp)
      report(['bookings', i, 'pick_up_date'], `${booking.pick_up_date} is not a calendar date`)
    if (!dropOff)
      report(['bookings', i, 'drop_off_date'], `${booking.drop_off_date} is not a calendar date`)
    if (!vehicle || !pickUp || !dropOff) return
    if (dropOff < pickUp) {
      report(['bookings', i, 'drop_off_date'], 'is before pick_up_date')
      return
    }
    const units = vehicle.units[String(booking.pick_up_depot)] ?? 0
    for (const date of eachDate(pickUp, dropOff)) {
      const key = `${booking.vehicle}|${booking.pick_up_depot}|${date}`
      const booked = (bookedPerDay.get(key) ?? 0) + 1
      bookedPerDay.set(key, booked)
      if (booked === units + 1) {
        report(
          ['bookings', i],
          `books more than the ${units} unit(s) of vehicle ${booking.vehicle} at depot ${booking.pick_up_depot} on ${date}`,
        )
      }
    }
  })
}
