import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { addDays, type CalendarDate } from '../../src/domain/calendar-date.ts'
import { DEMO_FLEET_FILE, SITE_URL } from '../helpers/test-app.ts'
import { websiteBooking } from '../store/store-contract.ts'
import { assertBadParameter, okBody, type Params, startApi, type TestApi } from './api-client.ts'

/*
 * GET /vehicles/unavailable: every vehicle stocked at the pick-up depot that availability leaves
 * out, with the quote's 404 code, a reason that ends with the next step, and the smallest change
 * of parameters that makes it available. An empty availability answer links to it. Sending a
 * suggestion gives a quote, which a property test holds over generated requests on two fleets.
 */

type Unavailable = {
  vehicleId: number
  name: string
  code: string
  reason: string
  suggestion: Record<string, string | number> | null
}

/** The rules fleet (test/fixtures/rules-fleet.yaml): Alpha (1) stocks both vehicles, Beta (2) the car. */
const AT_ALPHA: Params = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-01-13',
  drop_off_date: '2027-01-18',
}

function asParams(values: Record<string, string | number>): Params {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]))
}

describe('GET /api/agent/vehicles/unavailable', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
  })
  after(() => api.close())

  const unavailable = async (params: Params) =>
    okBody<Unavailable[]>(await api.get('/vehicles/unavailable', params))

  test('lists what availability leaves out, by id, with the code a quote gives', async () => {
    // 2 days in the high season: the car is under its 3-day minimum; the van is sold out then.
    const params = { ...AT_ALPHA, pick_up_date: '2027-01-20', drop_off_date: '2027-01-22' }
    const listed = await unavailable(params)
    assert.deepEqual(
      listed.map(({ vehicleId, code }) => ({ vehicleId, code })),
      [
        { vehicleId: 1, code: 'below_minimum_days' },
        { vehicleId: 2, code: 'vehicle_sold_out' },
      ],
    )
    for (const vehicle of listed) {
      const quote = await api.get('/quotes', { ...params, vehicle_id: String(vehicle.vehicleId) })
      assert.equal(quote.statusCode, 404)
      const refusal = quote.json<{ code: string; error: string; suggestion: unknown }>()
      assert.equal(refusal.code, vehicle.code)
      assert.equal(refusal.error, vehicle.reason)
      assert.deepEqual(refusal.suggestion, vehicle.suggestion)
    }
    assert.deepEqual(listed[0]?.suggestion, { drop_off_date: '2027-01-23' })
    assert.match(listed[0]?.reason ?? '', /the earliest drop-off date that works is 2027-01-23/)
  })

  test('is empty when availability leaves nothing out, and then lists every vehicle', async () => {
    assert.deepEqual(await unavailable(AT_ALPHA), [])
    const available = okBody<unknown[]>(await api.get('/vehicles/availability', AT_ALPHA))
    assert.equal(available.length, 2)
  })

  test('a route not offered: every vehicle stocked, each sent to a depot it may end at', async () => {
    const listed = await unavailable({ ...AT_ALPHA, pick_up_depot_id: '2' })
    assert.deepEqual(
      listed.map(({ vehicleId, code, suggestion }) => ({ vehicleId, code, suggestion })),
      [{ vehicleId: 1, code: 'route_not_offered', suggestion: { drop_off_depot_id: 2 } }],
    )
    assert.match(listed[0]?.reason ?? '', /may be returned to Beta \(id 2, no route fee\)/)
  })

  test('refuses what availability refuses, with the same 400', async () => {
    for (const [params, code, parameter] of [
      [{ ...AT_ALPHA, pick_up_depot_id: '99' }, 'unknown_depot', 'pick_up_depot_id'],
      [{ ...AT_ALPHA, drop_off_date: '2027-02-30' }, 'invalid_date', 'drop_off_date'],
      [{ ...AT_ALPHA, pick_up_date: '2026-12-01' }, 'date_in_past', 'pick_up_date'],
    ] as const) {
      const theirs = await api.get('/vehicles/availability', params)
      const ours = assertBadParameter(
        await api.get('/vehicles/unavailable', params),
        code,
        parameter,
      )
      assert.equal(ours.error, theirs.json<{ error: string }>().error)
    }
  })

  test('an empty availability answer links to this listing; a list with vehicles does not', async () => {
    const closed = {
      ...AT_ALPHA,
      pick_up_depot_id: '2',
      drop_off_depot_id: '2',
      pick_up_date: '2027-03-03',
      drop_off_date: '2027-03-08',
    }
    const empty = await api.get('/vehicles/availability', closed)
    assert.equal(empty.body, '[]')
    const link = String(empty.headers.link ?? '')
    const target = /^<([^>]+)>; rel="related"; title="[^"]+"$/.exec(link)?.[1]
    assert.ok(target, `no Link to the listing: ${link}`)
    const url = new URL(target)
    assert.equal(url.origin, SITE_URL)
    assert.equal(url.pathname, '/api/agent/vehicles/unavailable')
    assert.deepEqual(Object.fromEntries(url.searchParams), closed)
    const listed = okBody<Unavailable[]>(
      await api.get(`${url.pathname.replace('/api/agent', '')}${url.search}`),
    )
    assert.deepEqual(
      listed.map((vehicle) => vehicle.code),
      ['depot_closed'],
    )
    const full = await api.get('/vehicles/availability', AT_ALPHA)
    assert.equal(full.headers.link, undefined)
  })

  test("the link carries the driver's age: a search empty for a young driver lists why", async () => {
    const young = { ...AT_ALPHA, driver_age: '16' }
    const empty = await api.get('/vehicles/availability', young)
    assert.equal(empty.body, '[]')
    const target = /^<([^>]+)>/.exec(String(empty.headers.link ?? ''))?.[1]
    assert.ok(target, 'no Link to the listing')
    const url = new URL(target)
    assert.deepEqual(Object.fromEntries(url.searchParams), young)
    const listed = okBody<Unavailable[]>(
      await api.get(`${url.pathname.replace('/api/agent', '')}${url.search}`),
    )
    assert.ok(listed.length > 0)
    assert.deepEqual(new Set(listed.map((vehicle) => vehicle.code)), new Set(['driver_too_young']))
  })

  /** The Link of an empty answer, as the path to ask this API, with its title. */
  function linkOf(response: { body: string; headers: Record<string, unknown> }) {
    assert.equal(response.body, '[]')
    const link = /^<([^>]+)>; rel="related"; title="([^"]+)"$/.exec(String(response.headers.link))
    assert.ok(link, `no Link: ${String(response.headers.link)}`)
    const url = new URL(link[1] ?? '')
    return {
      path: url.pathname,
      params: Object.fromEntries(url.searchParams),
      ask: `${url.pathname.replace('/api/agent', '')}${url.search}`,
      title: link[2] ?? '',
    }
  }

  test('the link carries the filters: a search for vans lists why the van is left out, not the car', async () => {
    // June is in no season: neither vehicle has a rate.
    const vans = {
      ...AT_ALPHA,
      pick_up_date: '2027-06-10',
      drop_off_date: '2027-06-12',
      vehicle_class: 'van',
    }
    const link = linkOf(await api.get('/vehicles/availability', vans))
    assert.equal(link.path, '/api/agent/vehicles/unavailable')
    assert.deepEqual(link.params, vans)
    const listed = okBody<Unavailable[]>(await api.get(link.ask))
    assert.deepEqual(
      listed.map(({ vehicleId, code }) => ({ vehicleId, code })),
      [{ vehicleId: 2, code: 'no_rate' }],
    )
    // Without the filter, the listing has both.
    assert.equal((await unavailable({ ...vans, vehicle_class: undefined } as Params)).length, 2)
  })

  test('vehicle_id asks whether that vehicle is free: it alone, or an empty answer that says why', async () => {
    const vans = okBody<{ vehicleId: number }[]>(
      await api.get('/vehicles/availability', { ...AT_ALPHA, vehicle_id: '2' }),
    )
    assert.deepEqual(
      vans.map((vehicle) => vehicle.vehicleId),
      [2],
    )
    // Two days in the high season: the car is under its 3-day minimum.
    const short = {
      ...AT_ALPHA,
      pick_up_date: '2027-01-20',
      drop_off_date: '2027-01-22',
      vehicle_id: '1',
    }
    const link = linkOf(await api.get('/vehicles/availability', short))
    assert.deepEqual(link.params, short)
    assert.deepEqual(
      okBody<Unavailable[]>(await api.get(link.ask)).map(({ vehicleId, code }) => ({
        vehicleId,
        code,
      })),
      [{ vehicleId: 1, code: 'below_minimum_days' }],
    )
    // Beta does not stock the van: the link leads to where it is.
    const atBeta = { ...AT_ALPHA, pick_up_depot_id: '2', drop_off_depot_id: '2', vehicle_id: '2' }
    const elsewhere = linkOf(await api.get('/vehicles/availability', atBeta))
    assert.equal(elsewhere.path, '/api/agent/vehicles')
    assert.match(elsewhere.title, /^The vehicle is not stocked at the pickup depot/)
    // Stocked there, but not of the class sent with it: said as such, not "not stocked".
    const contradicting = linkOf(
      await api.get('/vehicles/availability', {
        ...AT_ALPHA,
        vehicle_id: '2',
        vehicle_class: 'car',
      }),
    )
    assert.equal(contradicting.path, '/api/agent/vehicles')
    assert.match(contradicting.title, /^The vehicle does not meet the filters sent with it/)
    // Its listing is empty too, and says so by the same Link: not "nothing stops it".
    const listing = linkOf(await api.get('/vehicles/unavailable', atBeta))
    assert.equal(listing.path, '/api/agent/vehicles')
    // A vehicle that is there and free: an empty listing with no Link.
    const free = await api.get('/vehicles/unavailable', { ...AT_ALPHA, vehicle_id: '2' })
    assert.equal(free.body, '[]')
    assert.equal(free.headers.link, undefined)
    assertBadParameter(
      await api.get('/vehicles/availability', { ...AT_ALPHA, vehicle_id: '99' }),
      'unknown_vehicle',
      'vehicle_id',
    )
  })

  test('a depot that stocks nothing the filters ask for links to where such vehicles are', async () => {
    // Beta stocks only the car.
    const atBeta = { ...AT_ALPHA, pick_up_depot_id: '2', drop_off_depot_id: '2' }
    const link = linkOf(
      await api.get('/vehicles/availability', { ...atBeta, vehicle_class: 'van' }),
    )
    assert.equal(link.path, '/api/agent/vehicles')
    assert.deepEqual(link.params, { vehicle_class: 'van' })
    assert.match(link.title, /^No vehicle stocked at the pickup depot meets the filters/)
    const vehicles = okBody<{ vehicleId: number; depotIds: number[] }[]>(await api.get(link.ask))
    assert.deepEqual(
      vehicles.map(({ vehicleId, depotIds }) => ({ vehicleId, depotIds })),
      [{ vehicleId: 2, depotIds: [1] }],
    )
    // No vehicle of the fleet has 99 seats: the whole fleet, not an empty list.
    const nowhere = linkOf(await api.get('/vehicles/availability', { ...atBeta, min_seats: '99' }))
    assert.equal(nowhere.path, '/api/agent/vehicles')
    assert.deepEqual(nowhere.params, {})
    assert.match(nowhere.title, /^No vehicle of the fleet meets the filters/)
    assert.ok(okBody<unknown[]>(await api.get(nowhere.ask)).length > 0)
    // The flexible search for the one vehicle, at a depot without it, the same.
    const flexible = await api.get('/vehicles/availability/flexible', {
      pick_up_depot_id: '2',
      drop_off_depot_id: '2',
      earliest_pick_up_date: '2027-01-13',
      latest_pick_up_date: '2027-01-20',
      rental_days: '3',
      vehicle_id: '2',
    })
    const none = linkOf(flexible)
    assert.equal(none.path, '/api/agent/vehicles')
    assert.match(none.title, /^The vehicle is not stocked at the pickup depot/)
  })
})

describe('two rules broken at once, on the demo fleet: both changes suggested, and they give a quote', () => {
  let api: TestApi
  before(async () => {
    api = await startApi({ fleetFile: DEMO_FLEET_FILE })
  })
  after(() => api.close())

  // The demo's vehicle 9 is stocked at depots 3 and 5 only, and rented for more than a day.
  for (const [what, search] of [
    [
      'a one-day return rental',
      {
        pick_up_depot_id: '1',
        drop_off_depot_id: '1',
        pick_up_date: '2027-06-10',
        drop_off_date: '2027-06-11',
      },
    ],
    [
      'a one-day one-way rental',
      {
        pick_up_depot_id: '1',
        drop_off_depot_id: '3',
        pick_up_date: '2027-06-10',
        drop_off_date: '2027-06-11',
      },
    ],
  ] as const) {
    test(`${what}: the quote's 404 sends it to a depot that stocks it, with the other change too`, async () => {
      const asked = { ...search, vehicle_id: '9' }
      const refused = await api.get('/quotes', asked)
      assert.equal(refused.statusCode, 404)
      const body = refused.json<{ error: string; suggestion: Unavailable['suggestion'] }>()
      assert.ok(body.suggestion?.pick_up_depot_id, JSON.stringify(body))
      assert.match(
        body.error,
        /it is not stocked at .+ either; .+ stocks it; send pick_up_depot_id=/,
      )
      const quote = await api.get('/quotes', { ...asked, ...asParams(body.suggestion) })
      assert.equal(quote.statusCode, 200, quote.body)
    })
  }

  test('a Saturday pick-up at a depot closed at weekends, one way on a route not offered: both changes, and they give a quote', async () => {
    // The demo's Auckland City (2) hands over on weekdays only, and offers no route to
    // Queenstown (5): moving the dates alone, or the drop-off depot alone, gives no quote.
    const asked = {
      pick_up_depot_id: '2',
      drop_off_depot_id: '5',
      pick_up_date: '2027-06-12',
      drop_off_date: '2027-06-15',
      vehicle_id: '1',
    }
    const refused = await api.get('/quotes', asked)
    assert.equal(refused.statusCode, 404)
    const body = refused.json<{
      error: string
      code: string
      suggestion: Unavailable['suggestion']
    }>()
    assert.equal(body.code, 'depot_closed')
    assert.ok(body.suggestion?.drop_off_depot_id, JSON.stringify(body))
    assert.ok(body.suggestion?.pick_up_date, JSON.stringify(body))
    assert.match(body.error, /are not offered either; returned to .+ it works: send /)
    const quote = await api.get('/quotes', { ...asked, ...asParams(body.suggestion) })
    assert.equal(quote.statusCode, 200, quote.body)
  })
})

describe('a route not offered whose suggestion also moves the dates says why they move', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
    // Beta's one car is booked for the dates asked: returned to Beta, it is sold out then.
    const booking = websiteBooking('RT-BETA', 1, '2027-01-13', '2027-01-18')
    await api.store.createBooking({ ...booking, pickUpDepotId: 2, dropOffDepotId: 2 }, 1, [])
  })
  after(() => api.close())

  test('the second reason is said before the change that avoids it', async () => {
    const [car] = okBody<{ code: string; reason: string; suggestion: Record<string, unknown> }[]>(
      await api.get('/vehicles/unavailable', { ...AT_ALPHA, pick_up_depot_id: '2' }),
    )
    assert.equal(car?.code, 'route_not_offered')
    assert.equal(car?.suggestion.drop_off_depot_id, 2)
    assert.ok(car?.suggestion.pick_up_date, JSON.stringify(car))
    assert.match(
      car?.reason ?? '',
      /^One-way rentals from Beta to Alpha are not offered; returned to Beta on these dates, Test Car is sold out at Beta for 2027-01-13 to 2027-01-18; from Beta it may be returned to /,
    )
  })
})

/**
 * Over generated requests: every vehicle a search leaves out, and every quote refused, has a
 * reason and a suggestion that, sent with the rest unchanged, gives a quote (or null, said so).
 */
for (const [fleet, fleetFile, depots, vehicles] of [
  // Gamma (3) is inactive: ids 1 and 2 only.
  ['the rules fleet', undefined, 2, 2],
  ['the demo fleet', DEMO_FLEET_FILE, 5, 9],
] as const) {
  describe(`every "no" has a way forward, on ${fleet} (property)`, () => {
    let api: TestApi
    before(async () => {
      api = await startApi(fleetFile ? { fleetFile } : {})
    })
    after(() => api.close())

    test('empty answers link to their reasons; each suggestion sent gives a quote', async () => {
      const request = fc.record({
        pickUp: fc.integer({ min: 1, max: depots }),
        dropOff: fc.integer({ min: 1, max: depots }),
        // From the test clock's today (2027-01-10) across the seasons and a Christmas.
        lead: fc.integer({ min: 0, max: 400 }),
        days: fc.integer({ min: 0, max: 12 }),
        vehicle: fc.integer({ min: 1, max: vehicles }),
      })
      await fc.assert(
        fc.asyncProperty(request, async ({ pickUp, dropOff, lead, days, vehicle }) => {
          const pickUpDate = addDays('2027-01-10' as CalendarDate, lead)
          const search: Params = {
            pick_up_depot_id: String(pickUp),
            drop_off_depot_id: String(dropOff),
            pick_up_date: pickUpDate,
            drop_off_date: addDays(pickUpDate, days),
          }
          const available = await api.get('/vehicles/availability', search)
          assert.equal(available.statusCode, 200)
          if (available.body === '[]')
            assert.ok(available.headers.link, 'an empty answer with no Link')
          const listed = okBody<Unavailable[]>(await api.get('/vehicles/unavailable', search))
          if (available.body === '[]') {
            assert.ok(
              listed.length > 0,
              `an empty answer with no reason: ${JSON.stringify(search)}`,
            )
          }
          const availableIds = available
            .json<{ vehicleId: number }[]>()
            .map((item) => item.vehicleId)
          for (const left of listed) {
            assert.ok(!availableIds.includes(left.vehicleId), `${left.vehicleId} is both`)
            await assertWayForward(api, { ...search, vehicle_id: String(left.vehicleId) }, left)
          }
          const quote = await api.get('/quotes', { ...search, vehicle_id: String(vehicle) })
          if (quote.statusCode === 404) {
            await assertWayForward(api, { ...search, vehicle_id: String(vehicle) }, quote.json())
          } else {
            assert.equal(quote.statusCode, 200, quote.body)
          }
        }),
        { numRuns: 150 },
      )
    })
  })
}

async function assertWayForward(
  api: TestApi,
  params: Params,
  refusal: {
    code: string
    reason?: string
    error?: string
    suggestion?: Unavailable['suggestion']
  },
): Promise<void> {
  const text = refusal.reason ?? refusal.error ?? ''
  assert.ok(text.length > 20, `no reason: ${JSON.stringify(refusal)}`)
  assert.ok(refusal.suggestion !== undefined, `no suggestion: ${JSON.stringify(refusal)}`)
  if (refusal.suggestion === null) {
    assert.match(text, /choose another vehicle|none of them works|the main driver must be/)
    return
  }
  const changed = { ...params, ...asParams(refusal.suggestion) }
  const quote = await api.get('/quotes', changed)
  assert.equal(quote.statusCode, 200, `${JSON.stringify(changed)} after "${text}": ${quote.body}`)
}
