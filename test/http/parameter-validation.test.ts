import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  API,
  assertBadParameter,
  assertError,
  assertRateLimitHeaders,
  okBody,
  type Params,
  type QuoteBody,
  startApi,
  type TestApi,
  url,
} from './api-client.ts'

/*
 * Every malformed request is a 400 JSON {error, code, parameter} whose `parameter` is the one at
 * fault and whose `error` names it. The clock is 2027-01-10 in Auckland; the horizon is 548 days
 * (last pick-up 2028-07-11) and the longest rental 90 days.
 */

const SEARCH: Params = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-01-13',
  drop_off_date: '2027-01-18',
}

const QUOTE: Params = { ...SEARCH, vehicle_id: '1' }

type Endpoint = { name: string; path: string; valid: Params; required: string[] }

const ENDPOINTS: Endpoint[] = [
  {
    name: 'availability',
    path: '/vehicles/availability',
    valid: SEARCH,
    required: ['pick_up_depot_id', 'drop_off_depot_id', 'pick_up_date', 'drop_off_date'],
  },
  {
    name: 'quotes',
    path: '/quotes',
    valid: { ...SEARCH, vehicle_id: '1' },
    required: [
      'pick_up_depot_id',
      'drop_off_depot_id',
      'pick_up_date',
      'drop_off_date',
      'vehicle_id',
    ],
  },
]

/** Ids that are not positive integers in plain decimal. */
const HOSTILE_IDS = [
  '07',
  '7.0',
  '1e3',
  '0x10',
  ' 7',
  '\n7',
  '-1',
  '0',
  'Infinity',
  '9007199254740993',
  '',
  'abc',
  '1,2',
]

/** Dates that are not real dates written YYYY-MM-DD, with the code each is refused with. */
const HOSTILE_DATES: [string, string][] = [
  ['2026-02-30', 'invalid_date'],
  ['2027-02-29', 'invalid_date'],
  ['2027-13-01', 'invalid_date'],
  ['0000-01-01', 'invalid_date'],
  ['2027-1-5', 'invalid_parameter'],
  ['20270105', 'invalid_parameter'],
  ['2027-01-10T00:00', 'invalid_parameter'],
  ['2027/01/13', 'invalid_parameter'],
  ['', 'invalid_parameter'],
]

/** What an id that is well formed but names nothing is refused with, by parameter. */
const UNKNOWN_ID_CODES: Record<string, string> = {
  pick_up_depot_id: 'unknown_depot',
  drop_off_depot_id: 'unknown_depot',
  vehicle_id: 'unknown_vehicle',
  insurance_id: 'unknown_insurance',
}

function without(params: Params, name: string): Params {
  const copy = { ...params }
  delete copy[name]
  return copy
}

describe('parameter validation', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
  })
  after(async () => {
    await api.close()
  })

  for (const endpoint of ENDPOINTS) {
    describe(`GET /api/agent${endpoint.path}`, () => {
      const idParameters = endpoint.required.filter((name) => name.endsWith('_id'))
      if (endpoint.name === 'quotes') idParameters.push('insurance_id')
      const dateParameters = endpoint.required.filter((name) => name.endsWith('_date'))

      test('answers 200 to the valid request the table starts from', async () => {
        okBody(await api.get(endpoint.path, endpoint.valid))
      })

      test('ignores unknown extra parameters', async () => {
        okBody(
          await api.get(endpoint.path, { ...endpoint.valid, agent: 'x', page: '2', limit: '10' }),
        )
      })

      for (const name of endpoint.required) {
        test(`without ${name} is a 400 missing_parameter naming it`, async () => {
          const body = assertBadParameter(
            await api.get(endpoint.path, without(endpoint.valid, name)),
            'missing_parameter',
            name,
          )
          assert.match(body.error, /required/)
        })

        test(`with ${name} given twice is a 400 duplicated_parameter naming it`, async () => {
          const value = endpoint.valid[name] as string
          assertBadParameter(
            await api.get(endpoint.path, { ...endpoint.valid, [name]: [value, value] }),
            'duplicated_parameter',
            name,
          )
        })
      }

      test('without any parameter is a 400 naming a missing parameter', async () => {
        const body = assertError(await api.get(endpoint.path), {
          status: 400,
          code: 'missing_parameter',
        })
        assert.ok(endpoint.required.includes(body.parameter ?? ''), `parameter ${body.parameter}`)
      })

      for (const name of idParameters) {
        for (const hostile of HOSTILE_IDS) {
          test(`with ${name}=${JSON.stringify(hostile)} is a 400 invalid_parameter naming it`, async () => {
            assertBadParameter(
              await api.get(endpoint.path, { ...endpoint.valid, [name]: hostile }),
              'invalid_parameter',
              name,
            )
          })
        }

        test(`with ${name}=2147483648, well formed but naming nothing, is a 400 naming it`, async () => {
          assertBadParameter(
            await api.get(endpoint.path, { ...endpoint.valid, [name]: '2147483648' }),
            UNKNOWN_ID_CODES[name] as string,
            name,
          )
        })
      }

      for (const name of dateParameters) {
        for (const [hostile, code] of HOSTILE_DATES) {
          test(`with ${name}=${JSON.stringify(hostile)} is a 400 ${code} naming it`, async () => {
            assertBadParameter(
              await api.get(endpoint.path, { ...endpoint.valid, [name]: hostile }),
              code,
              name,
            )
          })
        }
      }

      describe('dates', () => {
        test('a pick-up date in the past is a 400 date_in_past that gives today', async () => {
          const body = assertBadParameter(
            await api.get(endpoint.path, {
              ...endpoint.valid,
              pick_up_date: '2027-01-09',
              drop_off_date: '2027-01-12',
            }),
            'date_in_past',
            'pick_up_date',
          )
          assert.match(body.error, /2027-01-10/)
        })

        test('a pick-up date beyond the 548-day horizon is a 400 date_beyond_horizon', async () => {
          const body = assertBadParameter(
            await api.get(endpoint.path, {
              ...endpoint.valid,
              pick_up_date: '2028-07-12',
              drop_off_date: '2028-07-13',
            }),
            'date_beyond_horizon',
            'pick_up_date',
          )
          assert.match(body.error, /2028-07-11/)
        })

        test('a drop-off date before the pick-up date is a 400 drop_off_before_pick_up', async () => {
          assertBadParameter(
            await api.get(endpoint.path, {
              ...endpoint.valid,
              pick_up_date: '2027-01-13',
              drop_off_date: '2027-01-12',
            }),
            'drop_off_before_pick_up',
            'drop_off_date',
          )
        })

        test('a rental of 91 days is a 400 rental_too_long that says the 90-day limit', async () => {
          const body = assertBadParameter(
            await api.get(endpoint.path, {
              ...endpoint.valid,
              pick_up_date: '2027-01-13',
              drop_off_date: '2027-04-14',
            }),
            'rental_too_long',
            'drop_off_date',
          )
          assert.match(body.error, /90 days/)
        })

        test('a rental of exactly 90 days is accepted', async () => {
          okBody(
            await api.get(endpoint.path, {
              ...endpoint.valid,
              pick_up_date: '2027-01-13',
              drop_off_date: '2027-04-13',
            }),
          )
        })
      })
    })
  }

  describe('the date rules on the availability boundaries', () => {
    test('today is an accepted pick-up date', async () => {
      okBody(
        await api.get('/vehicles/availability', {
          ...SEARCH,
          pick_up_date: '2027-01-10',
          drop_off_date: '2027-01-10',
        }),
      )
    })

    test('the last day of the horizon is an accepted pick-up date', async () => {
      okBody(
        await api.get('/vehicles/availability', {
          ...SEARCH,
          pick_up_date: '2028-07-11',
          drop_off_date: '2028-07-12',
        }),
      )
    })
  })

  describe('accessory_ids on GET /api/agent/quotes', () => {
    const quote = { ...SEARCH, vehicle_id: '1' }
    const badLists: [string, RegExp][] = [
      ['1,,2', /item 2 is empty/],
      [',1', /item 1 is empty/],
      ['1,', /item 2 is empty/],
      [',', /item 1 is empty/],
      ['1,07', /item 2 "07"/],
      ['1,abc', /item 2 "abc"/],
      ['1, 2', /item 2 " 2"/],
      ['1;2', /item 1 "1;2"/],
      ['-1', /item 1 "-1"/],
    ]
    for (const [list, says] of badLists) {
      test(`${JSON.stringify(list)} is a 400 naming accessory_ids and the item`, async () => {
        const body = assertBadParameter(
          await api.get('/quotes', { ...quote, accessory_ids: list }),
          'invalid_parameter',
          'accessory_ids',
        )
        assert.match(body.error, says)
      })
    }

    test('an empty item in a repeated parameter is a 400 naming the item', async () => {
      const body = assertBadParameter(
        await api.get('/quotes', { ...quote, accessory_ids: ['1', ''] }),
        'invalid_parameter',
        'accessory_ids',
      )
      assert.match(body.error, /item 2 is empty/)
    })

    test('a list of 51 items is a 400 that says the most', async () => {
      const body = assertBadParameter(
        await api.get('/quotes', { ...quote, accessory_ids: Array(51).fill('1').join(',') }),
        'invalid_parameter',
        'accessory_ids',
      )
      assert.match(body.error, /at most 50/)
    })

    test('a list far too long to read is a 400 naming accessory_ids that says how long it may be', async () => {
      const body = assertBadParameter(
        await api.get('/quotes', { ...quote, accessory_ids: Array(400).fill('1').join(',') }),
        'invalid_parameter',
        'accessory_ids',
      )
      assert.match(body.error, /too long \(799 characters, at most 550\)/)
    })

    test('a JSON list is a 400 that asks for comma-separated ids', async () => {
      for (const list of ['[1,2]', '["1","2"]', ' [1, 2] ']) {
        const body = assertBadParameter(
          await api.get('/quotes', { ...quote, accessory_ids: list }),
          'invalid_parameter',
          'accessory_ids',
        )
        assert.match(body.error, /is a JSON list; send comma-separated ids such as 1,2/)
      }
    })

    test('an empty accessory_ids selects nothing', async () => {
      const body = okBody<QuoteBody>(await api.get('/quotes', { ...quote, accessory_ids: '' }))
      assert.deepEqual(body.priceBreakdown.accessories, [])
    })

    test('insurance_id given twice is a 400 duplicated_parameter', async () => {
      assertBadParameter(
        await api.get('/quotes', { ...quote, insurance_id: ['1', '2'] }),
        'duplicated_parameter',
        'insurance_id',
      )
    })
  })

  describe('a list-style name with brackets (qs, axios, PHP)', () => {
    const rows: [Params, string, string][] = [
      [{ 'accessory_ids[]': '1' }, 'accessory_ids', '/quotes'],
      [{ 'accessory_ids[0]': '1' }, 'accessory_ids', '/quotes'],
      [{ 'accessory_ids[0][id]': '1' }, 'accessory_ids', '/quotes'],
      [{ 'insurance_id[]': '2' }, 'insurance_id', '/quotes'],
      [{ 'driver_age[]': '19' }, 'driver_age', '/vehicles/availability'],
      [{ 'pick_up_depot_id[]': '1' }, 'pick_up_depot_id', '/vehicles/availability'],
    ]
    for (const [sent, right, path] of rows) {
      test(`${Object.keys(sent)[0]} is a 400 naming ${right} (${path}), never ignored`, async () => {
        const base = path === '/quotes' ? { ...SEARCH, vehicle_id: '1' } : SEARCH
        const params = Object.fromEntries(
          Object.entries({ ...base, ...sent }).filter(([name]) => name !== right),
        )
        const body = assertBadParameter(await api.get(path, params), 'invalid_parameter', right)
        assert.equal(
          body.error,
          `${JSON.stringify(Object.keys(sent)[0])} is not a parameter name here; send it as ${right}, without the brackets`,
        )
      })
    }

    test('beside the right name it is refused too: part of the list would be dropped', async () => {
      const response = await api.get('/quotes', {
        ...SEARCH,
        vehicle_id: '1',
        accessory_ids: '1',
        'accessory_ids[]': '3',
      })
      assertBadParameter(response, 'invalid_parameter', 'accessory_ids')
    })
  })

  describe('a known parameter sent under another spelling', () => {
    const rows: [string, Params, string, string][] = [
      [
        'camelCase for a required one',
        { pickUpDepotId: '1' },
        'pick_up_depot_id',
        '/vehicles/availability',
      ],
      [
        'pickup for pick_up',
        { pickup_depot_id: '1' },
        'pick_up_depot_id',
        '/vehicles/availability',
      ],
      [
        'hyphens and capitals',
        { 'Drop-Off-Date': '2027-01-18' },
        'drop_off_date',
        '/vehicles/availability',
      ],
      [
        'camelCase for an optional filter',
        { minSeats: '7' },
        'min_seats',
        '/vehicles/availability',
      ],
      ['camelCase for a quote option', { accessoryIds: '1' }, 'accessory_ids', '/quotes'],
      [
        'a flexible search window',
        { earliestPickUpDate: '2027-01-13' },
        'earliest_pick_up_date',
        '/vehicles/availability/flexible',
      ],
      ['a catalogue filter', { depotId: '1' }, 'depot_id', '/vehicles'],
      // Other names agents give them: ignored, each priced or listed without what was asked.
      ['accessories for accessory_ids', { accessories: '1' }, 'accessory_ids', '/quotes'],
      ['insurance for insurance_id', { insurance: '2' }, 'insurance_id', '/quotes'],
      ['insurance_plan_id for insurance_id', { insurance_plan_id: '2' }, 'insurance_id', '/quotes'],
      ['coupon for promo_code', { coupon: 'SAVE10' }, 'promo_code', '/quotes'],
      ['promo for promo_code', { promo: 'SAVE10' }, 'promo_code', '/vehicles/availability'],
      ['age for driver_age', { age: '23' }, 'driver_age', '/quotes'],
      ['seats for min_seats', { seats: '7' }, 'min_seats', '/vehicles/availability'],
      ['class for vehicle_class', { class: 'van' }, 'vehicle_class', '/vehicles/availability'],
      ['pick_up_depot_id on the catalogue', { pick_up_depot_id: '2' }, 'depot_id', '/vehicles'],
      ['return_date for drop_off_date', { return_date: '2027-01-18' }, 'drop_off_date', '/quotes'],
    ]
    const valid: Record<string, Params> = {
      '/vehicles/availability': SEARCH,
      '/quotes': { ...SEARCH, vehicle_id: '1' },
      '/vehicles/availability/flexible': {
        pick_up_depot_id: '1',
        drop_off_depot_id: '1',
        earliest_pick_up_date: '2027-01-13',
        latest_pick_up_date: '2027-01-20',
        rental_days: '5',
      },
      '/vehicles': {},
    }
    for (const [why, sent, right, path] of rows) {
      test(`${why}: ${Object.keys(sent)[0]} is a 400 naming ${right} (${path})`, async () => {
        const params = Object.fromEntries(
          Object.entries({ ...valid[path], ...sent }).filter(([name]) => name !== right),
        )
        const body = assertBadParameter(await api.get(path, params), 'invalid_parameter', right)
        assert.equal(
          body.error,
          `${JSON.stringify(Object.keys(sent)[0])} is not a parameter name here; send it as ${right}`,
        )
      })
    }

    test('beside the right name with the same value, another spelling changes nothing and is ignored', async () => {
      okBody(
        await api.get('/vehicles/availability', {
          ...SEARCH,
          pickUpDepotId: SEARCH.pick_up_depot_id,
          foo: 'x',
        }),
      )
      okBody(await api.get('/quotes', { ...QUOTE, accessory_ids: '1', accessories: '1' }))
      // A name that is another's on one endpoint is its own on another: depot_id on /vehicles.
      okBody(await api.get('/vehicles', { depot_id: '1', utm_source: 'chat' }))
    })
  })

  describe('another spelling beside the right name, with another value: one would be dropped, so it is refused', () => {
    const cases: [string, string, Record<string, string>, string][] = [
      [
        'a quote with accessories beside accessory_ids',
        '/quotes',
        { ...QUOTE, accessory_ids: '1', accessories: '3' },
        'accessory_ids',
      ],
      [
        'availability with seats beside min_seats',
        '/vehicles/availability',
        { ...SEARCH, min_seats: '5', seats: '7' },
        'min_seats',
      ],
      [
        'a quote with PICK_UP_DATE beside pick_up_date',
        '/quotes',
        { ...QUOTE, PICK_UP_DATE: '2027-01-14' },
        'pick_up_date',
      ],
      [
        'availability with pickUpDepotId beside pick_up_depot_id',
        '/vehicles/availability',
        { ...SEARCH, pickUpDepotId: '2' },
        'pick_up_depot_id',
      ],
    ]
    for (const [name, path, params, right] of cases) {
      test(name, async () => {
        const wrong = Object.keys(params).at(-1) as string
        const body = assertBadParameter(await api.get(path, params), 'invalid_parameter', right)
        assert.equal(
          body.error,
          `${JSON.stringify(wrong)} is not a parameter name here, and ${right} is sent too with another value; send only ${right}, with the value you mean`,
        )
      })
    }
  })

  describe('every fault at once', () => {
    test('a quote asked with nothing names every required parameter in one answer', async () => {
      const body = assertBadParameter(
        await api.get('/quotes', {}),
        'missing_parameter',
        'pick_up_depot_id',
      )
      for (const name of [
        'pick_up_depot_id',
        'drop_off_depot_id',
        'pick_up_date',
        'drop_off_date',
        'vehicle_id',
      ]) {
        assert.match(body.error, new RegExp(`\\b${name} is required`), body.error)
      }
      assert.equal(body.error.split(' Also: ').length, 5, body.error)
    })

    test('every name sent in another spelling, in one answer', async () => {
      const body = assertBadParameter(
        await api.get('/vehicles/availability', {
          pickUpDepotId: '1',
          dropOffDepotId: '1',
          pickUpDate: '2027-01-13',
          dropOffDate: '2027-01-18',
        }),
        'invalid_parameter',
        'pick_up_depot_id',
      )
      assert.equal(
        body.error,
        '"pickUpDepotId" is not a parameter name here; send it as pick_up_depot_id. Also: "dropOffDepotId" is not a parameter name here; send it as drop_off_depot_id. Also: "pickUpDate" is not a parameter name here; send it as pick_up_date. Also: "dropOffDate" is not a parameter name here; send it as drop_off_date',
      )
    })

    test('malformed values and missing ones together, each said once, the first as the code', async () => {
      const body = assertBadParameter(
        await api.get('/vehicles/availability', {
          pick_up_depot_id: 'abc',
          pick_up_date: 'xx',
          drop_off_date: '2027-01-18',
          driver_age: '5',
        }),
        'missing_parameter',
        'drop_off_depot_id',
      )
      const faults = body.error.split(' Also: ')
      assert.match(faults[0] ?? '', /^drop_off_depot_id is required; send /)
      assert.ok(
        faults.some((fault) => fault.startsWith('pick_up_depot_id "abc" is not valid')),
        body.error,
      )
      assert.ok(
        faults.some((fault) => fault.startsWith('pick_up_date "xx" is not valid')),
        body.error,
      )
      assert.ok(
        faults.some((fault) => fault.startsWith('driver_age "5" is not valid')),
        body.error,
      )
      assert.equal(faults.length, 4, body.error)
    })
  })

  describe('the vehicleId path parameter', () => {
    const hostile = [
      '07',
      '7.0',
      '1e3',
      '0x10',
      ' 7',
      '\n7',
      '-1',
      '0',
      'Infinity',
      '9007199254740993',
      'abc',
    ]
    for (const option of ['accessories', 'insurance-types']) {
      for (const id of hostile) {
        test(`/vehicles/${JSON.stringify(id)}/${option} is a 400 invalid_parameter naming vehicleId`, async () => {
          assertBadParameter(
            await api.request(`${API}/vehicles/${encodeURIComponent(id)}/${option}`),
            'invalid_parameter',
            'vehicleId',
          )
        })
      }

      test(`/vehicles//${option}, with the id left out, is a 400 naming vehicleId`, async () => {
        assertBadParameter(
          await api.request(`${API}/vehicles//${option}`),
          'invalid_parameter',
          'vehicleId',
        )
      })

      test(`/vehicles/2147483648/${option} is a 400 unknown_vehicle naming vehicleId`, async () => {
        assertBadParameter(
          await api.request(`${API}/vehicles/2147483648/${option}`),
          'unknown_vehicle',
          'vehicleId',
        )
      })
    }

    test('an id that is not valid percent-encoding is a 400 of the API, with its code and rate-limit headers', {}, async () => {
      const response = await api.request(`${API}/vehicles/%E0/accessories`)
      assertError(response, { status: 400, code: 'invalid_parameter' })
      assert.deepEqual(Object.keys(response.json()).sort(), ['code', 'error', 'parameter'])
      assertRateLimitHeaders(response)
    })

    test('an id of 120 digits is a 400 naming vehicleId, with rate-limit headers', {}, async () => {
      const response = await api.request(`${API}/vehicles/${'1'.repeat(120)}/accessories`)
      assertBadParameter(response, 'invalid_parameter', 'vehicleId')
      assertRateLimitHeaders(response)
    })
  })
})

describe('"today" is the date in Auckland, not in UTC', () => {
  test('at 2027-01-09 12:00 UTC, already 2027-01-10 in Auckland, 2027-01-10 is accepted and 2027-01-09 is past', async () => {
    const api = await startApi({ now: new Date('2027-01-09T12:00:00Z') })
    try {
      okBody(
        await api.get('/vehicles/availability', {
          ...SEARCH,
          pick_up_date: '2027-01-10',
          drop_off_date: '2027-01-13',
        }),
      )
      assertBadParameter(
        await api.get('/vehicles/availability', {
          ...SEARCH,
          pick_up_date: '2027-01-09',
          drop_off_date: '2027-01-13',
        }),
        'date_in_past',
        'pick_up_date',
      )
    } finally {
      await api.close()
    }
  })

  test('at 2027-01-10 11:30 UTC, already 2027-01-11 in Auckland, 2027-01-10 is past', async () => {
    const api = await startApi({ now: new Date('2027-01-10T11:30:00Z') })
    try {
      const response = await api.get('/vehicles/availability', {
        ...SEARCH,
        pick_up_date: '2027-01-10',
        drop_off_date: '2027-01-13',
      })
      const body = assertBadParameter(response, 'date_in_past', 'pick_up_date')
      assert.match(body.error, /2027-01-11/)
    } finally {
      await api.close()
    }
  })
})

// `url` keeps the hostile values percent-encoded the way an agent's HTTP client sends them.
test('hostile values reach the service percent-encoded, a space as %20', () => {
  assert.equal(
    url('/vehicles/availability', { pick_up_depot_id: ' 7', drop_off_depot_id: '\n7' }),
    '/api/agent/vehicles/availability?pick_up_depot_id=%207&drop_off_depot_id=%0A7',
  )
})
