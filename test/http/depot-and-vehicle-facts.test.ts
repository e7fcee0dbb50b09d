import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import {
  API,
  assertBadParameter,
  type DepotBody,
  okBody,
  type Params,
  startApi,
  type TestApi,
  url,
  type VehicleBody,
} from './api-client.ts'

/*
 * Beyond the contract's fields, the demo company's depots say where they are and its vehicles what
 * they are like; availability can be narrowed to enough seats or one class. Every answer is also
 * checked against the OpenAPI document by the client.
 */

type Facts = {
  seats?: number
  doors?: number
  bags?: number
  transmission?: string
  fuel?: string
  features?: string[]
}
type Depot = DepotBody & {
  address?: string
  latitude?: number
  longitude?: number
  phone?: string
  directions?: string
}

/** Auckland Airport, return, a week in March 2027 (the clock is 2027-01-10). */
const WEEK: Params = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-03-01',
  drop_off_date: '2027-03-08',
}

describe('GET /depots adds where each depot is, when the company says', () => {
  let api: TestApi
  let depots: Depot[]
  before(async () => {
    api = await startApi({ fleetFile: DEMO_FLEET_FILE })
    depots = okBody<Depot[]>(await api.request(`${API}/depots`))
  })
  after(() => api.close())

  test('Auckland Airport has its address, coordinates, phone and directions', () => {
    const airport = depots.find((depot) => depot.id === 1)
    assert.deepEqual(
      {
        address: airport?.address,
        latitude: airport?.latitude,
        longitude: airport?.longitude,
        phone: airport?.phone,
        directions: airport?.directions,
      },
      {
        address: '4 Ray Emery Drive, Auckland Airport, Auckland 2022',
        latitude: -37.00822,
        longitude: 174.78497,
        phone: '+64 9 555 0101',
        directions: 'Free shuttle from both terminals every 10 minutes, from the rental car stop.',
      },
    )
  })

  test("the contract's fields come first and keep their shape; nothing internal is added", () => {
    for (const depot of depots) {
      assert.deepEqual(Object.keys(depot).slice(0, 5), [
        'id',
        'name',
        'pickup_times',
        'drop_off_times',
        'opening_hours_description',
      ])
      assert.equal('email' in depot, false, 'a depot notice address is not published')
    }
  })

  test('a depot the company gives no facts for has none of the fields', async () => {
    const rules = await startApi()
    try {
      const [alpha] = okBody<Depot[]>(await rules.request(`${API}/depots`))
      assert.deepEqual(Object.keys(alpha ?? {}), [
        'id',
        'name',
        'pickup_times',
        'drop_off_times',
        'opening_hours_description',
      ])
    } finally {
      await rules.close()
    }
  })
})

describe('availability adds what each vehicle is like, and takes min_seats and vehicle_class', () => {
  let api: TestApi
  before(async () => {
    api = await startApi({ fleetFile: DEMO_FLEET_FILE })
  })
  after(() => api.close())

  const available = async (params: Params) =>
    okBody<(VehicleBody & Facts & { vehicleClass: string })[]>(
      await api.request(url(`/vehicles/availability`, { ...WEEK, ...params })),
    )

  test('each vehicle carries its seats, doors, bags, transmission, fuel and features', async () => {
    const santaFe = (await available({})).find((vehicle) => vehicle.vehicleId === 4)
    assert.ok(santaFe)
    assert.deepEqual(
      {
        seats: santaFe.seats,
        doors: santaFe.doors,
        bags: santaFe.bags,
        transmission: santaFe.transmission,
        fuel: santaFe.fuel,
        features: santaFe.features,
      },
      {
        seats: 7,
        doors: 5,
        bags: 2,
        transmission: 'automatic',
        fuel: 'diesel',
        features: ['all-wheel drive', 'third row of seats', 'Apple CarPlay'],
      },
    )
  })

  const filters: { asked: Params; ids: number[]; why: string }[] = [
    { asked: { min_seats: '7' }, ids: [4], why: 'the 7-seater only' },
    {
      asked: { min_seats: '5' },
      ids: [1, 2, 5, 3, 6, 4],
      why: 'the cars, not the 2- and 4-berths',
    },
    { asked: { vehicle_class: 'motorhome' }, ids: [8], why: 'the one motorhome stocked there' },
    { asked: { vehicle_class: 'Motorhome' }, ids: [8], why: 'a class in any case' },
    { asked: { vehicle_class: 'suv', min_seats: '6' }, ids: [4], why: 'both filters at once' },
    { asked: { vehicle_class: 'campervan', min_seats: '3' }, ids: [], why: 'none meets both' },
    { asked: { min_seats: '99' }, ids: [], why: 'more seats than any vehicle' },
  ]
  for (const { asked, ids, why } of filters) {
    test(`${new URLSearchParams(asked as Record<string, string>)} lists ${ids.join(', ') || 'nothing'} (${why})`, async () => {
      assert.deepEqual(
        (await available(asked)).map((vehicle) => vehicle.vehicleId),
        ids,
      )
    })
  }

  const refusals = [
    { asked: { min_seats: '0' }, parameter: 'min_seats', says: 'a number of seats from 1 to 99' },
    { asked: { min_seats: '100' }, parameter: 'min_seats', says: 'a number of seats from 1 to 99' },
    {
      asked: { min_seats: 'seven' },
      parameter: 'min_seats',
      says: 'min_seats "seven" is not valid',
    },
    { asked: { min_seats: '07' }, parameter: 'min_seats', says: 'min_seats "07" is not valid' },
    {
      asked: { vehicle_class: 'limousine' },
      parameter: 'vehicle_class',
      says: 'vehicle_class "limousine" is not a class of this fleet; send one of campervan, compact, economy, electric, motorhome, suv',
    },
    {
      asked: { vehicle_class: 'x'.repeat(41) },
      parameter: 'vehicle_class',
      says: 'vehicle_class is too long',
    },
  ]
  for (const { asked, parameter, says } of refusals) {
    test(`${JSON.stringify(asked)} is a 400 naming ${parameter}`, async () => {
      const response = await api.request(url(`/vehicles/availability`, { ...WEEK, ...asked }))
      const body = assertBadParameter(response, 'invalid_parameter', parameter)
      assert.ok(body.error.includes(says), body.error)
    })
  }

  test('the filters are in the OpenAPI document, min_seats typed as an integer', async () => {
    const document = okBody<{ paths: Record<string, { get: { parameters: Params[] } }> }>(
      await api.request('/openapi.json'),
    )
    const parameters = document.paths['/vehicles/availability']?.get.parameters ?? []
    const byName = new Map(parameters.map((parameter) => [parameter.name, parameter]))
    assert.deepEqual((byName.get('min_seats') as { schema: unknown }).schema, {
      type: 'integer',
      minimum: 1,
      maximum: 99,
    })
    assert.equal((byName.get('vehicle_class') as unknown as { required: boolean }).required, false)
  })
})
