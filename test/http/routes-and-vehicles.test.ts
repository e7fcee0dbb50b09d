import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { parse, stringify } from 'yaml'
import { DEMO_FLEET_FILE, RULES_FLEET_FILE, SITE_URL } from '../helpers/test-app.ts'
import {
  API,
  assertBadParameter,
  assertError,
  assertRateLimitHeaders,
  cents,
  okBody,
  type Params,
  type QuoteBody,
  startApi,
  type TestApi,
  url,
  type VehicleBody,
} from './api-client.ts'

/*
 * GET /routes and GET /vehicles, checked against the fleet files themselves (read here with the
 * YAML parser, not through the service): every route a quote accepts and no other, each at the
 * fee a quote charges; every vehicle stocked at an active depot with its facts, depots and
 * minimum days. The client checks every answer against the OpenAPI document too.
 */

type Route = { pickUpDepotId: number; dropOffDepotId: number; routeFee: number }
type SeasonMinimum = {
  season: string
  minimumDays: number
  periods: { from: string; to: string }[]
}
type CatalogueVehicle = {
  vehicleId: number
  name: string
  vehicleClass: string
  imageUrl: string
  seats?: number
  doors?: number
  bags?: number
  transmission?: string
  fuel?: string
  features?: string[]
  minimumDays: SeasonMinimum[]
  depotIds: number[]
}

type FleetFile = {
  seasons: { id: string; name: string; periods: { from: string; to: string }[] }[]
  depots: { id: number; active?: boolean }[]
  vehicles: ({
    id: number
    name: string
    class: string
    image: string
    units: Record<string, number>
    minimum_days?: Record<string, number>
    daily_rates: Record<string, number[]>
  } & Omit<
    CatalogueVehicle,
    'vehicleId' | 'name' | 'vehicleClass' | 'imageUrl' | 'minimumDays' | 'depotIds'
  >)[]
  routes: { from: number; to: number; fee: number }[]
}

const FACTS = ['seats', 'doors', 'bags', 'transmission', 'fuel', 'features'] as const

function readFleet(file: string): FleetFile {
  return parse(readFileSync(file, 'utf8')) as FleetFile
}

function activeDepotIds(fleet: FleetFile): number[] {
  return fleet.depots
    .filter((depot) => depot.active !== false)
    .map((depot) => depot.id)
    .sort((a, b) => a - b)
}

/** What GET /routes should answer, from the file: returns at no fee, then the listed routes. */
function expectedRoutes(fleet: FleetFile): Route[] {
  const active = activeDepotIds(fleet)
  const routes: Route[] = active.map((id) => ({
    pickUpDepotId: id,
    dropOffDepotId: id,
    routeFee: 0,
  }))
  for (const route of fleet.routes) {
    if (active.includes(route.from) && active.includes(route.to)) {
      routes.push({ pickUpDepotId: route.from, dropOffDepotId: route.to, routeFee: route.fee })
    }
  }
  return routes.sort(
    (a, b) => a.pickUpDepotId - b.pickUpDepotId || a.dropOffDepotId - b.dropOffDepotId,
  )
}

/** What GET /vehicles should answer, from the file. */
function expectedVehicles(fleet: FleetFile): CatalogueVehicle[] {
  const active = activeDepotIds(fleet)
  return [...fleet.vehicles]
    .sort((a, b) => a.id - b.id)
    .map((vehicle) => {
      const item: CatalogueVehicle = {
        vehicleId: vehicle.id,
        name: vehicle.name,
        vehicleClass: vehicle.class,
        imageUrl: /^https:/.test(vehicle.image)
          ? vehicle.image
          : `${SITE_URL}/images/vehicles/${vehicle.image}`,
        minimumDays: fleet.seasons
          .filter((season) => vehicle.daily_rates[season.id] !== undefined)
          .map((season) => ({
            season: season.name,
            minimumDays: vehicle.minimum_days?.[season.id] ?? 1,
            periods: season.periods,
          })),
        depotIds: active.filter((id) => (vehicle.units[String(id)] ?? 0) > 0),
      }
      for (const fact of FACTS) {
        if (vehicle[fact] !== undefined) Object.assign(item, { [fact]: vehicle[fact] })
      }
      return item
    })
    .filter((vehicle) => vehicle.depotIds.length > 0)
}

/**
 * The rules fleet with two more vehicles that cannot be picked up anywhere: one stocked only at
 * the inactive depot, one with no unit at all. Neither is listed.
 */
function fleetWithUnrentableVehicles(): string {
  const fleet = readFleet(RULES_FLEET_FILE) as FleetFile & { bookings?: unknown[] }
  const [car] = fleet.vehicles
  assert.ok(car)
  fleet.vehicles.push(
    { ...car, id: 3, name: 'Stored Car', units: { 3: 2 } },
    { ...car, id: 4, name: 'Sold Car', units: { 1: 0 } },
  )
  const file = join(mkdtempSync(join(tmpdir(), 'routes-and-vehicles-')), 'fleet.yaml')
  writeFileSync(file, stringify(fleet))
  return file
}

const FLEETS = [
  {
    name: 'the demo fleet',
    file: DEMO_FLEET_FILE,
    // Monday to Monday in the shoulder season: every depot hands over, every minimum is met.
    dates: { pick_up_date: '2027-03-01', drop_off_date: '2027-03-08' },
  },
  {
    name: 'the rules fleet',
    file: RULES_FLEET_FILE,
    // Wednesday to Monday in the high season, clear of the fleet's bookings and closures.
    dates: { pick_up_date: '2027-01-13', drop_off_date: '2027-01-18' },
  },
  {
    name: 'the rules fleet with vehicles stocked nowhere active',
    file: fleetWithUnrentableVehicles(),
    dates: { pick_up_date: '2027-01-13', drop_off_date: '2027-01-18' },
  },
]

for (const { name, file, dates } of FLEETS) {
  describe(`GET /routes and GET /vehicles on ${name}`, () => {
    const fleet = readFleet(file)
    let api: TestApi
    before(async () => {
      api = await startApi({ fleetFile: file })
    })
    after(async () => {
      await api.close()
    })

    const routes = async (params?: Params) => okBody<Route[]>(await api.get('/routes', params))
    const vehicles = async (params?: Params) =>
      okBody<CatalogueVehicle[]>(await api.get('/vehicles', params))

    /** The quote for a route and a vehicle, at the fleet's dates. */
    const quote = (route: Route, vehicleId: number) =>
      api.get('/quotes', {
        pick_up_depot_id: String(route.pickUpDepotId),
        drop_off_depot_id: String(route.dropOffDepotId),
        ...dates,
        vehicle_id: String(vehicleId),
      })

    test('lists the returns to each active depot at no fee and the one-way routes of the fleet, by pick-up then drop-off depot', async () => {
      const listed = await routes()
      assert.deepEqual(listed, expectedRoutes(fleet))
      const active = activeDepotIds(fleet)
      for (const id of active) {
        assert.ok(
          listed.some((r) => r.pickUpDepotId === id && r.dropOffDepotId === id && r.routeFee === 0),
          `no return to depot ${id} at no fee`,
        )
      }
      for (const route of listed) {
        assert.ok(active.includes(route.pickUpDepotId) && active.includes(route.dropOffDepotId))
      }
    })

    test('every listed route gives a 200 quote for a vehicle stocked at its pick-up depot, with the listed fee', async () => {
      for (const route of await routes()) {
        const stocked = await vehicles({ depot_id: String(route.pickUpDepotId) })
        assert.ok(stocked.length > 0, `nothing is stocked at depot ${route.pickUpDepotId}`)
        let quoted: QuoteBody | undefined
        for (const vehicle of stocked) {
          const response = await quote(route, vehicle.vehicleId)
          if (response.statusCode === 200) {
            quoted = okBody<QuoteBody>(response)
            break
          }
          // The route is offered: a vehicle may be refused for itself, never for the route.
          const refusal = assertError(response, { status: 404, code: response.json().code })
          assert.notEqual(refusal.code, 'route_not_offered', response.body)
        }
        const where = `${route.pickUpDepotId} to ${route.dropOffDepotId}`
        assert.ok(
          quoted,
          `no vehicle stocked at depot ${route.pickUpDepotId} is quoted for ${where}`,
        )
        assert.equal(cents(quoted.priceBreakdown.routeFee), cents(route.routeFee), where)
      }
    })

    test('a pair of active depots that is not listed is not offered: its quote is 404 route_not_offered', async () => {
      const listed = await routes()
      const active = activeDepotIds(fleet)
      let unlisted = 0
      for (const from of active) {
        const [vehicle] = await vehicles({ depot_id: String(from) })
        if (!vehicle) continue
        for (const to of active) {
          if (listed.some((r) => r.pickUpDepotId === from && r.dropOffDepotId === to)) continue
          unlisted++
          const route = { pickUpDepotId: from, dropOffDepotId: to, routeFee: 0 }
          assertError(await quote(route, vehicle.vehicleId), {
            status: 404,
            code: 'route_not_offered',
          })
        }
      }
      assert.ok(unlisted > 0, 'the fleet offers every pair; the test would check nothing')
    })

    test('pick_up_depot_id gives only the routes from that depot, its return included', async () => {
      const all = await routes()
      for (const id of activeDepotIds(fleet)) {
        const from = await routes({ pick_up_depot_id: String(id) })
        assert.deepEqual(
          from,
          all.filter((route) => route.pickUpDepotId === id),
        )
        assert.ok(from.some((route) => route.dropOffDepotId === id))
      }
    })

    test('lists every vehicle stocked at an active depot, with its facts, depots and minimum days per season', async () => {
      const listed = await vehicles()
      assert.deepEqual(listed, expectedVehicles(fleet))
      for (const vehicle of fleet.vehicles) {
        const listable = activeDepotIds(fleet).some((id) => (vehicle.units[String(id)] ?? 0) > 0)
        assert.equal(
          listed.some((item) => item.vehicleId === vehicle.id),
          listable,
          `${vehicle.name} is listed if and only if an active depot stocks it`,
        )
      }
    })

    test('gives each vehicle the image URL availability gives it', async () => {
      const listed = await vehicles()
      for (const depotId of activeDepotIds(fleet)) {
        const available = okBody<VehicleBody[]>(
          await api.get('/vehicles/availability', {
            pick_up_depot_id: String(depotId),
            drop_off_depot_id: String(depotId),
            ...dates,
          }),
        )
        for (const vehicle of available) {
          const item = listed.find((candidate) => candidate.vehicleId === vehicle.vehicleId)
          assert.equal(item?.imageUrl, vehicle.imageUrl, `vehicle ${vehicle.vehicleId}`)
          assert.ok(item?.depotIds.includes(depotId))
        }
      }
    })

    test('depot_id, vehicle_class and min_seats narrow the list as availability narrows it', async () => {
      const all = expectedVehicles(fleet)
      for (const depotId of activeDepotIds(fleet)) {
        assert.deepEqual(
          await vehicles({ depot_id: String(depotId) }),
          all.filter((vehicle) => vehicle.depotIds.includes(depotId)),
          `depot_id ${depotId}`,
        )
      }
      for (const vehicleClass of new Set(all.map((vehicle) => vehicle.vehicleClass))) {
        const listed = await vehicles({ vehicle_class: vehicleClass })
        assert.deepEqual(
          listed,
          all.filter((vehicle) => vehicle.vehicleClass === vehicleClass),
        )
        assert.ok(listed.length > 0)
      }
      for (const seats of ['1', '5', '7', '99']) {
        assert.deepEqual(
          await vehicles({ min_seats: seats }),
          all.filter((vehicle) => (vehicle.seats ?? 0) >= Number(seats)),
          `min_seats ${seats}`,
        )
      }
      const [first] = all
      assert.ok(first)
      assert.deepEqual(
        await vehicles({
          vehicle_class: first.vehicleClass,
          depot_id: String(first.depotIds[0]),
        }),
        all.filter(
          (vehicle) =>
            vehicle.vehicleClass === first.vehicleClass &&
            vehicle.depotIds.includes(first.depotIds[0] as number),
        ),
      )
    })
  })
}

describe('GET /routes and GET /vehicles: what the rules fleet shows', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
  })
  after(async () => {
    await api.close()
  })

  test('fees are NZD dollars, not cents: Alpha to Beta is 75.50', async () => {
    assert.deepEqual(okBody<Route[]>(await api.get('/routes')), [
      { pickUpDepotId: 1, dropOffDepotId: 1, routeFee: 0 },
      { pickUpDepotId: 1, dropOffDepotId: 2, routeFee: 75.5 },
      { pickUpDepotId: 2, dropOffDepotId: 2, routeFee: 0 },
    ])
  })

  test('a vehicle gives the minimum days of the seasons it is rented in, 1 unless the fleet says more', async () => {
    const [car, van] = okBody<CatalogueVehicle[]>(await api.get('/vehicles'))
    assert.deepEqual(
      car?.minimumDays.map(({ season, minimumDays }) => [season, minimumDays]),
      [
        ['High', 3],
        ['Low', 1],
      ],
    )
    // The van has no low-season rate: it is not rented then.
    assert.deepEqual(
      van?.minimumDays.map(({ season, minimumDays }) => [season, minimumDays]),
      [['High', 1]],
    )
    assert.deepEqual(car?.minimumDays[0]?.periods, [{ from: '12-01', to: '02-28' }])
    assert.deepEqual(car?.depotIds, [1, 2])
    assert.deepEqual(van?.depotIds, [1])
    assert.equal(van?.imageUrl, 'https://images.example.com/van.png')
  })

  test('carries the rate-limit headers, on answers and refusals alike', async () => {
    for (const target of [
      url('/routes'),
      url('/vehicles'),
      url('/routes', { pick_up_depot_id: '99' }),
      url('/vehicles', { depot_id: 'x' }),
    ]) {
      assertRateLimitHeaders(await api.request(target))
    }
  })

  const badIds = [
    { value: '0', code: 'invalid_parameter' },
    { value: '07', code: 'invalid_parameter' },
    { value: '1.5', code: 'invalid_parameter' },
    { value: '1e1', code: 'invalid_parameter' },
    { value: ' 1', code: 'invalid_parameter' },
    { value: 'abc', code: 'invalid_parameter' },
    { value: '', code: 'invalid_parameter' },
    { value: '99', code: 'unknown_depot' },
    // Gamma is in the fleet but not active: not a depot for any search.
    { value: '3', code: 'unknown_depot' },
  ]
  for (const [path, parameter] of [
    ['/routes', 'pick_up_depot_id'],
    ['/vehicles', 'depot_id'],
  ] as const) {
    for (const { value, code } of badIds) {
      test(`GET ${path}?${parameter}=${JSON.stringify(value)} is a 400 ${code} naming ${parameter}`, async () => {
        const body = assertBadParameter(
          await api.get(path, { [parameter]: value }),
          code,
          parameter,
        )
        assert.match(body.error, /depot/)
        assert.match(body.error, /GET \/depots/)
      })
    }

    test(`GET ${path} with ${parameter} twice is a 400 duplicated_parameter`, async () => {
      assertBadParameter(
        await api.get(path, { [parameter]: ['1', '2'] }),
        'duplicated_parameter',
        parameter,
      )
    })
  }

  test('GET /routes?pick_up_depot_id=99 is refused as availability refuses that depot', async () => {
    const routes = await api.get('/routes', { pick_up_depot_id: '99' })
    const availability = await api.get('/vehicles/availability', {
      pick_up_depot_id: '99',
      drop_off_depot_id: '1',
      pick_up_date: '2027-01-13',
      drop_off_date: '2027-01-18',
    })
    assert.equal(routes.statusCode, availability.statusCode)
    assert.deepEqual(routes.json(), availability.json())
  })

  for (const { params, parameter, code } of [
    { params: { min_seats: '0' }, parameter: 'min_seats', code: 'invalid_parameter' },
    { params: { min_seats: '100' }, parameter: 'min_seats', code: 'invalid_parameter' },
    { params: { min_seats: '07' }, parameter: 'min_seats', code: 'invalid_parameter' },
    {
      params: { vehicle_class: 'limousine' },
      parameter: 'vehicle_class',
      code: 'invalid_parameter',
    },
  ]) {
    test(`GET /vehicles with ${JSON.stringify(params)} is a 400 ${code} naming ${parameter}`, async () => {
      assertBadParameter(await api.get('/vehicles', params), code, parameter)
    })
  }

  test('an unknown class lists the classes there are', async () => {
    const body = assertBadParameter(
      await api.get('/vehicles', { vehicle_class: 'limousine' }),
      'invalid_parameter',
      'vehicle_class',
    )
    assert.match(body.error, /send one of car, van$/)
  })

  test('unknown parameters are ignored, as elsewhere', async () => {
    assert.deepEqual(
      okBody(await api.get('/routes', { colour: 'red' })),
      okBody(await api.get('/routes')),
    )
  })

  test('an oversized query string is refused before any parameter is read', async () => {
    const response = await api.request(`${API}/vehicles?pad=${'x'.repeat(2100)}`)
    assertError(response, { status: 400, code: 'invalid_parameter', parameter: 'query' })
  })
})

describe('GET /routes and GET /vehicles count against the rate limit', () => {
  let api: TestApi
  before(async () => {
    api = await startApi({ env: { RATE_LIMIT_MAX: '2' } })
  })
  after(async () => {
    await api.close()
  })

  test('the third request in the window is a plain-text 429 with Retry-After', async () => {
    assert.equal((await api.get('/routes')).statusCode, 200)
    assert.equal((await api.get('/vehicles')).statusCode, 200)
    const refused = await api.get('/routes')
    assert.equal(refused.statusCode, 429)
    assert.match(String(refused.headers['content-type']), /^text\/plain\b/)
    assert.match(String(refused.headers['retry-after']), /^\d+$/)
  })
})
