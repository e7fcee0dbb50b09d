import {
  type CalendarDate,
  eachDate,
  isMonthDay,
  parseCalendarDate,
} from '../domain/calendar-date.ts'
import { seasonContains } from '../domain/catalogue-index.ts'
import { checkCompanyTerms } from './check-company-terms.ts'
import type { FleetFile } from './fleet-file-schema.ts'

/** A problem at a path in the file; `at: 'key'` when the key itself is wrong, not its value. */
export type LocatedProblem = { path: (string | number)[]; message: string; at?: 'key' }
type Problem = LocatedProblem
type Path = (string | number)[]
type Report = (path: Path, message: string) => void

/**
 * A fleet file as the checks see it: what passed the schema. A value the schema refused has been
 * taken out (see pruneRefused), so every field may be missing and every list item undefined; the
 * checks look at what is left, so that a file's schema problems and its cross-reference problems
 * are all found in one pass.
 */
export type FleetInput = DeepPartial<FleetFile>
type DeepPartial<T> = T extends (infer U)[]
  ? (DeepPartial<U> | undefined)[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T

/** Cents in a dollar amount, or undefined when it has a fraction of a cent. */
export function dollarsToCents(dollars: number): number | undefined {
  const cents = Math.round(dollars * 100)
  return Math.abs(dollars * 100 - cents) < 1e-6 ? cents : undefined
}

/**
 * The classes the fleet's vehicles have, to check the classes named elsewhere against. When a
 * vehicle's class is not known (missing, or refused by the schema: a typo such as `klass` in every
 * vehicle), any name is taken as known: "no vehicle has class economy" for each accessory, plan
 * and promotion would bury the one problem to fix under dozens that follow from it.
 */
export function vehicleClasses(fleet: FleetInput): { has(name: string | undefined): boolean } {
  const vehicles = fleet.vehicles ?? []
  if (vehicles.some((vehicle) => typeof vehicle?.class !== 'string')) return { has: () => true }
  return new Set(vehicles.map((vehicle) => vehicle?.class))
}

/** The items of a list that survived the schema, with their index in the file. */
function items<T>(list: (T | undefined)[] | undefined): [T, number][] {
  return (list ?? []).flatMap((item, i) => (item === undefined ? [] : [[item, i] as [T, number]]))
}

/**
 * The cross-references and rules a schema cannot express: unique ids, known depots, seasons and
 * classes, contiguous rate bands, seasons that do not overlap, whole cents, coordinates given in
 * pairs, image addresses, and bookings that fit the units stocked.
 */
export function checkFleet(
  fleet: FleetInput,
  resolveDate: (value: string) => CalendarDate | undefined,
  /** Whether the schema refused something under the path: its checks would only guess. */
  refused: (path: Path) => boolean = () => false,
): Problem[] {
  const problems: Problem[] = []
  const report: Report = (path, message) => problems.push({ path, message })
  const reportKey: Report = (path, message) => problems.push({ path, message, at: 'key' })

  for (const key of ['depots', 'vehicles', 'accessories', 'insurance_plans'] as const) {
    reportDuplicates<{ id?: number }>(fleet[key], (item) => item.id, key, 'id', report)
  }
  reportDuplicates(fleet.seasons, (season) => season.id, 'seasons', 'id', report)
  reportDuplicates(fleet.bookings, (booking) => booking.reference, 'bookings', 'reference', report)
  reportDuplicates(
    fleet.routes,
    (route) =>
      route.from === undefined || route.to === undefined
        ? undefined
        : `${route.from} to ${route.to}`,
    'routes',
    'route',
    report,
  )

  checkCompany(fleet, report)
  checkRateBands(fleet, report)
  checkSeasons(fleet, report)

  const depotIds = new Set(items(fleet.depots).map(([depot]) => depot.id))
  const seasonIds = new Set(items(fleet.seasons).map(([season]) => season.id))
  const classes = vehicleClasses(fleet)
  const bandCount = fleet.rate_bands?.length

  for (const [depot, i] of items(fleet.depots)) {
    for (const [day, j] of items(depot.annual_closures)) {
      const range = typeof day === 'string' ? { from: day, to: day } : day
      // A single date is both ends of its range: said once.
      for (const end of typeof day === 'string' ? (['from'] as const) : (['from', 'to'] as const)) {
        const value = range[end]
        if (value !== undefined && !isMonthDay(value)) {
          const path = typeof day === 'string' ? [j] : [j, end]
          report(
            ['depots', i, 'annual_closures', ...path],
            `${value} is not a day of the year (MM-DD)`,
          )
        }
      }
    }
    for (const [date, j] of items(depot.closures)) {
      const range = typeof date === 'string' ? { from: date, to: date } : date
      const from = range.from === undefined ? undefined : parseCalendarDate(range.from)
      const to = range.to === undefined ? undefined : parseCalendarDate(range.to)
      // A single date is both ends of its range: said once.
      for (const end of typeof date === 'string'
        ? (['from'] as const)
        : (['from', 'to'] as const)) {
        const value = range[end]
        if (value !== undefined && !parseCalendarDate(value)) {
          const path = typeof date === 'string' ? [j] : [j, end]
          report(['depots', i, 'closures', ...path], `${value} is not a calendar date`)
        }
      }
      if (from && to && to < from) report(['depots', i, 'closures', j, 'to'], 'is before from')
    }
    // A coordinate the schema refused is there, only wrong: its own problem says so.
    const given = (key: 'latitude' | 'longitude') =>
      depot[key] !== undefined || refused(['depots', i, key])
    if (given('latitude') !== given('longitude')) {
      const missing = given('latitude') ? 'longitude' : 'latitude'
      report(['depots', i], `give ${missing} as well: a map link needs both coordinates`)
    }
  }

  for (const [vehicle, i] of items(fleet.vehicles)) {
    if (vehicle.image !== undefined) checkImage(['vehicles', i, 'image'], vehicle.image, report)
    for (const depotId of Object.keys(vehicle.units ?? {})) {
      if (!depotIds.has(Number(depotId)))
        reportKey(['vehicles', i, 'units', depotId], `depot ${depotId} is not in depots`)
    }
    for (const seasonId of Object.keys(vehicle.minimum_days ?? {})) {
      if (!seasonIds.has(seasonId))
        reportKey(['vehicles', i, 'minimum_days', seasonId], `season ${seasonId} is not in seasons`)
    }
    for (const [seasonId, rates] of Object.entries(vehicle.daily_rates ?? {})) {
      const path = ['vehicles', i, 'daily_rates', seasonId]
      if (!seasonIds.has(seasonId)) reportKey(path, `season ${seasonId} is not in seasons`)
      if (rates === undefined) continue
      if (bandCount !== undefined && rates.length !== bandCount) {
        report(path, `has ${rates.length} rates; give one per rate band (${bandCount})`)
      }
      for (const [rate, j] of items(rates)) checkCents([...path, j], rate, report)
    }
  }

  for (const [route, i] of items(fleet.routes)) {
    for (const end of ['from', 'to'] as const) {
      const id = route[end]
      if (id !== undefined && !depotIds.has(id))
        report(['routes', i, end], `depot ${id} is not in depots`)
    }
    if (route.from !== undefined && route.from === route.to)
      report(['routes', i], 'a return to the same depot is always offered at no fee; leave it out')
    if (route.fee !== undefined) checkCents(['routes', i, 'fee'], route.fee, report)
  }

  for (const key of ['accessories', 'insurance_plans'] as const) {
    for (const [item, i] of items<{
      price?: number
      max_charge?: number
      vehicle_classes?: (string | undefined)[]
    }>(fleet[key])) {
      if (item.price !== undefined) checkCents([key, i, 'price'], item.price, report)
      if (item.max_charge !== undefined) checkCents([key, i, 'max_charge'], item.max_charge, report)
      for (const [name, j] of items(item.vehicle_classes)) {
        if (!classes.has(name))
          report([key, i, 'vehicle_classes', j], `no vehicle has class ${name}`)
      }
    }
  }
  for (const [plan, i] of items(fleet.insurance_plans)) {
    if (plan.excess !== undefined) checkCents(['insurance_plans', i, 'excess'], plan.excess, report)
  }

  checkBookings(fleet, depotIds, resolveDate, refused, report)
  problems.push(
    ...checkCompanyTerms(
      fleet,
      resolveDate,
      (path, dollars) => checkCents(path, dollars, report),
      refused,
    ),
  )
  return problems
}

function checkCompany(fleet: FleetInput, report: Report): void {
  const logo = fleet.company?.logo
  if (logo !== undefined) checkImage(['company', 'logo'], logo, report)
  for (const field of ['website', 'terms_url'] as const) {
    const url = fleet.company?.[field]
    if (url !== undefined && !isHttpsUrl(url)) {
      report(['company', field], `${url} is not an https address with a host name`)
    }
  }
}

/** An image is a file name in the images folder, or an https URL with a real host name. */
function checkImage(path: Path, value: string, report: Report): void {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    if (!isHttpsUrl(value))
      report(
        path,
        `${value} is not an https address with a host name; give https://host/path or a file name`,
      )
    return
  }
  if (value.split(/[\\/]/).some((part) => part === '..' || part === '') || value.startsWith('.')) {
    report(
      path,
      `${value} is not a file name inside the images folder; give a name such as campervan.svg`,
    )
  }
}

/** `https://` with a host made of letters, digits, dots and dashes (no `*`, no user name). */
export function isHttpsUrl(text: string): boolean {
  const url = URL.parse(text)
  return (
    url !== null &&
    url.protocol === 'https:' &&
    url.username === '' &&
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(
      url.hostname,
    )
  )
}

function reportDuplicates<T>(
  list: (T | undefined)[] | undefined,
  keyOf: (item: T) => string | number | undefined,
  listName: string,
  field: string,
  report: Report,
): void {
  const seen = new Map<string | number, number>()
  for (const [item, i] of items(list)) {
    const key = keyOf(item)
    if (key === undefined) continue
    const first = seen.get(key)
    if (first === undefined) seen.set(key, i)
    else report([listName, i], `${field} ${key} is already used by ${listName}[${first}]`)
  }
}

function checkCents(path: Path, dollars: number, report: Report): void {
  if (dollarsToCents(dollars) === undefined)
    report(path, `${dollars} has a fraction of a cent; use at most two decimals`)
}

function checkRateBands(fleet: FleetInput, report: Report): void {
  const bands = fleet.rate_bands ?? []
  let expectedMin = 1
  for (const [i, band] of bands.entries()) {
    if (band?.min_days === undefined) return
    if (band.min_days !== expectedMin) {
      report(
        ['rate_bands', i, 'min_days'],
        `must be ${expectedMin} so that bands leave no gap and do not overlap`,
      )
    }
    const last = i === bands.length - 1
    if (band.max_days === undefined) {
      if (!last) report(['rate_bands', i], 'only the last band may leave out max_days')
      return
    }
    if (band.max_days < band.min_days)
      report(['rate_bands', i, 'max_days'], 'must not be below min_days')
    expectedMin = band.max_days + 1
  }
}

/** The seasons whose periods are all readable, for the checks that span the year. */
export function readableSeasons(fleet: FleetInput) {
  return items(fleet.seasons).flatMap(([season]) => {
    const periods = items(season.periods).map(([period]) => period)
    const readable = periods.every(
      (period) =>
        period.from !== undefined &&
        period.to !== undefined &&
        isMonthDay(period.from) &&
        isMonthDay(period.to),
    )
    if (!readable || season.id === undefined) return []
    return [
      {
        id: season.id,
        name: season.name ?? season.id,
        periods: periods as { from: string; to: string }[],
      },
    ]
  })
}

function checkSeasons(fleet: FleetInput, report: Report): void {
  for (const [season, i] of items(fleet.seasons)) {
    for (const [period, j] of items(season.periods)) {
      for (const end of ['from', 'to'] as const) {
        const value = period[end]
        if (value !== undefined && !isMonthDay(value)) {
          report(['seasons', i, 'periods', j, end], `${value} is not a day of the year (MM-DD)`)
        }
      }
    }
  }
  const seasons = readableSeasons(fleet)
  const reported = new Set<string>()
  // 2024 is a leap year, so every day of any year is visited.
  for (const date of eachDate('2024-01-01' as CalendarDate, '2024-12-31' as CalendarDate)) {
    const monthDay = date.slice(5)
    const holding = seasons.filter((season) => seasonContains(season, monthDay))
    if (holding.length < 2) continue
    const pair = holding.map((season) => season.id).join(' and ')
    if (reported.has(pair)) continue
    reported.add(pair)
    const second = (fleet.seasons ?? []).findIndex((season) => season?.id === holding[1]?.id)
    report(['seasons', second], `seasons ${pair} overlap on ${monthDay}`)
  }
}

function checkBookings(
  fleet: FleetInput,
  depotIds: Set<number | undefined>,
  resolveDate: (value: string) => CalendarDate | undefined,
  refused: (path: Path) => boolean,
  report: Report,
): void {
  const vehicles = new Map(items(fleet.vehicles).map(([vehicle]) => [vehicle.id, vehicle]))
  // A vehicle whose units the schema refused cannot say how many a booking may take.
  const unitsUnknown = new Set(
    items(fleet.vehicles)
      .filter(([, i]) => refused(['vehicles', i, 'units']))
      .map(([vehicle]) => vehicle.id),
  )
  const bookedPerDay = new Map<string, number>()
  for (const [booking, i] of items(fleet.bookings)) {
    const vehicle = booking.vehicle === undefined ? undefined : vehicles.get(booking.vehicle)
    if (booking.vehicle !== undefined && !vehicle)
      report(['bookings', i, 'vehicle'], `vehicle ${booking.vehicle} is not in vehicles`)
    for (const end of ['pick_up_depot', 'drop_off_depot'] as const) {
      const id = booking[end]
      if (id !== undefined && !depotIds.has(id))
        report(['bookings', i, end], `depot ${id} is not in depots`)
    }
    const pickUp =
      booking.pick_up_date === undefined ? undefined : resolveDate(booking.pick_up_date)
    const dropOff =
      booking.drop_off_date === undefined ? undefined : resolveDate(booking.drop_off_date)
    if (booking.pick_up_date !== undefined && !pickUp)
      report(['bookings', i, 'pick_up_date'], `${booking.pick_up_date} is not a calendar date`)
    if (booking.drop_off_date !== undefined && !dropOff)
      report(['bookings', i, 'drop_off_date'], `${booking.drop_off_date} is not a calendar date`)
    if (!vehicle || !pickUp || !dropOff || booking.pick_up_depot === undefined) continue
    if (unitsUnknown.has(vehicle.id)) continue
    if (dropOff < pickUp) {
      report(['bookings', i, 'drop_off_date'], 'is before pick_up_date')
      continue
    }
    const units = vehicle.units?.[String(booking.pick_up_depot)] ?? 0
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
  }
}
