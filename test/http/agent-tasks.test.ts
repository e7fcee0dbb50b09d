import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, test } from 'node:test'
import { addDays, type CalendarDate } from '../../src/domain/calendar-date.ts'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import {
  cents,
  type DepotBody,
  okBody,
  type Params,
  type Response,
  startApi,
  type TestApi,
  type VehicleBody,
} from './api-client.ts'

/*
 * The questions agents ask most, each answered right in at most two calls after reading
 * /llms.txt, on the demo company (the clock is Sunday 2027-01-10 in Auckland). The agent's calls
 * are counted; what the test asks besides, to check the answer, is not.
 */

type Option = {
  pickUpDate: string
  dropOffDate: string
  vehicleId: number
  name: string
  rentalFee: number
  routeFee: number
  totalFromAmount: number
}
type Route = { pickUpDepotId: number; dropOffDepotId: number; routeFee: number }
type Unavailable = {
  vehicleId: number
  name: string
  vehicleClass: string
  code: string
  reason: string
  suggestion: Record<string, string | number> | null
}
type CatalogueVehicle = { vehicleId: number; name: string; seats?: number; depotIds: number[] }

/** An agent that has read /llms.txt and calls the API, counting its calls. */
class Agent {
  calls = 0
  llms = ''
  private readonly api: TestApi
  constructor(api: TestApi) {
    this.api = api
  }

  async readDocs(): Promise<void> {
    const response = await this.api.app.inject('/llms.txt')
    assert.equal(response.statusCode, 200)
    this.llms = response.body
  }

  /** What /llms.txt says the endpoint is for; the agent finds it there, not by trial. */
  learns(endpoint: string, ...parameters: string[]): void {
    const line = this.llms.split('\n').find((text) => text.startsWith(`- \`GET ${endpoint}\``))
    assert.ok(line, `/llms.txt does not list GET ${endpoint}`)
    for (const name of parameters) {
      assert.ok(this.llms.includes(`\`${name}\``), `/llms.txt does not explain ${name}`)
    }
  }

  async get(path: string, params?: Params): Promise<Response> {
    this.calls += 1
    return this.api.get(path, params)
  }

  /** A link an answer gave, followed as it is. */
  async follow(link: string): Promise<Response> {
    this.calls += 1
    const url = new URL(/^<([^>]+)>/.exec(link)?.[1] ?? '')
    return this.api.request(`${url.pathname}${url.search}`)
  }
}

describe('agent tasks over HTTP, at most two calls each after reading /llms.txt', () => {
  let api: TestApi
  let agent: Agent
  before(async () => {
    api = await startApi({ fleetFile: DEMO_FLEET_FILE })
  })
  after(() => api.close())
  // A fresh agent per task, each having read the documents.
  beforeEach(async () => {
    agent = new Agent(api)
    await agent.readDocs()
  })

  test('the cheapest vehicle for any 5 days picked up in a 2-week window from Auckland Airport', async () => {
    agent.learns(
      '/vehicles/availability/flexible',
      'earliest_pick_up_date',
      'latest_pick_up_date',
      'rental_days',
    )
    const window = { earliest: '2027-02-01' as CalendarDate, dates: 14 }
    const [cheapest] = okBody<Option[]>(
      await agent.get('/vehicles/availability/flexible', {
        pick_up_depot_id: '1',
        drop_off_depot_id: '1',
        earliest_pick_up_date: window.earliest,
        latest_pick_up_date: addDays(window.earliest, window.dates - 1),
        rental_days: '5',
        limit: '1',
      }),
    )
    assert.equal(agent.calls, 1)
    assert.ok(cheapest)

    // The answer is right: no date of the window has anything cheaper, and it can be quoted.
    let best = Number.POSITIVE_INFINITY
    for (let offset = 0; offset < window.dates; offset++) {
      const pickUpDate = addDays(window.earliest, offset)
      const vehicles = okBody<VehicleBody[]>(
        await api.get('/vehicles/availability', {
          pick_up_depot_id: '1',
          drop_off_depot_id: '1',
          pick_up_date: pickUpDate,
          drop_off_date: addDays(pickUpDate, 5),
        }),
      )
      for (const vehicle of vehicles) {
        best = Math.min(best, cents(vehicle.rentalFee ?? 0) + cents(vehicle.routeFee ?? 0))
      }
    }
    assert.equal(cents(cheapest.rentalFee) + cents(cheapest.routeFee), best)
    const quote = await api.get('/quotes', {
      pick_up_depot_id: '1',
      drop_off_depot_id: '1',
      pick_up_date: cheapest.pickUpDate,
      drop_off_date: cheapest.dropOffDate,
      vehicle_id: String(cheapest.vehicleId),
    })
    // The quote adds the surcharges that apply (Auckland Airport's concession fee), as the
    // option's totalFromAmount already does.
    assert.equal(
      cents(okBody<{ totalAmount: number }>(quote).totalAmount),
      cents(cheapest.totalFromAmount),
    )
  })

  test('why the campervan is missing for a 2-day weekend, and the earliest drop-off that works', async () => {
    agent.learns('/vehicles/availability')
    agent.learns('/vehicles/unavailable')
    assert.match(agent.llms, /empty availability answer carries a `Link` header/)
    // Friday 5 March to Sunday 7 March 2027, from Auckland Airport.
    const weekend = {
      pick_up_depot_id: '1',
      drop_off_depot_id: '1',
      pick_up_date: '2027-03-05',
      drop_off_date: '2027-03-07',
    }
    const available = await agent.get('/vehicles/availability', {
      ...weekend,
      vehicle_class: 'campervan',
    })
    assert.deepEqual(okBody<VehicleBody[]>(available), [])
    const left = okBody<Unavailable[]>(await agent.follow(String(available.headers.link)))
    const campervan = left.find((vehicle) => vehicle.vehicleClass === 'campervan')
    assert.equal(agent.calls, 2)
    assert.ok(campervan, 'the listing names the campervan')
    assert.equal(campervan.code, 'below_minimum_days')
    assert.match(campervan.reason, /at least 3 days in the Shoulder season; this rental is 2 days/)
    assert.deepEqual(campervan.suggestion, { drop_off_date: '2027-03-08' })
    assert.match(campervan.reason, /the earliest drop-off date that works is 2027-03-08/)

    // Right: that drop-off gives a quote, and the day before does not.
    const quote = (dropOff: string) =>
      api.get('/quotes', { ...weekend, drop_off_date: dropOff, vehicle_id: '7' })
    assert.equal((await quote('2027-03-08')).statusCode, 200)
    assert.equal((await quote('2027-03-07')).statusCode, 404)
  })

  test('which depots a one-way rental from Auckland Airport may end at, and for how much', async () => {
    agent.learns('/depots')
    agent.learns('/routes', 'pick_up_depot_id')
    const depots = okBody<DepotBody[]>(await agent.get('/depots'))
    const airport = depots.find((depot) => depot.name === 'Auckland Airport')
    assert.ok(airport)
    const routes = okBody<Route[]>(
      await agent.get('/routes', { pick_up_depot_id: String(airport.id) }),
    )
    assert.equal(agent.calls, 2)
    const ends = routes
      .filter((route) => route.dropOffDepotId !== airport.id)
      .map((route) => [
        depots.find((depot) => depot.id === route.dropOffDepotId)?.name,
        route.routeFee,
      ])
    assert.deepEqual(ends, [
      ['Auckland City', 0],
      ['Wellington Airport', 150],
      ['Christchurch Airport', 295],
      ['Queenstown', 395],
    ])

    // Right: a quote to each depot charges that fee, and the depots not listed are not offered.
    for (const depot of depots) {
      const response = await api.get('/quotes', {
        pick_up_depot_id: String(airport.id),
        drop_off_depot_id: String(depot.id),
        pick_up_date: '2027-03-01',
        drop_off_date: '2027-03-08',
        vehicle_id: '2',
      })
      const route = routes.find((candidate) => candidate.dropOffDepotId === depot.id)
      if (route) {
        const { priceBreakdown } = okBody<{ priceBreakdown: { routeFee: number } }>(response)
        assert.equal(priceBreakdown.routeFee, route.routeFee, depot.name)
      } else {
        assert.equal(response.statusCode, 404, depot.name)
        assert.equal(response.json<{ code: string }>().code, 'route_not_offered')
      }
    }
  })

  test('the 7-seaters stocked at Christchurch Airport', async () => {
    agent.learns('/depots')
    agent.learns('/vehicles', 'min_seats', 'depot_id')
    const depots = okBody<DepotBody[]>(await agent.get('/depots'))
    const christchurch = depots.find((depot) => depot.name === 'Christchurch Airport')
    assert.ok(christchurch)
    const sevenSeaters = okBody<CatalogueVehicle[]>(
      await agent.get('/vehicles', { min_seats: '7', depot_id: String(christchurch.id) }),
    )
    assert.equal(agent.calls, 2)
    assert.deepEqual(
      sevenSeaters.map((vehicle) => vehicle.name),
      ['Hyundai Santa Fe 7-seater or similar'],
    )

    // Right: of the whole catalogue, exactly those seat 7 or more and are stocked there.
    const all = okBody<CatalogueVehicle[]>(await api.get('/vehicles'))
    assert.deepEqual(
      sevenSeaters.map((vehicle) => vehicle.vehicleId),
      all
        .filter((vehicle) => (vehicle.seats ?? 0) >= 7)
        .filter((vehicle) => vehicle.depotIds.includes(christchurch.id))
        .map((vehicle) => vehicle.vehicleId),
    )
  })
})
