import fc from 'fast-check'
import { addDays, type CalendarDate, type MonthDay } from '../../src/domain/calendar-date.ts'
import {
  type Accessory,
  type Catalogue,
  type Depot,
  type InsurancePlan,
  NO_AFTER_HOURS,
  type RateBand,
  type Season,
  type Vehicle,
} from '../../src/domain/catalogue.ts'
import { CatalogueIndex } from '../../src/domain/catalogue-index.ts'
import { companyNamed } from '../../src/domain/company.ts'
import { defaultCompanyTerms } from '../../src/domain/company-terms.ts'
import type { QuoteRequest } from '../../src/verbs/price-quote.ts'

/*
 * Generated fleets and rentals for the pricing invariants: any number of depots, seasons, rate
 * bands, vehicles, routes, accessories and insurance plans with any prices, caps and limits the
 * fleet file allows (whole cents, caps that may be below one day's price, options limited to
 * classes and months), and rentals over them, mostly sensible and sometimes not.
 */

const CLASSES = ['economy', 'suv', 'campervan'] as const
const TODAY = '2027-01-10' as CalendarDate

const cents = (max: number) => fc.integer({ min: 0, max })
const EVERY_TIME = (): Depot['pickupTimes'] => ({ weekday: ['09:00'], weekend: ['10:00'] })
const WEEKDAYS_ONLY = (): Depot['pickupTimes'] => ({ weekday: ['09:00'], weekend: [] })

function depot(id: number): fc.Arbitrary<Depot> {
  return fc.record({
    id: fc.constant(id),
    name: fc.constant(`Depot ${id}`),
    // Depot 1 is always active, so that every fleet has somewhere to rent from.
    active:
      id === 1
        ? fc.constant(true)
        : fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, fc.constant(false)),
    openingHoursDescription: fc.constant('Every day'),
    address: fc.constant(null),
    latitude: fc.constant(null),
    longitude: fc.constant(null),
    phone: fc.constant(null),
    directions: fc.constant(null),
    email: fc.constant(null),
    afterHours: fc.constant(NO_AFTER_HOURS),
    pickupTimes: fc.oneof(
      { weight: 5, arbitrary: fc.constant(null).map(EVERY_TIME) },
      fc.constant(null).map(WEEKDAYS_ONLY),
    ),
    dropOffTimes: fc.constant(null).map(EVERY_TIME),
    annualClosures: fc.constantFrom<Depot['annualClosures']>([], [{ from: '12-25', to: '12-25' }]),
    closures: fc.constant<Depot['closures']>([]),
    weeklyClosures: fc.constantFrom<Depot['weeklyClosures']>([], [], ['sunday']),
  })
}

/** One season all year, or two split at a day of the year (the second may wrap the new year). */
const seasons: fc.Arbitrary<Season[]> = fc.oneof(
  fc.constant(null).map((): Season[] => [
    {
      id: 'all',
      name: 'All year',
      periods: [{ from: '01-01' as MonthDay, to: '12-31' as MonthDay }],
    },
  ]),
  fc.integer({ min: 2, max: 11 }).map((month) => {
    const split = `${String(month).padStart(2, '0')}-01` as MonthDay
    const before = `${String(month - 1).padStart(2, '0')}-28` as MonthDay
    return [
      { id: 'high', name: 'High', periods: [{ from: split, to: '12-31' as MonthDay }] },
      { id: 'low', name: 'Low', periods: [{ from: '01-01' as MonthDay, to: before }] },
    ]
  }),
)

/** Contiguous bands from 1 day: 1-a, a+1-b, ..., the last without an upper bound. */
const rateBands: fc.Arbitrary<RateBand[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 3 })
  .map((cuts) => {
    const bands: RateBand[] = []
    let min = 1
    for (const cut of [...cuts].sort((a, b) => a - b)) {
      bands.push({ minDays: min, maxDays: cut })
      min = cut + 1
    }
    bands.push({ minDays: min, maxDays: null })
    return bands
  })

function vehicle(
  id: number,
  depotIds: number[],
  seasonIds: string[],
  bands: number,
): fc.Arbitrary<Vehicle> {
  return fc.record({
    id: fc.constant(id),
    name: fc.constant(`Vehicle ${id}`),
    vehicleClass: fc.constantFrom(...CLASSES),
    image: fc.constant('economy.svg'),
    unitsByDepot: fc
      .tuple(...depotIds.map(() => fc.integer({ min: 0, max: 3 })))
      .map((units) => Object.fromEntries(depotIds.map((depotId, at) => [depotId, units[at]]))),
    minimumDays: fc
      .tuple(...seasonIds.map(() => fc.integer({ min: 1, max: 5 })))
      .map((days) => Object.fromEntries(seasonIds.map((season, at) => [season, days[at]]))),
    dailyRates: fc
      .tuple(
        ...seasonIds.map(() => fc.array(cents(100_000), { minLength: bands, maxLength: bands })),
      )
      .map((rates) => Object.fromEntries(seasonIds.map((season, at) => [season, rates[at]]))),
    facts: fc.constant({}),
  }) as fc.Arbitrary<Vehicle>
}

const chargeRule = fc.record({
  price: cents(30_000),
  per: fc.constantFrom('day' as const, 'rental' as const),
  maxCharge: fc.option(cents(60_000), { nil: null }),
})

const classes = fc.option(fc.subarray([...CLASSES], { minLength: 1 }), { nil: null })

function accessory(id: number): fc.Arbitrary<Accessory> {
  return fc
    .record({
      rule: chargeRule,
      maxQuantity: fc.integer({ min: 1, max: 5 }),
      vehicleClasses: classes,
      months: fc.option(fc.subarray([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], { minLength: 1 }), {
        nil: null,
      }),
    })
    .map(({ rule, ...rest }) => ({ id, name: `Accessory ${id}`, ...rule, ...rest }))
}

function insurancePlan(id: number): fc.Arbitrary<InsurancePlan> {
  return fc
    .record({ rule: chargeRule, excess: cents(500_000), vehicleClasses: classes })
    .map(({ rule, ...rest }) => ({
      id,
      name: `Plan ${id}`,
      description: 'Cover',
      bond: null,
      ...rule,
      ...rest,
    }))
}

const ids = (count: number) => Array.from({ length: count }, (_, at) => at + 1)

/** A whole catalogue: 1-4 depots, 1-5 vehicles, 0-6 accessories, 0-4 plans, some routes. */
export const generatedCatalogue: fc.Arbitrary<Catalogue> = fc
  .record({
    depotCount: fc.integer({ min: 1, max: 4 }),
    vehicleCount: fc.integer({ min: 1, max: 5 }),
    accessoryCount: fc.integer({ min: 0, max: 6 }),
    planCount: fc.integer({ min: 0, max: 4 }),
    seasons,
    rateBands,
  })
  .chain(({ depotCount, vehicleCount, accessoryCount, planCount, seasons, rateBands }) => {
    const depotIds = ids(depotCount)
    const seasonIds = seasons.map((season) => season.id)
    const pairs = depotIds.flatMap((from) =>
      depotIds.filter((to) => to !== from).map((to) => ({ from, to })),
    )
    return fc.record({
      company: fc.constant(companyNamed('Generated Rentals')),
      depots: fc.tuple(...depotIds.map(depot)),
      vehicles: fc.tuple(
        ...ids(vehicleCount).map((id) => vehicle(id, depotIds, seasonIds, rateBands.length)),
      ),
      seasons: fc.constant(seasons),
      rateBands: fc.constant(rateBands),
      routes: fc
        .tuple(...pairs.map(() => fc.option(cents(50_000), { nil: null })))
        .map((fees) =>
          pairs.flatMap(({ from, to }, at) =>
            fees[at] === null || fees[at] === undefined
              ? []
              : [{ fromDepotId: from, toDepotId: to, fee: fees[at] as number }],
          ),
        ),
      accessories: fc.tuple(...ids(accessoryCount).map(accessory)),
      insurancePlans: fc.tuple(...ids(planCount).map(insurancePlan)),
      terms: fc.constant(defaultCompanyTerms()),
    }) satisfies fc.Arbitrary<Catalogue>
  })

/**
 * A rental over a catalogue: mostly what a person would choose (active depots, the vehicle's
 * own options within their limits), sometimes ids the fleet does not have or offer.
 */
export function generatedRental(catalogue: Catalogue): fc.Arbitrary<QuoteRequest> {
  const index = new CatalogueIndex(catalogue)
  const active = index.activeDepots.map((depot) => depot.id)
  const anyDepot = fc.integer({ min: 1, max: catalogue.depots.length })
  const depotId =
    active.length === 0
      ? anyDepot
      : fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...active) }, anyDepot)
  return fc
    .record({
      pickUpDepotId: depotId,
      dropOffDepotId: depotId,
      start: fc.integer({ min: 0, max: 540 }),
      days: fc.integer({ min: 0, max: 90 }),
      vehicleId: fc.integer({ min: 1, max: catalogue.vehicles.length }),
    })
    .chain(({ start, days, ...rest }) => {
      const pickUpDate = addDays(TODAY, start)
      const vehicle = index.vehicle(rest.vehicleId) as Vehicle
      const offered = index.accessoriesFor(vehicle, pickUpDate)
      const plans = index.insurancePlansFor(vehicle).map((plan) => plan.id)
      const chosen = fc
        .subarray(offered)
        .chain((items) =>
          fc
            .tuple(...items.map((item) => fc.integer({ min: 1, max: item.maxQuantity })))
            .map((quantities) => items.flatMap((item, at) => Array(quantities[at]).fill(item.id))),
        )
      const anyIds = fc.array(fc.integer({ min: 1, max: catalogue.accessories.length + 1 }), {
        maxLength: 6,
      })
      const plan = fc.oneof(
        { weight: 2, arbitrary: fc.constant(undefined) },
        ...(plans.length > 0 ? [{ weight: 6, arbitrary: fc.constantFrom(...plans) }] : []),
        { weight: 1, arbitrary: fc.integer({ min: 1, max: catalogue.insurancePlans.length + 1 }) },
      )
      return fc
        .record({
          accessories: fc.oneof({ weight: 9, arbitrary: chosen }, anyIds),
          insuranceId: plan,
        })
        .map(({ accessories, insuranceId }) => ({
          ...rest,
          pickUpDate,
          dropOffDate: addDays(pickUpDate, days),
          accessoryIds: accessories.join(','),
          insuranceId,
        }))
    })
}
