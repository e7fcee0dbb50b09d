import {
  type CalendarDate,
  dayTypeOf,
  type MonthDay,
  monthDayOf,
  monthOf,
  weekdayOf,
} from './calendar-date.ts'
import { capitalised } from './capitalised.ts'
import type {
  Accessory,
  Catalogue,
  Depot,
  InsurancePlan,
  RateBand,
  RouteFee,
  Season,
  Vehicle,
} from './catalogue.ts'
import type { Cents } from './money.ts'

/** Vehicles in the order an answer lists them, with their ids in the same order. */
export type RatedVehicles = { vehicles: Vehicle[]; ids: number[] }

/**
 * The catalogue with its lookups built once, so a request never scans a list by id. The lists it
 * gives are kept and shared by every request: callers must not change them.
 */
export class CatalogueIndex {
  readonly catalogue: Catalogue
  readonly activeDepots: Depot[]
  /** Every vehicle class of the fleet, sorted. */
  readonly vehicleClasses: string[]
  private readonly depotsById: Map<number, Depot>
  private readonly vehiclesById: Map<number, Vehicle>
  private readonly accessoriesById: Map<number, Accessory>
  private readonly plansById: Map<number, InsurancePlan>
  /** By the depot a rental starts from, then the depot it ends at. */
  private readonly routeFees = new Map<number, Map<number, Cents>>()
  /** Answers worked out on first asking: the catalogue never changes, a fleet load makes a new one. */
  private readonly stockedAt = new Map<number, Vehicle[]>()
  private readonly byRate = new Map<string, RatedVehicles>()
  private readonly accessoryLists = new Map<string, Accessory[]>()
  private readonly planLists = new Map<number, InsurancePlan[]>()
  /** By `MM-DD`: at most 366 entries. */
  private readonly seasonByDay = new Map<MonthDay, Season | undefined>()
  /** By rental length, which the rules bound. */
  private readonly bandByDays = new Map<number, number | undefined>()
  private routesOffered: RouteFee[] | undefined

  constructor(catalogue: Catalogue) {
    this.catalogue = catalogue
    this.activeDepots = catalogue.depots.filter((depot) => depot.active).sort(byId)
    this.vehicleClasses = [...new Set(catalogue.vehicles.map((v) => v.vehicleClass))].sort()
    this.depotsById = new Map(catalogue.depots.map((depot) => [depot.id, depot]))
    this.vehiclesById = new Map(catalogue.vehicles.map((vehicle) => [vehicle.id, vehicle]))
    this.accessoriesById = new Map(catalogue.accessories.map((item) => [item.id, item]))
    this.plansById = new Map(catalogue.insurancePlans.map((plan) => [plan.id, plan]))
    for (const route of catalogue.routes) {
      let fees = this.routeFees.get(route.fromDepotId)
      if (!fees) {
        fees = new Map()
        this.routeFees.set(route.fromDepotId, fees)
      }
      fees.set(route.toDepotId, route.fee)
    }
  }

  /** An active depot; inactive depots are neither listed nor accepted. */
  activeDepot(id: number): Depot | undefined {
    const depot = this.depotsById.get(id)
    return depot?.active ? depot : undefined
  }

  vehicle(id: number): Vehicle | undefined {
    return this.vehiclesById.get(id)
  }

  /** Vehicles stocked at the depot, in id order. */
  vehiclesStockedAt(depotId: number): Vehicle[] {
    return remember(this.stockedAt, depotId, () =>
      this.catalogue.vehicles.filter((vehicle) => (vehicle.unitsByDepot[depotId] ?? 0) > 0),
    )
  }

  /**
   * Vehicles stocked at the depot that have a rate for the season and rate band, cheapest daily
   * rate first, then by id: the order an availability answer lists them in, worked out once per
   * depot, season and band rather than sorted for every search.
   */
  vehiclesByRate(depotId: number, season: Season, bandIndex: number): RatedVehicles {
    return remember(this.byRate, `${depotId}|${season.id}|${bandIndex}`, () => {
      const rated = this.vehiclesStockedAt(depotId)
        .filter((vehicle) => vehicle.dailyRates[season.id]?.[bandIndex] !== undefined)
        .sort(
          (a, b) =>
            (a.dailyRates[season.id]?.[bandIndex] as Cents) -
              (b.dailyRates[season.id]?.[bandIndex] as Cents) || a.id - b.id,
        )
      return { vehicles: rated, ids: rated.map((vehicle) => vehicle.id) }
    })
  }

  accessory(id: number): Accessory | undefined {
    return this.accessoriesById.get(id)
  }

  insurancePlan(id: number): InsurancePlan | undefined {
    return this.plansById.get(id)
  }

  /** The one-way fee, 0 for a return to the same depot, or undefined when the route is not offered. */
  routeFee(fromDepotId: number, toDepotId: number): Cents | undefined {
    if (fromDepotId === toDepotId) return 0
    return this.routeFees.get(fromDepotId)?.get(toDepotId)
  }

  /**
   * Every route that can be rented between active depots, as routeFee prices it: each depot to
   * itself at no fee, and the one-way routes the fleet lists. By pick-up depot, then drop-off
   * depot, in id order.
   */
  offeredRoutes(): RouteFee[] {
    this.routesOffered ??= this.activeDepots.flatMap((from) =>
      this.activeDepots.flatMap((to) => {
        const fee = this.routeFee(from.id, to.id)
        return fee === undefined ? [] : [{ fromDepotId: from.id, toDepotId: to.id, fee }]
      }),
    )
    return this.routesOffered
  }

  /** The season the date falls in; 29 February falls with 28 February unless a season names it. */
  seasonOf(date: CalendarDate): Season | undefined {
    const monthDay = monthDayOf(date)
    if (this.seasonByDay.has(monthDay)) return this.seasonByDay.get(monthDay)
    const season = this.findSeason(monthDay)
    this.seasonByDay.set(monthDay, season)
    return season
  }

  private findSeason(monthDay: MonthDay): Season | undefined {
    const season = this.catalogue.seasons.find((candidate) => seasonContains(candidate, monthDay))
    if (season || monthDay !== '02-29') return season
    return this.catalogue.seasons.find((candidate) => seasonContains(candidate, '02-28'))
  }

  /** Index of the rate band that holds this rental length. */
  rateBandIndex(rentalDays: number): number | undefined {
    if (this.bandByDays.has(rentalDays)) return this.bandByDays.get(rentalDays)
    const index = this.catalogue.rateBands.findIndex((band) => bandContains(band, rentalDays))
    const found = index === -1 ? undefined : index
    this.bandByDays.set(rentalDays, found)
    return found
  }

  /** Accessories for the vehicle's class; with a pick-up date, only those offered that month. */
  accessoriesFor(vehicle: Vehicle, pickUpDate?: CalendarDate): Accessory[] {
    const month = pickUpDate ? monthOf(pickUpDate) : undefined
    return remember(this.accessoryLists, `${vehicle.id}:${month ?? 'any'}`, () =>
      this.catalogue.accessories
        .filter((item) => fitsClass(item.vehicleClasses, vehicle))
        .filter(
          (item) => month === undefined || item.months === null || item.months.includes(month),
        )
        .sort(byId),
    )
  }

  insurancePlansFor(vehicle: Vehicle): InsurancePlan[] {
    return remember(this.planLists, vehicle.id, () =>
      this.catalogue.insurancePlans
        .filter((plan) => fitsClass(plan.vehicleClasses, vehicle))
        .sort(byId),
    )
  }
}

/** Why a depot cannot hand over a vehicle on a date, or undefined when it can. */
export function depotClosure(
  depot: Depot,
  date: CalendarDate,
  handover: 'pick-up' | 'drop-off',
): string | undefined {
  if (isClosedOn(depot, date)) {
    // A weekly closure is said as one: the next Sunday will be refused too.
    const weekday = weekdayOf(date)
    return depot.weeklyClosures.includes(weekday)
      ? `${depot.name} is closed on ${date} (closed every ${capitalised(weekday)})`
      : `${depot.name} is closed on ${date}`
  }
  const dayType = dayTypeOf(date)
  const times = handover === 'pick-up' ? depot.pickupTimes : depot.dropOffTimes
  if (times[dayType].length === 0) {
    return `${depot.name} has no ${handover} times on a ${dayType} (${date})`
  }
  return undefined
}

/** True when one of the depot's closures, dated, weekly or annual, holds the date. */
export function isClosedOn(depot: Depot, date: CalendarDate): boolean {
  if (depot.closures.some(({ from, to }) => date >= from && date <= to)) return true
  if (depot.weeklyClosures.length > 0 && depot.weeklyClosures.includes(weekdayOf(date))) {
    return true
  }
  if (depot.annualClosures.length === 0) return false
  const monthDay = monthDayOf(date)
  return depot.annualClosures.some((period) => periodContains(period, monthDay))
}

/** True when a period of the season holds the day; a period from 12-15 to 02-28 wraps the new year. */
export function seasonContains(season: Season, monthDay: MonthDay): boolean {
  return season.periods.some((period) => periodContains(period, monthDay))
}

/** `from` to `to` (`MM-DD`, both included), wrapping the new year when `to` comes before `from`. */
function periodContains(
  { from, to }: { from: MonthDay; to: MonthDay },
  monthDay: MonthDay,
): boolean {
  return from <= to ? monthDay >= from && monthDay <= to : monthDay >= from || monthDay <= to
}

function bandContains(band: RateBand, rentalDays: number): boolean {
  return rentalDays >= band.minDays && (band.maxDays === null || rentalDays <= band.maxDays)
}

function fitsClass(vehicleClasses: string[] | null, vehicle: Vehicle): boolean {
  return vehicleClasses === null || vehicleClasses.includes(vehicle.vehicleClass)
}

function remember<K, V>(answers: Map<K, V>, key: K, work: () => V): V {
  let answer = answers.get(key)
  if (answer === undefined) {
    answer = work()
    answers.set(key, answer)
  }
  return answer
}

function byId<T extends { id: number }>(a: T, b: T): number {
  return a.id - b.id
}
