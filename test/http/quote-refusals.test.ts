import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { rulesFleetText } from '../helpers/domain-fixtures.ts'
import {
  assertBadParameter,
  assertError,
  type Params,
  startApi,
  type TestApi,
} from './api-client.ts'

/*
 * Why a quote is refused. A vehicle that cannot be rented for the request is a 404 whose code
 * and message say why; an option that does not exist or is not offered is a 400 naming it.
 */

const CAR_5_DAYS: Params = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-01-13',
  drop_off_date: '2027-01-18',
  vehicle_id: '1',
}

function stringValues(values: Record<string, string | number>): Params {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]))
}

describe('GET /api/agent/quotes refuses', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
  })
  after(async () => {
    await api.close()
  })

  describe('with a 404 saying why the vehicle cannot be rented', () => {
    const cases: {
      when: string
      params: Params
      code: string
      says: RegExp
      /** The smallest change that gives a quote, as the 404 gives it. */
      suggestion: Record<string, string | number>
    }[] = [
      {
        when: 'the van is sold out at Alpha from 2027-01-20 to 2027-01-25',
        params: {
          ...CAR_5_DAYS,
          vehicle_id: '2',
          pick_up_date: '2027-01-20',
          drop_off_date: '2027-01-25',
        },
        code: 'vehicle_sold_out',
        says: /sold out/,
        suggestion: { pick_up_date: '2027-01-26', drop_off_date: '2027-01-31' },
      },
      {
        when: 'the van is not stocked at the pick-up depot',
        params: { ...CAR_5_DAYS, vehicle_id: '2', pick_up_depot_id: '2', drop_off_depot_id: '2' },
        code: 'vehicle_sold_out',
        says: /not stocked/,
        suggestion: { pick_up_depot_id: 1, drop_off_depot_id: 1 },
      },
      {
        when: 'the car is rented for 2 days, below its 3-day high-season minimum',
        params: { ...CAR_5_DAYS, drop_off_date: '2027-01-15' },
        code: 'below_minimum_days',
        says: /at least 3 days/,
        suggestion: { drop_off_date: '2027-01-16' },
      },
      {
        when: 'the pick-up depot has no pick-up times on a weekend day',
        params: {
          ...CAR_5_DAYS,
          pick_up_depot_id: '2',
          drop_off_depot_id: '2',
          pick_up_date: '2027-01-16',
          drop_off_date: '2027-01-20',
        },
        code: 'depot_closed',
        says: /Beta has no pick-up times on a weekend/,
        suggestion: { pick_up_date: '2027-01-15', drop_off_date: '2027-01-19' },
      },
      {
        // The 2-day rental moved alone fits no date of the high season (3 days at least): the
        // nearest move made as long as the minimum, said as such.
        when: 'a rental shorter than the minimum starts on a day the depot hands over nothing',
        params: {
          ...CAR_5_DAYS,
          pick_up_depot_id: '2',
          drop_off_depot_id: '2',
          pick_up_date: '2027-01-16',
          drop_off_date: '2027-01-18',
        },
        code: 'depot_closed',
        says: /the nearest dates that work are 2027-01-15 to 2027-01-18, a 3-day rental, the shortest it is rented for then/,
        suggestion: { pick_up_date: '2027-01-15', drop_off_date: '2027-01-18' },
      },
      {
        when: 'the pick-up depot is closed on 2027-03-03',
        params: {
          ...CAR_5_DAYS,
          pick_up_depot_id: '2',
          drop_off_depot_id: '2',
          pick_up_date: '2027-03-03',
          drop_off_date: '2027-03-08',
        },
        code: 'depot_closed',
        says: /Beta is closed on 2027-03-03/,
        suggestion: { pick_up_date: '2027-03-04', drop_off_date: '2027-03-09' },
      },
      {
        when: 'the drop-off depot is closed on 12-25 every year',
        params: {
          ...CAR_5_DAYS,
          drop_off_depot_id: '2',
          pick_up_date: '2027-12-20',
          drop_off_date: '2027-12-25',
        },
        code: 'depot_closed',
        says: /Beta is closed on 2027-12-25/,
        suggestion: { drop_off_date: '2027-12-24' },
      },
      {
        when: 'the drop-off depot has no drop-off times on a weekend day',
        params: { ...CAR_5_DAYS, drop_off_depot_id: '2', drop_off_date: '2027-01-17' },
        code: 'depot_closed',
        says: /no drop-off times on a weekend/,
        suggestion: { drop_off_date: '2027-01-18' },
      },
      {
        when: 'the one-way route from Beta to Alpha is not offered',
        params: { ...CAR_5_DAYS, pick_up_depot_id: '2', drop_off_depot_id: '1' },
        code: 'route_not_offered',
        says: /Beta to Alpha are not offered/,
        suggestion: { drop_off_depot_id: 2 },
      },
      {
        when: 'no season covers a June pick-up date',
        params: { ...CAR_5_DAYS, pick_up_date: '2027-06-07', drop_off_date: '2027-06-14' },
        code: 'no_rate',
        says: /no rate/,
        suggestion: { pick_up_date: '2027-05-31', drop_off_date: '2027-06-07' },
      },
      {
        when: 'the van has no low-season rate',
        params: {
          ...CAR_5_DAYS,
          vehicle_id: '2',
          pick_up_date: '2027-03-10',
          drop_off_date: '2027-03-15',
        },
        code: 'no_rate',
        says: /Test Van has no rate/,
        suggestion: { pick_up_date: '2027-02-28', drop_off_date: '2027-03-05' },
      },
    ]
    for (const { when, params, code, says, suggestion } of cases) {
      test(`${code} when ${when}, with the change that gives a quote`, async () => {
        const body = assertError(await api.get('/quotes', params), { status: 404, code })
        assert.match(body.error, says)
        assert.equal(body.parameter, undefined)
        assert.deepEqual(body.suggestion, suggestion)
        // The message names the same step, as parameters to send.
        for (const [name, value] of Object.entries(suggestion)) {
          assert.ok(body.error.includes(`${name}=${value}`), body.error)
        }
        assert.doesNotMatch(body.error, /GET \/vehicles\/availability/)
        const changed = { ...params, ...stringValues(suggestion) }
        const quote = await api.get('/quotes', changed)
        assert.equal(quote.statusCode, 200, quote.body)
      })
    }

    test('and gives no quoteId', async () => {
      const response = await api.get('/quotes', { ...CAR_5_DAYS, drop_off_date: '2027-01-15' })
      assert.equal(response.statusCode, 404)
      assert.equal(JSON.stringify(response.json()).includes('quoteId'), false)
    })
  })

  describe('with a 400 naming the parameter', () => {
    test('an unknown vehicle_id', async () => {
      const body = assertBadParameter(
        await api.get('/quotes', { ...CAR_5_DAYS, vehicle_id: '99' }),
        'unknown_vehicle',
        'vehicle_id',
      )
      assert.match(body.error, /99/)
    })

    test('an unknown accessory, naming the item', async () => {
      const body = assertBadParameter(
        await api.get('/quotes', { ...CAR_5_DAYS, accessory_ids: '1,99' }),
        'unknown_accessory',
        'accessory_ids',
      )
      assert.match(
        body.error,
        /item 2 \(id 99\) is not an accessory; GET \/vehicles\/1\/accessories lists/,
      )
    })

    test('an accessory that does not fit the vehicle class, naming the item', async () => {
      const body = assertBadParameter(
        await api.get('/quotes', { ...CAR_5_DAYS, accessory_ids: '3' }),
        'accessory_not_offered',
        'accessory_ids',
      )
      assert.match(body.error, /item 1 \(id 3, Kit\).*only for vehicles of class van/)
    })

    test('an accessory not offered in the month of the pick-up date, naming the item', async () => {
      const body = assertBadParameter(
        await api.get('/quotes', {
          ...CAR_5_DAYS,
          pick_up_date: '2027-03-10',
          drop_off_date: '2027-03-15',
          accessory_ids: '1,2',
        }),
        'accessory_not_offered',
        'accessory_ids',
      )
      assert.match(
        body.error,
        /item 2 \(id 2, Chains\) is not offered .*: it is offered for pick-ups in January and December; GET \/vehicles\/1\/accessories with the rental's pick_up_date and drop_off_date lists those offered then/,
      )
    })

    test('a quantity over the most per rental, saying the limit', async () => {
      const body = assertBadParameter(
        await api.get('/quotes', { ...CAR_5_DAYS, accessory_ids: '1,1,1' }),
        'too_many_accessories',
        'accessory_ids',
      )
      assert.match(body.error, /3 of id 1 \(Seat\)/)
      assert.match(body.error, /at most 2/)
    })

    test('a quantity over the limit made by repeating the parameter', async () => {
      assertBadParameter(
        await api.get('/quotes', { ...CAR_5_DAYS, accessory_ids: ['2', '2'] }),
        'too_many_accessories',
        'accessory_ids',
      )
    })

    test('an unknown insurance_id', async () => {
      const body = assertBadParameter(
        await api.get('/quotes', { ...CAR_5_DAYS, insurance_id: '99' }),
        'unknown_insurance',
        'insurance_id',
      )
      assert.match(body.error, /99/)
    })

    test('an insurance plan not offered for the vehicle class', async () => {
      const body = assertBadParameter(
        await api.get('/quotes', { ...CAR_5_DAYS, insurance_id: '3' }),
        'insurance_not_offered',
        'insurance_id',
      )
      assert.match(body.error, /Van cover/)
    })

    test('an unknown depot, before saying anything about availability', async () => {
      assertBadParameter(
        await api.get('/quotes', { ...CAR_5_DAYS, drop_off_depot_id: '3' }),
        'unknown_depot',
        'drop_off_depot_id',
      )
    })
  })
})

describe('a depot closed every Sunday (weekly_closures)', () => {
  let api: TestApi
  let dir: string
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'weekly-closures-'))
    const fleetFile = join(dir, 'fleet.yaml')
    writeFileSync(
      fleetFile,
      rulesFleetText().replace(
        '    name: Alpha\n',
        '    name: Alpha\n    weekly_closures: [sunday]\n',
      ),
    )
    api = await startApi({ fleetFile })
  })
  after(async () => {
    await api.close()
    rmSync(dir, { recursive: true, force: true })
  })
  const VAN = { pick_up_depot_id: '1', drop_off_depot_id: '1', vehicle_id: '2' }

  test('a pick-up on a Sunday is a 404 depot_closed saying it is weekly, with the nearest dates that work', async () => {
    const response = await api.get('/quotes', {
      ...VAN,
      pick_up_date: '2027-01-17',
      drop_off_date: '2027-01-19',
    })
    const body = assertError(response, { status: 404, code: 'depot_closed' })
    assert.match(body.error, /^Alpha is closed on 2027-01-17 \(closed every Sunday\); /)
    assert.deepEqual(body.suggestion, { pick_up_date: '2027-01-16', drop_off_date: '2027-01-18' })
  })

  test('a drop-off on a Sunday is refused too, and the Saturday before is not', async () => {
    const sunday = await api.get('/quotes', {
      ...VAN,
      pick_up_date: '2027-01-14',
      drop_off_date: '2027-01-17',
    })
    assert.deepEqual(assertError(sunday, { status: 404, code: 'depot_closed' }).suggestion, {
      drop_off_date: '2027-01-18',
    })
    const saturday = await api.get('/quotes', {
      ...VAN,
      pick_up_date: '2027-01-14',
      drop_off_date: '2027-01-16',
    })
    assert.equal(saturday.statusCode, 200, saturday.body)
  })
})
