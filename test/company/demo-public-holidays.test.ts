import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { addDays, type CalendarDate } from '../../src/domain/calendar-date.ts'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import { okBody, startApi, type TestApi } from '../http/api-client.ts'

/*
 * The demo company's Auckland City depot says it is "closed at weekends and on public holidays":
 * its fleet closes it on each of them over the booking horizon, the moving ones (Easter, the
 * Mondays, Matariki, a weekend holiday's observed weekday) by date. A Good Friday was quoted.
 */
const HOLIDAYS = [
  ['2027-02-01', 'Auckland Anniversary Day'],
  ['2027-02-08', 'Waitangi Day, observed'],
  ['2027-03-26', 'Good Friday'],
  ['2027-03-29', 'Easter Monday'],
  ['2027-04-26', 'Anzac Day, observed'],
  ['2027-06-07', "King's Birthday"],
  ['2027-06-25', 'Matariki'],
  ['2027-10-25', 'Labour Day'],
  ['2027-12-27', 'Christmas Day, observed'],
  ['2027-12-28', 'Boxing Day, observed'],
  ['2028-01-03', "New Year's Day, observed"],
  ['2028-01-04', "Day after New Year's Day, observed"],
  ['2028-04-25', 'Anzac Day'],
] as const

describe("the demo's Auckland City depot on public holidays", () => {
  let api: TestApi
  before(async () => {
    api = await startApi({ fleetFile: DEMO_FLEET_FILE })
  })
  after(() => api.close())

  for (const [day, holiday] of HOLIDAYS) {
    test(`${day} (${holiday}) is closed, with a later date suggested`, async () => {
      const search = {
        pick_up_depot_id: '2',
        drop_off_depot_id: '2',
        pick_up_date: day,
        drop_off_date: addDays(day as CalendarDate, 3),
      }
      assert.deepEqual(okBody<unknown[]>(await api.get('/vehicles/availability', search)), [])
      const why = okBody<{ code: string; suggestion: Record<string, string> | null }[]>(
        await api.get('/vehicles/unavailable', search),
      )
      assert.ok(why.length > 0)
      for (const vehicle of why) {
        assert.equal(vehicle.code, 'depot_closed')
        assert.ok((vehicle.suggestion?.pick_up_date ?? '') !== day, JSON.stringify(vehicle))
      }
    })
  }

  test('the working day after Easter Monday is open', async () => {
    const open = okBody<unknown[]>(
      await api.get('/vehicles/availability', {
        pick_up_depot_id: '2',
        drop_off_depot_id: '2',
        pick_up_date: '2027-03-30',
        drop_off_date: '2027-04-02',
      }),
    )
    assert.ok(open.length > 0)
  })
})
