import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { addDays, type CalendarDate } from '../../src/domain/calendar-date.ts'
import { DEMO_FLEET_FILE, SITE_URL } from '../helpers/test-app.ts'
import { PROPERTY_SEED } from '../reliability/property-settings.ts'
import {
  assertBadParameter,
  okBody,
  type Params,
  startApi,
  type TestApi,
  type VehicleBody,
} from './api-client.ts'

/*
 * GET /vehicles/availability/flexible: every pick-up date of a window and every vehicle that can
 * be rented for that many days, the cheapest rental fee plus route fee first, then the earliest
 * date. One request, counted once, whose answer is what availability gives for each date: a
 * property test asks availability date by date over generated searches on two fleets.
 */

type Option = {
  pickUpDate: string
  dropOffDate: string
  vehicleId: number
  name: string
  vehicleClass: string
  rentalDailyRate: number
  rentalDays: number
  rentalFee: number
  routeFee: number
}

/** The rules fleet (test/fixtures/rules-fleet.yaml): the van is sold out at Alpha from 01-20 to 01-25. */
const AT_ALPHA: Params = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  earliest_pick_up_date: '2027-01-13',
  latest_pick_up_date: '2027-01-26',
  rental_days: '5',
}

const cost = (option: Option) => Math.round((option.rentalFee + option.routeFee) * 100)

describe('GET /api/agent/vehicles/availability/flexible', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
  })
  after(() => api.close())

  const flexible = async (params: Params) =>
    okBody<Option[]>(await api.get('/vehicles/availability/flexible', params))

  test('lists each date and vehicle that can be rented, cheapest first, then the earliest date', async () => {
    const options = await flexible({ ...AT_ALPHA, latest_pick_up_date: '2027-01-16' })
    assert.deepEqual(
      options.map((option) => [option.pickUpDate, option.vehicleId, option.rentalFee]),
      [
        // The car at 90.00 a day for 5 days on each date, then the van at 180.00 where it is free.
        ['2027-01-13', 1, 450],
        ['2027-01-14', 1, 450],
        ['2027-01-15', 1, 450],
        ['2027-01-16', 1, 450],
        ['2027-01-13', 2, 900],
        ['2027-01-14', 2, 900],
      ],
    )
    assert.deepEqual(options[0], {
      pickUpDate: '2027-01-13',
      dropOffDate: '2027-01-18',
      vehicleId: 1,
      name: 'Test Car',
      vehicleClass: 'car',
      rentalDailyRate: 90,
      rentalDays: 5,
      rentalFee: 450,
      routeFee: 0,
      totalFromAmount: 450,
    })
  })

  test('gives at most limit options, 50 unless asked, and says in X-Total-Count how many there are', async () => {
    // 31 dates: the car on each, the van on the 28 of February (it has no rate in March).
    const month = {
      ...AT_ALPHA,
      earliest_pick_up_date: '2027-02-01',
      latest_pick_up_date: '2027-03-03',
    }
    const all = await api.get('/vehicles/availability/flexible', month)
    assert.equal(all.headers['x-total-count'], '59')
    assert.equal(okBody<Option[]>(all).length, 50)
    const ten = await api.get('/vehicles/availability/flexible', { ...month, limit: '10' })
    assert.equal(ten.headers['x-total-count'], '59')
    assert.deepEqual(okBody<Option[]>(ten), okBody<Option[]>(all).slice(0, 10))
    assert.equal((await flexible({ ...month, limit: '500' })).length, 59)
  })

  test('narrows as availability does: vehicle_id, vehicle_class, min_seats', async () => {
    const ids = async (params: Params) =>
      [...new Set((await flexible({ ...AT_ALPHA, ...params })).map((o) => o.vehicleId))].sort()
    assert.deepEqual(await ids({}), [1, 2])
    assert.deepEqual(await ids({ vehicle_id: '2' }), [2])
    assert.deepEqual(await ids({ vehicle_class: 'car' }), [1])
    assert.deepEqual(await ids({ vehicle_id: '2', vehicle_class: 'car' }), [])
  })

  test('a one-way route adds its fee to each option and to the order', async () => {
    const options = await flexible({ ...AT_ALPHA, drop_off_depot_id: '2' })
    assert.ok(options.length > 0)
    for (const option of options) assert.equal(option.routeFee, 75.5)
    // Beta takes no drop-off at weekends: no option ends on one.
    for (const option of options) {
      const day = new Date(`${option.dropOffDate}T00:00:00Z`).getUTCDay()
      assert.ok(day !== 0 && day !== 6, `${option.dropOffDate} is a weekend`)
    }
  })

  test('an empty answer links to why each vehicle is left out, for the first date of the window', async () => {
    const response = await api.get('/vehicles/availability/flexible', {
      ...AT_ALPHA,
      pick_up_depot_id: '2',
      drop_off_depot_id: '1',
    })
    assert.equal(okBody<Option[]>(response).length, 0)
    assert.equal(response.headers['x-total-count'], '0')
    const target = /^<([^>]+)>; rel="related"/.exec(String(response.headers.link))?.[1]
    assert.ok(target, `no Link: ${response.headers.link}`)
    const url = new URL(target)
    assert.equal(url.origin, SITE_URL)
    assert.equal(url.pathname, '/api/agent/vehicles/unavailable')
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      pick_up_depot_id: '2',
      drop_off_depot_id: '1',
      pick_up_date: '2027-01-13',
      drop_off_date: '2027-01-18',
    })
    const full = await api.get('/vehicles/availability/flexible', AT_ALPHA)
    assert.equal(full.headers.link, undefined)
  })

  test("an answer empty for a young driver links with the driver's age", async () => {
    const response = await api.get('/vehicles/availability/flexible', {
      ...AT_ALPHA,
      driver_age: '16',
    })
    assert.equal(okBody<Option[]>(response).length, 0)
    const target = /^<([^>]+)>/.exec(String(response.headers.link))?.[1]
    assert.ok(target, `no Link: ${response.headers.link}`)
    assert.equal(new URL(target).searchParams.get('driver_age'), '16')
  })

  test('refuses what cannot be searched with a 400 naming the parameter and what to send', async () => {
    const cases: [Params, string, string, RegExp][] = [
      [
        { ...AT_ALPHA, latest_pick_up_date: '2027-02-13' },
        'invalid_parameter',
        'latest_pick_up_date',
        /holds 32 pick-up dates; send at most 31, so a latest_pick_up_date up to 2027-02-12/,
      ],
      [
        { ...AT_ALPHA, latest_pick_up_date: '2027-01-12' },
        'invalid_parameter',
        'latest_pick_up_date',
        /is before earliest_pick_up_date 2027-01-13/,
      ],
      [
        { ...AT_ALPHA, earliest_pick_up_date: '2027-01-09' },
        'date_in_past',
        'earliest_pick_up_date',
        /send 2027-01-10 or a later date/,
      ],
      [
        { ...AT_ALPHA, earliest_pick_up_date: '2028-07-01', latest_pick_up_date: '2028-07-20' },
        'date_beyond_horizon',
        'latest_pick_up_date',
        /send a date up to 2028-07-11/,
      ],
      [
        { ...AT_ALPHA, earliest_pick_up_date: '2027-02-30' },
        'invalid_date',
        'earliest_pick_up_date',
        /not a calendar date/,
      ],
      [{ ...AT_ALPHA, rental_days: '91' }, 'rental_too_long', 'rental_days', /send at most 90/],
      [{ ...AT_ALPHA, rental_days: '0' }, 'invalid_parameter', 'rental_days', /plain whole/],
      [{ ...AT_ALPHA, rental_days: '05' }, 'invalid_parameter', 'rental_days', /plain whole/],
      [{ ...AT_ALPHA, limit: '0' }, 'invalid_parameter', 'limit', /from 1 to 500/],
      [{ ...AT_ALPHA, limit: '501' }, 'invalid_parameter', 'limit', /from 1 to 500/],
      [{ ...AT_ALPHA, pick_up_depot_id: '3' }, 'unknown_depot', 'pick_up_depot_id', /GET \/depots/],
      [{ ...AT_ALPHA, vehicle_id: '9' }, 'unknown_vehicle', 'vehicle_id', /GET \/vehicles lists/],
      [
        { ...AT_ALPHA, vehicle_class: 'bus' },
        'invalid_parameter',
        'vehicle_class',
        /send one of car, van/,
      ],
      [{ ...AT_ALPHA, rental_days: undefined }, 'missing_parameter', 'rental_days', /required/],
    ]
    for (const [params, code, parameter, says] of cases) {
      const body = assertBadParameter(
        await api.get('/vehicles/availability/flexible', params),
        code,
        parameter,
      )
      assert.match(body.error, says)
    }
  })
})

describe('GET /vehicles/availability/flexible with promo_code (the demo fleet)', () => {
  let api: TestApi
  before(async () => {
    api = await startApi({ fleetFile: DEMO_FLEET_FILE })
  })
  after(() => api.close())
  const WINDOW: Params = {
    pick_up_depot_id: '1',
    drop_off_depot_id: '1',
    earliest_pick_up_date: '2027-02-01',
    latest_pick_up_date: '2027-02-03',
    rental_days: '5',
  }
  type Discounted = Option & { totalFromAmount: number; discountAmount?: number }
  const flexible = async (params: Params) =>
    okBody<Discounted[]>(await api.get('/vehicles/availability/flexible', params))

  test('takes the discount off each option as availability does for that date', async () => {
    // It was ignored: the totals were overstated by the promotion's discount.
    const plain = await flexible(WINDOW)
    const offered = await flexible({ ...WINDOW, promo_code: 'welcome50' })
    assert.equal(offered.length, plain.length)
    for (const option of offered) {
      const before = plain.find(
        (other) => other.pickUpDate === option.pickUpDate && other.vehicleId === option.vehicleId,
      )
      assert.ok(before, JSON.stringify(option))
      assert.equal(option.discountAmount, Math.min(50, option.rentalFee))
      assert.equal(
        Math.round(option.totalFromAmount * 100),
        Math.round((before.totalFromAmount - (option.discountAmount ?? 0)) * 100),
      )
      const listed = okBody<(VehicleBody & { totalFromAmount: number })[]>(
        await api.get('/vehicles/availability', {
          pick_up_depot_id: '1',
          drop_off_depot_id: '1',
          pick_up_date: option.pickUpDate,
          drop_off_date: option.dropOffDate,
          promo_code: 'WELCOME50',
        }),
      ).find((vehicle) => vehicle.vehicleId === option.vehicleId)
      assert.equal(listed?.totalFromAmount, option.totalFromAmount)
    }
  })

  test('a code the rental is too short for gives no discount, not a refused window', async () => {
    const options = await flexible({ ...WINDOW, rental_days: '3', promo_code: 'WELCOME50' })
    assert.ok(options.length > 0)
    for (const option of options) assert.equal(option.discountAmount, 0)
  })

  test('an unknown code is a 400 naming promo_code', async () => {
    assertBadParameter(
      await api.get('/vehicles/availability/flexible', { ...WINDOW, promo_code: 'NOPE99' }),
      'unknown_promotion',
      'promo_code',
    )
  })
})

describe('a flexible search and the rate limit', () => {
  let api: TestApi
  before(async () => {
    api = await startApi({ env: { RATE_LIMIT_MAX: '3' } })
  })
  after(() => api.close())

  test('counts as one request, however many dates it covers', async () => {
    const month = { ...AT_ALPHA, latest_pick_up_date: '2027-02-12' }
    const first = await api.get('/vehicles/availability/flexible', month)
    assert.equal(first.headers['x-ratelimit-remaining'], '2')
    const second = await api.get('/vehicles/availability/flexible', month)
    assert.equal(second.headers['x-ratelimit-remaining'], '1')
    await api.get('/vehicles/availability/flexible', month)
    assert.equal((await api.get('/vehicles/availability/flexible', month)).statusCode, 429)
  })
})

/**
 * Over generated searches: the flexible answer holds, for each date of the window, exactly the
 * vehicles availability lists for that date and the drop-off rental_days later, at the same
 * prices, and its order is the cheapest rental fee plus route fee first, then the earliest date.
 */
for (const [fleet, fleetFile, depots, vehicles, classes] of [
  ['the rules fleet', undefined, 2, 2, ['car', 'van']],
  [
    'the demo fleet',
    DEMO_FLEET_FILE,
    5,
    9,
    ['economy', 'compact', 'suv', 'electric', 'campervan', 'motorhome'],
  ],
] as const) {
  describe(`a flexible search is availability for each date, on ${fleet} (property)`, () => {
    let api: TestApi
    before(async () => {
      api = await startApi(fleetFile ? { fleetFile } : {})
    })
    after(() => api.close())

    test('the same vehicles at the same prices on every date of the window', async () => {
      const filter = fc.oneof(
        fc.constant({}),
        fc.record({ vehicle_class: fc.constantFrom(...classes) }),
        fc.record({ min_seats: fc.integer({ min: 1, max: 8 }).map(String) }),
        fc.record({ vehicle_id: fc.integer({ min: 1, max: vehicles }).map(String) }),
      )
      const search = fc.record({
        pickUp: fc.integer({ min: 1, max: depots }),
        dropOff: fc.integer({ min: 1, max: depots }),
        // From the test clock's today (2027-01-10), across the seasons and a Christmas.
        lead: fc.integer({ min: 0, max: 500 }),
        dates: fc.integer({ min: 1, max: 31 }),
        days: fc.integer({ min: 1, max: 12 }),
        filter,
      })
      await fc.assert(
        fc.asyncProperty(search, async ({ pickUp, dropOff, lead, dates, days, filter }) => {
          const earliest = addDays('2027-01-10' as CalendarDate, lead)
          const where = { pick_up_depot_id: String(pickUp), drop_off_depot_id: String(dropOff) }
          const response = await api.get('/vehicles/availability/flexible', {
            ...where,
            earliest_pick_up_date: earliest,
            latest_pick_up_date: addDays(earliest, dates - 1),
            rental_days: String(days),
            limit: '500',
            ...filter,
          })
          const options = okBody<Option[]>(response)
          assert.equal(response.headers['x-total-count'], String(options.length))
          for (let i = 1; i < options.length; i++) {
            const [a, b] = [options[i - 1] as Option, options[i] as Option]
            const order = cost(a) - cost(b) || a.pickUpDate.localeCompare(b.pickUpDate)
            assert.ok(order < 0 || (order === 0 && a.vehicleId < b.vehicleId), 'out of order')
          }
          for (let offset = 0; offset < dates; offset++) {
            const pickUpDate = addDays(earliest, offset)
            const { vehicle_id: vehicleId, ...filters } = filter as { vehicle_id?: string }
            const available = okBody<VehicleBody[]>(
              await api.get('/vehicles/availability', {
                ...where,
                pick_up_date: pickUpDate,
                drop_off_date: addDays(pickUpDate, days),
                ...filters,
              }),
            )
              .filter(
                (vehicle) => vehicleId === undefined || String(vehicle.vehicleId) === vehicleId,
              )
              .map((vehicle) => ({
                vehicleId: vehicle.vehicleId,
                rentalDailyRate: vehicle.rentalDailyRate,
                rentalDays: vehicle.rentalDays,
                rentalFee: vehicle.rentalFee,
                routeFee: vehicle.routeFee,
              }))
              .sort((a, b) => a.vehicleId - b.vehicleId)
            const onDate = options
              .filter((option) => option.pickUpDate === pickUpDate)
              .map((option) => {
                assert.equal(option.dropOffDate, addDays(pickUpDate, days))
                return {
                  vehicleId: option.vehicleId,
                  rentalDailyRate: option.rentalDailyRate,
                  rentalDays: option.rentalDays,
                  rentalFee: option.rentalFee,
                  routeFee: option.routeFee,
                }
              })
              .sort((a, b) => a.vehicleId - b.vehicleId)
            assert.deepEqual(onDate, available, `on ${pickUpDate}`)
          }
        }),
        { numRuns: 100, seed: PROPERTY_SEED },
      )
    })
  })
}
