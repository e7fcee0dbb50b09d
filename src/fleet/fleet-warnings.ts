import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type CalendarDate, eachDate } from '../domain/calendar-date.ts'
import { seasonContains } from '../domain/catalogue-index.ts'
import { type LocatedProblem, readableSeasons } from './check-fleet.ts'
import type { FleetFile } from './fleet-file-schema.ts'

/**
 * What a valid file may still get wrong without breaking anything: no contact address, days no season covers (no
 * vehicle can be rented from them: `no_rate`), a vehicle stocked somewhere with no rate for a
 * season (it cannot be rented in that season), a price capped below itself or a daily rate of 0,
 * and image files that are not in the images folder (pages would show a broken picture).
 * Reported, never refused.
 */
export function fleetWarnings(
  fleet: FleetFile,
  options: { imagesDir?: string | undefined } = {},
): LocatedProblem[] {
  const warnings: LocatedProblem[] = []
  if (fleet.company.email === undefined) {
    warnings.push({
      path: ['company'],
      message:
        'no email: agents and travellers get no address to write to, and booking notices to the company have nowhere to go; add company.email',
    })
  }
  const seasons = readableSeasons(fleet)
  const uncovered: string[] = []
  // 2024 is a leap year, so every day of any year is visited.
  for (const date of eachDate('2024-01-01' as CalendarDate, '2024-12-31' as CalendarDate)) {
    const monthDay = date.slice(5)
    if (monthDay === '02-29') continue // it falls with 28 February unless a season names it
    if (!seasons.some((season) => seasonContains(season, monthDay))) uncovered.push(monthDay)
  }
  if (uncovered.length > 0) {
    warnings.push({
      path: ['seasons'],
      message: `no season covers ${ranges(uncovered).join(', ')}: nothing can be rented from those days (no_rate)`,
    })
  }
  fleet.vehicles.forEach((vehicle, i) => {
    const stocked = Object.values(vehicle.units).some((units) => units > 0)
    const missing = fleet.seasons.filter((season) => !(season.id in vehicle.daily_rates))
    if (stocked && missing.length > 0) {
      warnings.push({
        path: ['vehicles', i, 'daily_rates'],
        message: `no rate for ${missing.map((season) => season.id).join(', ')}: ${vehicle.name} cannot be rented in ${missing.length === 1 ? 'that season' : 'those seasons'}`,
      })
    }
  })
  // Prices a typo makes (a cap of 0.01, a rate of 0): valid, but a quote then gives the thing
  // away; said so the operator can look before travellers do.
  for (const kind of ['accessories', 'insurance_plans'] as const) {
    const items: { name: string; price: number; per: string; max_charge?: number }[] = fleet[kind]
    items.forEach(({ name, price, per, max_charge: cap }, i) => {
      if (cap !== undefined && price > 0 && cap < price) {
        warnings.push({
          path: [kind, i, 'max_charge'],
          message: `${cap.toFixed(2)} is below ${per === 'day' ? "one day's price" : 'its price'} of ${price.toFixed(2)}: ${name} costs ${cap.toFixed(2)} whatever the rental`,
        })
      }
    })
  }
  fleet.vehicles.forEach((vehicle, i) => {
    for (const [season, rates] of Object.entries(vehicle.daily_rates)) {
      rates.forEach((rate, band) => {
        if (rate === 0) {
          warnings.push({
            path: ['vehicles', i, 'daily_rates', season, band],
            message: `a daily rate of 0: ${vehicle.name} is free to rent in ${season} for that rental length`,
          })
        }
      })
    }
  })
  const { imagesDir } = options
  if (imagesDir !== undefined) {
    const missingFile = (file: string) => !existsSync(join(imagesDir, file))
    const isUrl = (image: string) => /^https:/.test(image)
    fleet.vehicles.forEach((vehicle, i) => {
      if (!isUrl(vehicle.image) && missingFile(join('vehicles', vehicle.image))) {
        warnings.push({
          path: ['vehicles', i, 'image'],
          message: `${join(imagesDir, 'vehicles', vehicle.image)} does not exist: pages would show no picture`,
        })
      }
    })
    const logo = fleet.company.logo
    if (logo !== undefined && !isUrl(logo) && missingFile(logo)) {
      warnings.push({
        path: ['company', 'logo'],
        message: `${join(imagesDir, logo)} does not exist: pages would show no logo`,
      })
    }
  }
  return warnings
}

/** `03-01 to 03-05, 07-14` from consecutive days of the year. */
function ranges(days: string[]): string[] {
  const out: string[] = []
  let start = days[0]
  let previous = days[0]
  const next = (monthDay: string) =>
    new Date(Date.parse(`2023-${monthDay}T00:00:00Z`) + 86_400_000).toISOString().slice(5, 10)
  for (const day of days.slice(1)) {
    if (previous !== undefined && next(previous) === day) {
      previous = day
      continue
    }
    out.push(start === previous ? `${start}` : `${start} to ${previous}`)
    start = day
    previous = day
  }
  if (start !== undefined) out.push(start === previous ? `${start}` : `${start} to ${previous}`)
  return out
}
