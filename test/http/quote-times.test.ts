import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  assertBadParameter,
  okBody,
  type Params,
  type QuoteBody,
  startApi,
  type TestApi,
} from './api-client.ts'

/*
 * A quote may say when the vehicle is picked up and dropped off: times the depots offer for that
 * date's day type (weekday or weekend). The rules fleet: Alpha (1) picks up 08:00 and 12:00 on
 * weekdays, 09:00 at weekends, and takes drop-offs 10:00 and 17:00 on weekdays, 16:00 at
 * weekends. 2027-01-13 is a Wednesday, 2027-01-16 a Saturday.
 */

const CAR: Params = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-01-13',
  drop_off_date: '2027-01-16',
  vehicle_id: '1',
}

type TimedQuote = QuoteBody & { pickUpTime: string | null; dropOffTime: string | null }

describe('GET /quotes with pick_up_time and drop_off_time', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
  })
  after(() => api.close())

  test('times the depots offer that day are kept in the quote and its checkout link', async () => {
    const quote = okBody<TimedQuote>(
      await api.get('/quotes', { ...CAR, pick_up_time: '12:00', drop_off_time: '16:00' }),
    )
    assert.equal(quote.pickUpTime, '12:00')
    assert.equal(quote.dropOffTime, '16:00')
    assert.match(quote.checkoutUrl, /&pick_up_time=12:00&drop_off_time=16:00&quote_id=q_/)
  })

  test('without times, the quote says null and the person chooses them at checkout', async () => {
    const quote = okBody<TimedQuote>(await api.get('/quotes', CAR))
    assert.equal(quote.pickUpTime, null)
    assert.equal(quote.dropOffTime, null)
    assert.doesNotMatch(quote.checkoutUrl, /_time=/)
  })

  const refusals: { asked: Params; code: string; parameter: string; says: string }[] = [
    {
      asked: { pick_up_time: '09:00' },
      code: 'time_not_offered',
      parameter: 'pick_up_time',
      says: 'pick_up_time 09:00 is not a pick-up time of Alpha on a weekday (2027-01-13); send one of 08:00, 12:00',
    },
    {
      asked: { drop_off_time: '17:00' },
      code: 'time_not_offered',
      parameter: 'drop_off_time',
      says: 'drop_off_time 17:00 is not a drop-off time of Alpha on a weekend (2027-01-16); send one of 16:00',
    },
    {
      asked: { drop_off_date: '2027-01-13', pick_up_time: '12:00', drop_off_time: '10:00' },
      code: 'drop_off_before_pick_up',
      parameter: 'drop_off_time',
      says: 'drop_off_time 10:00 is not after pick_up_time 12:00 on the same day (2027-01-13); send a drop_off_time after 12:00 (one of 17:00) or a later drop_off_date',
    },
    {
      asked: { pick_up_time: '8:00' },
      code: 'invalid_parameter',
      parameter: 'pick_up_time',
      says: 'pick_up_time "8:00" is not valid; send a time as HH:MM',
    },
    {
      // Beta (2) hands over on weekdays only: the nearest days it does, either way, to send.
      asked: {
        pick_up_depot_id: '2',
        drop_off_depot_id: '2',
        pick_up_date: '2027-01-16',
        drop_off_date: '2027-01-20',
        pick_up_time: '08:00',
      },
      code: 'time_not_offered',
      parameter: 'pick_up_time',
      says: 'pick_up_time 08:00: Beta has no pick-up times on a weekend (2027-01-16); the nearest dates it takes pick-ups are 2027-01-15 and 2027-01-18: send pick_up_date=2027-01-15 or pick_up_date=2027-01-18, or leave pick_up_time out',
    },
    {
      // Never a date past the rental's other end: a drop-off before the pick-up would be refused next.
      asked: {
        pick_up_depot_id: '1',
        drop_off_depot_id: '2',
        pick_up_date: '2027-01-16',
        drop_off_date: '2027-01-17',
        drop_off_time: '10:00',
      },
      code: 'time_not_offered',
      parameter: 'drop_off_time',
      says: 'drop_off_time 10:00: Beta has no drop-off times on a weekend (2027-01-17); the nearest date it takes drop-offs is 2027-01-18: send drop_off_date=2027-01-18, or leave drop_off_time out',
    },
    {
      asked: { drop_off_time: '24:00' },
      code: 'invalid_parameter',
      parameter: 'drop_off_time',
      says: 'drop_off_time "24:00" is not valid',
    },
  ]
  for (const { asked, code, parameter, says } of refusals) {
    test(`${JSON.stringify(asked)} is a 400 ${code} naming ${parameter}`, async () => {
      const body = assertBadParameter(
        await api.get('/quotes', { ...CAR, ...asked }),
        code,
        parameter,
      )
      assert.ok(body.error.startsWith(says), body.error)
    })
  }
})

describe('GET /quotes for a pick-up today or within the free cancellation hours', () => {
  // 09:30 on Wednesday 2027-01-13 in Auckland (the rules fleet's zone): Alpha's 08:00 is gone,
  // its 12:00 to come; free cancellation ends 48 hours before pick-up.
  let api: TestApi
  before(async () => {
    api = await startApi({ now: new Date('2027-01-12T20:30:00Z') })
  })
  after(() => api.close())

  test('a pick-up time already passed today is a 400 listing the times still to come', async () => {
    const body = assertBadParameter(
      await api.get('/quotes', { ...CAR, pick_up_time: '08:00' }),
      'time_not_offered',
      'pick_up_time',
    )
    assert.equal(
      body.error,
      'pick_up_time 08:00 on 2027-01-13 has passed (it is 09:30 there now); send one of 12:00, or a later date',
    )
  })

  test('a same-day rental today ends after the earliest pick-up still to come', async () => {
    const today = { ...CAR, drop_off_date: '2027-01-13' }
    const refused = assertBadParameter(
      await api.get('/quotes', { ...today, drop_off_time: '10:00' }),
      'drop_off_before_pick_up',
      'drop_off_time',
    )
    assert.equal(
      refused.error,
      'drop_off_time 10:00 on 2027-01-13 is not after the earliest pick-up Alpha can give that day (12:00); send a drop_off_time after 12:00 (one of 17:00) or a later drop_off_date',
    )
    const quote = okBody<TimedQuote>(
      await api.get('/quotes', {
        ...today,
        vehicle_id: '2',
        pick_up_time: '12:00',
        drop_off_time: '17:00',
      }),
    )
    assert.equal(quote.rentalDays, 1)
  })

  test('a time not offered, asked today, lists only the times still to come', async () => {
    const body = assertBadParameter(
      await api.get('/quotes', { ...CAR, pick_up_time: '09:00' }),
      'time_not_offered',
      'pick_up_time',
    )
    assert.match(body.error, /; send one of 12:00$/)
  })

  test('a time still to come today is quoted, with no free cancellation, said so', async () => {
    const quote = okBody<
      QuoteBody & { terms: { cancellation: { text: string; freeUntil: string | null } } }
    >(await api.get('/quotes', { ...CAR, pick_up_time: '12:00' }))
    // No moment past for an agent to read as "free until".
    assert.equal(quote.terms.cancellation.freeUntil, null)
    assert.equal(
      quote.terms.cancellation.text,
      'No free cancellation: it ends 48 hours before pick-up, and this rental starts sooner; only the depot can cancel.',
    )
  })

  test('a pick-up further off keeps its free cancellation "until"', async () => {
    const quote = okBody<QuoteBody & { terms: { cancellation: { text: string } } }>(
      await api.get('/quotes', {
        ...CAR,
        pick_up_date: '2027-01-20',
        drop_off_date: '2027-01-23',
        pick_up_time: '08:00',
      }),
    )
    assert.match(
      quote.terms.cancellation.text,
      /^Free cancellation until Mon, 18 Jan 2027, 8:00 am NZDT/,
    )
  })
})

describe('GET /quotes for a pick-up today with no time left', () => {
  // 13:00 on Sunday 2027-01-10: Alpha's only weekend pick-up time, 09:00, is gone.
  let api: TestApi
  before(async () => {
    api = await startApi({ now: new Date('2027-01-10T00:00:00Z') })
  })
  after(() => api.close())

  test('says the depot has no later time that day, and to send a later date', async () => {
    const body = assertBadParameter(
      await api.get('/quotes', {
        ...CAR,
        pick_up_date: '2027-01-10',
        drop_off_date: '2027-01-13',
        pick_up_time: '09:00',
      }),
      'time_not_offered',
      'pick_up_time',
    )
    assert.equal(
      body.error,
      'pick_up_time 09:00 on 2027-01-10 has passed (it is 13:00 there now), and Alpha has no later pick-up time that day; send a later date',
    )
  })

  // Asked without a time, today was offered: every vehicle listed, a quote given, and its
  // checkout had no pick-up time left to choose. Today is now as a closed depot: nothing to rent.
  const { vehicle_id: _car, ...SEARCH } = CAR
  const today = { ...SEARCH, pick_up_date: '2027-01-10', drop_off_date: '2027-01-13' }

  test('without a time, availability lists nothing for today, and says why with a later date', async () => {
    assert.equal(okBody<unknown[]>(await api.get('/vehicles/availability', today)).length, 0)
    const [why] = okBody<{ code: string; reason: string; suggestion: Params | null }[]>(
      await api.get('/vehicles/unavailable', today),
    )
    assert.equal(why?.code, 'depot_closed')
    assert.match(
      why?.reason ?? '',
      /^Alpha's last pick-up time on 2027-01-10 was 09:00, and it is 13:00 there now/,
    )
    assert.ok((why?.suggestion?.pick_up_date ?? '') > '2027-01-10', JSON.stringify(why))
    // Tomorrow (a Monday) is offered as ever.
    const tomorrow = { ...today, pick_up_date: '2027-01-11' }
    assert.ok(okBody<unknown[]>(await api.get('/vehicles/availability', tomorrow)).length > 0)
  })

  test('a pick-up date in the past names the first date the depot can still hand over, not today once its times are gone', async () => {
    for (const path of ['/vehicles/availability', '/quotes']) {
      const response = await api.get(path, {
        ...today,
        pick_up_date: '2027-01-09',
        vehicle_id: '1',
      })
      assert.equal(response.statusCode, 400)
      const body = response.json<{ code: string; error: string }>()
      assert.equal(body.code, 'date_in_past')
      assert.equal(
        body.error,
        'pick_up_date 2027-01-09 is in the past; today in Pacific/Auckland is 2027-01-10, and the first date Alpha can still hand a vehicle over is 2027-01-11, so send 2027-01-11 or a later date',
      )
      // And that date works.
      const sent = await api.get(path, {
        ...today,
        pick_up_date: '2027-01-11',
        drop_off_date: '2027-01-14',
        vehicle_id: '1',
      })
      assert.equal(sent.statusCode, 200, sent.body)
    }
  })

  test('without a time, a quote for today is refused as a closed depot is', async () => {
    const refused = await api.get('/quotes', { ...today, vehicle_id: '1' })
    assert.equal(refused.statusCode, 404, refused.body)
    const body = refused.json<{ code: string; error: string }>()
    assert.equal(body.code, 'depot_closed')
    assert.match(body.error, /last pick-up time on 2027-01-10 was 09:00/)
  })

  test('the flexible search leaves today out', async () => {
    const options = okBody<{ pickUpDate: string }[]>(
      await api.get('/vehicles/availability/flexible', {
        pick_up_depot_id: '1',
        drop_off_depot_id: '1',
        earliest_pick_up_date: '2027-01-10',
        latest_pick_up_date: '2027-01-12',
        rental_days: '3',
      }),
    )
    const dates = new Set(options.map((option) => option.pickUpDate))
    assert.ok(!dates.has('2027-01-10'), JSON.stringify([...dates]))
    assert.ok(dates.has('2027-01-11'), JSON.stringify([...dates]))
  })
})
