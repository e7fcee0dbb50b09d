import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import {
  assertRateLimitHeaders,
  type DepotBody,
  okBody,
  startApi,
  type TestApi,
} from './api-client.ts'

describe('GET /api/agent/depots', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
  })
  after(async () => {
    await api.close()
  })

  test('answers 200 with a JSON array', async () => {
    const response = await api.get('/depots')
    assert.equal(response.statusCode, 200)
    assert.match(String(response.headers['content-type']), /^application\/json/)
    assert.ok(Array.isArray(response.json()))
  })

  test('lists the active depots only, in id order; inactive depot 3 is absent', async () => {
    const depots = okBody<DepotBody[]>(await api.get('/depots'))
    assert.deepEqual(
      depots.map((depot) => depot.id),
      [1, 2],
    )
  })

  test('gives each depot exactly the fields of the spec and nothing else', async () => {
    const depots = okBody<DepotBody[]>(await api.get('/depots'))
    for (const depot of depots) {
      assert.deepEqual(Object.keys(depot).sort(), [
        'drop_off_times',
        'id',
        'name',
        'opening_hours_description',
        'pickup_times',
      ])
      for (const handover of [...depot.pickup_times, ...depot.drop_off_times]) {
        assert.deepEqual(Object.keys(handover).sort(), ['day', 'time'])
        assert.match(handover.time, /^([01]\d|2[0-3]):[0-5]\d$/)
        assert.ok(['weekday', 'weekend'].includes(handover.day), `bad day ${handover.day}`)
      }
    }
  })

  test('writes the times of the fleet as {time, day} for weekdays and weekends', async () => {
    const depots = okBody<DepotBody[]>(await api.get('/depots'))
    assert.deepEqual(depots, [
      {
        id: 1,
        name: 'Alpha',
        pickup_times: [
          { time: '08:00', day: 'weekday' },
          { time: '12:00', day: 'weekday' },
          { time: '09:00', day: 'weekend' },
        ],
        drop_off_times: [
          { time: '10:00', day: 'weekday' },
          { time: '17:00', day: 'weekday' },
          { time: '16:00', day: 'weekend' },
        ],
        opening_hours_description: 'Every day 8:00 to 18:00',
      },
      {
        id: 2,
        name: 'Beta',
        pickup_times: [{ time: '09:00', day: 'weekday' }],
        drop_off_times: [{ time: '16:00', day: 'weekday' }],
        opening_hours_description: 'Weekdays 9:00 to 17:00',
      },
    ])
  })

  test('carries the rate-limit headers', async () => {
    assertRateLimitHeaders(await api.get('/depots'))
  })
})

describe('GET /api/agent/depots marks the times the depot counts as after hours', () => {
  let api: TestApi
  before(async () => {
    api = await startApi({ fleetFile: DEMO_FLEET_FILE })
  })
  after(() => api.close())

  test('afterHours: true on exactly the times whose hand-over adds the after-hours fee', async () => {
    const [airport] = okBody<DepotBody[]>(await api.get('/depots'))
    const marked = (airport?.pickup_times ?? [])
      .filter((handover) => (handover as { afterHours?: boolean }).afterHours === true)
      .map((handover) => `${handover.day} ${handover.time}`)
    assert.deepEqual(marked, ['weekday 06:00', 'weekday 20:00', 'weekend 06:00', 'weekend 20:00'])
    // The quote agrees: 06:00 adds the fee, 08:00 does not (a Monday pick-up).
    const rental = {
      pick_up_depot_id: '1',
      drop_off_depot_id: '1',
      pick_up_date: '2027-03-01',
      drop_off_date: '2027-03-05',
      vehicle_id: '1',
    }
    const fee = async (time: string) =>
      okBody<{ priceBreakdown: { surcharges: { id: string }[] } }>(
        await api.get('/quotes', { ...rental, pick_up_time: time }),
      ).priceBreakdown.surcharges.some((line) => line.id === 'after-hours')
    assert.equal(await fee('06:00'), true)
    assert.equal(await fee('08:00'), false)
  })
})
