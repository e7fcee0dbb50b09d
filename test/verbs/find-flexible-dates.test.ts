import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { BookedUnitsQuery, Store } from '../../src/store/store.ts'
import type { VerbContext } from '../../src/verbs/context.ts'
import { findFlexibleDates } from '../../src/verbs/find-flexible-dates.ts'
import { buildTestApp } from '../helpers/test-app.ts'

/*
 * A flexible-dates search is one verb over availability's own assessment, not a loop of searches:
 * the bookings of the whole window come from one store read for the pick-up depot, whatever the
 * number of dates, and on the embedded store the answer comes at once, as availability's does.
 * Why the pairs it leaves out are left out is kept, by vehicle and reason, for the doors to word.
 */

/** The rules fleet: the van (2) is sold out at Alpha (1) from 2027-01-20 to 01-25; the car (1) has 2 units. */
const WINDOW = {
  pickUpDepotId: 1,
  dropOffDepotId: 1,
  earliestPickUpDate: '2027-01-13',
  latestPickUpDate: '2027-01-26',
  rentalDays: 5,
  limit: 500,
}

describe('findFlexibleDates', () => {
  let testApp: Awaited<ReturnType<typeof buildTestApp>>
  before(async () => {
    testApp = await buildTestApp()
  })
  after(() => testApp.close())

  /** The verb's context with a store that counts its reads and passes each on to the real one. */
  function countingContext(): { ctx: VerbContext; reads: BookedUnitsQuery[]; single: number } {
    const reads: BookedUnitsQuery[] = []
    const counts = { single: 0 }
    const real = testApp.ctx.store
    const store = Object.create(real) as Store
    store.bookedUnitsEachDay = (query) => {
      reads.push(query)
      return real.bookedUnitsEachDay(query)
    }
    store.bookedUnits = (query) => {
      counts.single += 1
      return real.bookedUnits(query)
    }
    return {
      ctx: { ...testApp.ctx, store },
      reads,
      get single() {
        return counts.single
      },
    }
  }

  test('reads the bookings of the whole window once, for the pick-up depot', () => {
    const counting = countingContext()
    const found = findFlexibleDates(counting.ctx, WINDOW)
    assert.ok(!(found instanceof Promise), 'the embedded store answers at once')
    assert.deepEqual(counting.reads, [
      // Every vehicle stocked there; from the first pick-up to the last drop-off.
      { depotId: 1, vehicleIds: [1, 2], from: '2027-01-13', to: '2027-01-31' },
    ])
    assert.equal(counting.single, 0, 'no read per date')
    assert.equal(found.total, found.options.length)
  })

  test('a window of 31 dates is still one read', () => {
    const counting = countingContext()
    findFlexibleDates(counting.ctx, { ...WINDOW, latestPickUpDate: '2027-02-12' })
    assert.equal(counting.reads.length, 1)
    assert.equal(counting.single, 0)
  })

  test('keeps why the other pairs are left out, by vehicle and code, with the dates', () => {
    const found = findFlexibleDates(testApp.ctx, WINDOW)
    assert.ok(!(found instanceof Promise))
    const misses = found.misses.map(({ vehicle, code, dates }) => ({
      vehicle: vehicle?.id ?? null,
      code,
      from: dates[0],
      dates: dates.length,
    }))
    // The van's 5-day rentals from 01-15 to 01-25 meet its booking of 01-20 to 01-25.
    assert.deepEqual(misses, [
      { vehicle: 2, code: 'vehicle_sold_out', from: '2027-01-15', dates: 11 },
    ])
    assert.match(
      found.misses[0]?.reason ?? '',
      /Test Van is sold out at Alpha for 2027-01-15 to 2027-01-20/,
    )
  })

  test('what rules out every vehicle (a route, a closed depot) is said once per reason, not per vehicle', () => {
    const found = findFlexibleDates(testApp.ctx, { ...WINDOW, pickUpDepotId: 2 })
    assert.ok(!(found instanceof Promise))
    assert.equal(found.total, 0)
    assert.deepEqual(
      found.misses.map(({ vehicle, code, dates }) => [vehicle, code, dates.length]),
      // Beta hands over on weekdays only; on weekdays, the route from Beta to Alpha is not offered.
      [
        [null, 'route_not_offered', 10],
        [null, 'depot_closed', 4],
      ],
    )
  })

  test('a filter no stocked vehicle meets: nothing to assess, and no read', () => {
    const counting = countingContext()
    const found = findFlexibleDates(counting.ctx, WINDOW, { minSeats: 99 })
    assert.ok(!(found instanceof Promise))
    assert.equal(found.candidates, 0)
    assert.equal(counting.reads.length, 0)
  })
})
