import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Catalogue } from '../../src/domain/catalogue.ts'
import {
  CatalogueIndex,
  depotClosure,
  isClosedOn,
  seasonContains,
} from '../../src/domain/catalogue-index.ts'
import { companyNamed } from '../../src/domain/company.ts'
import { defaultCompanyTerms } from '../../src/domain/company-terms.ts'
import { date, depotOf, loadRulesFleet, vehicleOf } from '../helpers/domain-fixtures.ts'

// The rules fleet (test/fixtures/rules-fleet.yaml): seasons high 12-01..02-28 (wrapping the new
// year) and low 03-01..05-31, nothing from 06-01 to 11-30; rate bands 1-4 and 5+; depots 1 Alpha
// (open every day), 2 Beta (no weekend times, closed 12-25 every year and on 2027-03-03) and
// 3 Gamma (inactive); route 1 -> 2 at 75.50 only.
const { catalogue } = loadRulesFleet()
const index = new CatalogueIndex(catalogue)
const car = vehicleOf(catalogue, 1)
const van = vehicleOf(catalogue, 2)
const alpha = depotOf(catalogue, 1)
const beta = depotOf(catalogue, 2)

/** A catalogue with only what a test sets; the rest is empty. */
function catalogueWith(parts: Partial<Catalogue>): Catalogue {
  return {
    company: companyNamed('Test Rentals'),
    depots: [],
    vehicles: [],
    seasons: [],
    rateBands: [],
    routes: [],
    accessories: [],
    insurancePlans: [],
    terms: defaultCompanyTerms(),
    ...parts,
  }
}

describe('seasonOf finds the season of the pick-up date, recurring every year', () => {
  const rows = [
    { text: '2027-01-15', season: 'high', why: 'inside the wrapping season, after new year' },
    { text: '2026-12-20', season: 'high', why: 'inside the wrapping season, before new year' },
    { text: '2026-12-31', season: 'high', why: 'the last day of the year' },
    { text: '2027-01-01', season: 'high', why: 'the first day of the year' },
    { text: '2026-12-01', season: 'high', why: 'the first day of the season (edge)' },
    { text: '2027-02-28', season: 'high', why: 'the last day of the season (edge)' },
    { text: '2028-02-29', season: 'high', why: '29 February falls with 28 February' },
    { text: '2027-03-01', season: 'low', why: 'the first day of the low season (edge)' },
    { text: '2028-03-01', season: 'low', why: 'the day after 29 February' },
    { text: '2027-05-31', season: 'low', why: 'the last day of the low season (edge)' },
    { text: '2035-04-15', season: 'low', why: 'any later year (seasons never expire)' },
    { text: '2027-06-01', season: undefined, why: 'the first day of the gap' },
    { text: '2027-09-15', season: undefined, why: 'inside the gap' },
    { text: '2027-11-30', season: undefined, why: 'the last day of the gap' },
  ]
  for (const { text, season, why } of rows) {
    test(`${text} is ${season ? `in the ${season} season` : 'in no season'} (${why})`, () => {
      assert.equal(index.seasonOf(date(text))?.id, season)
    })
  }

  test('29 February falls in a season that names it rather than with 28 February', () => {
    const leapIndex = new CatalogueIndex(
      catalogueWith({
        seasons: [
          { id: 'summer', name: 'Summer', periods: [{ from: '01-01', to: '02-28' }] },
          { id: 'leap', name: 'Leap day', periods: [{ from: '02-29', to: '02-29' }] },
        ],
      }),
    )
    assert.equal(leapIndex.seasonOf(date('2028-02-29'))?.id, 'leap')
    assert.equal(leapIndex.seasonOf(date('2028-02-28'))?.id, 'summer')
  })

  test('29 February is in no season when 28 February is in none', () => {
    const gapIndex = new CatalogueIndex(
      catalogueWith({
        seasons: [{ id: 'autumn', name: 'Autumn', periods: [{ from: '03-01', to: '05-31' }] }],
      }),
    )
    assert.equal(gapIndex.seasonOf(date('2028-02-29')), undefined)
  })

  test('a season with two periods holds the days of both', () => {
    const shoulder = {
      id: 'shoulder',
      name: 'Shoulder',
      periods: [
        { from: '03-01', to: '04-30' },
        { from: '10-01', to: '12-14' },
      ],
    }
    assert.equal(seasonContains(shoulder, '04-30'), true)
    assert.equal(seasonContains(shoulder, '10-01'), true)
    assert.equal(seasonContains(shoulder, '07-01'), false)
    assert.equal(seasonContains(shoulder, '12-15'), false)
  })
})

describe('rateBandIndex finds the rental-length band', () => {
  const rows = [
    { days: 1, band: 0, why: 'the first day of the first band' },
    { days: 4, band: 0, why: 'the upper edge of the first band' },
    { days: 5, band: 1, why: 'the lower edge of the open last band' },
    { days: 90, band: 1, why: 'the longest rental, in the open last band' },
    { days: 0, band: undefined, why: 'no band holds zero days' },
  ]
  for (const { days, band, why } of rows) {
    test(`${days} day(s) is band ${band} (${why})`, () => {
      assert.equal(index.rateBandIndex(days), band)
    })
  }

  test('a length past a closed last band is in no band', () => {
    const closed = new CatalogueIndex(
      catalogueWith({
        rateBands: [
          { minDays: 1, maxDays: 4 },
          { minDays: 5, maxDays: 9 },
        ],
      }),
    )
    assert.equal(closed.rateBandIndex(9), 1)
    assert.equal(closed.rateBandIndex(10), undefined)
  })
})

describe('routeFee is 0 for a return, the listed fee one way, and undefined when not offered', () => {
  const rows = [
    { from: 1, to: 1, fee: 0, why: 'a return to Alpha' },
    { from: 2, to: 2, fee: 0, why: 'a return to Beta' },
    { from: 1, to: 2, fee: 7550, why: 'the listed route Alpha to Beta (75.50)' },
    { from: 2, to: 1, fee: undefined, why: 'the reverse route is not listed' },
    { from: 1, to: 3, fee: undefined, why: 'no route to Gamma' },
  ]
  for (const { from, to, fee, why } of rows) {
    test(`from depot ${from} to depot ${to} the fee is ${fee} (${why})`, () => {
      assert.equal(index.routeFee(from, to), fee)
    })
  }
})

describe('activeDepot accepts only active depots', () => {
  const rows = [
    { id: 1, name: 'Alpha', why: 'active' },
    { id: 2, name: 'Beta', why: 'active, though closed at weekends' },
    { id: 3, name: undefined, why: 'inactive' },
    { id: 99, name: undefined, why: 'unknown' },
  ]
  for (const { id, name, why } of rows) {
    test(`depot ${id} is ${name ? 'accepted' : 'refused'} (${why})`, () => {
      assert.equal(index.activeDepot(id)?.name, name)
    })
  }
  test('only the active depots are listed, in id order', () => {
    assert.deepEqual(
      index.activeDepots.map((depot) => depot.id),
      [1, 2],
    )
  })
})

describe('vehicle, accessory and insurancePlan look up by id', () => {
  test('vehicle 2 is the Test Van and vehicle 99 is none', () => {
    assert.equal(index.vehicle(2)?.name, 'Test Van')
    assert.equal(index.vehicle(99), undefined)
  })
  test('accessory 3 is the Kit and accessory 99 is none', () => {
    assert.equal(index.accessory(3)?.name, 'Kit')
    assert.equal(index.accessory(99), undefined)
  })
  test('insurance plan 2 is Full and plan 99 is none', () => {
    assert.equal(index.insurancePlan(2)?.name, 'Full')
    assert.equal(index.insurancePlan(99), undefined)
  })
  test('vehiclesStockedAt lists the vehicles with units at the depot', () => {
    assert.deepEqual(
      index.vehiclesStockedAt(1).map((vehicle) => vehicle.id),
      [1, 2],
    )
    assert.deepEqual(
      index.vehiclesStockedAt(2).map((vehicle) => vehicle.id),
      [1],
    )
    assert.deepEqual(index.vehiclesStockedAt(3), [])
  })
})

describe('accessoriesFor lists what fits the vehicle class and, with a date, that month', () => {
  const rows = [
    { vehicle: car, on: undefined, ids: [1, 2], why: 'car, no date: every car accessory' },
    { vehicle: van, on: undefined, ids: [1, 2, 3], why: 'van, no date: the kit is for vans' },
    { vehicle: car, on: '2027-01-15', ids: [1, 2], why: 'car in January: chains offered' },
    { vehicle: car, on: '2026-12-01', ids: [1, 2], why: 'car in December: chains offered' },
    { vehicle: car, on: '2027-02-01', ids: [1], why: 'car in February: no chains' },
    { vehicle: car, on: '2027-03-15', ids: [1], why: 'car in March: no chains' },
    { vehicle: van, on: '2027-12-15', ids: [1, 2, 3], why: 'van in December' },
    { vehicle: van, on: '2027-03-15', ids: [1, 3], why: 'van in March: no chains' },
  ]
  for (const { vehicle, on, ids, why } of rows) {
    test(`${vehicle.name} ${on ? `picked up ${on}` : 'without dates'} gets accessories ${ids.join(', ')} (${why})`, () => {
      assert.deepEqual(
        index
          .accessoriesFor(vehicle, on === undefined ? undefined : date(on))
          .map((item) => item.id),
        ids,
      )
    })
  }
})

describe('insurancePlansFor lists the plans for the vehicle class', () => {
  test('a car gets Basic (every class) and Full (cars)', () => {
    assert.deepEqual(
      index.insurancePlansFor(car).map((plan) => plan.id),
      [1, 2],
    )
  })
  test('a van gets Basic (every class) and Van cover', () => {
    assert.deepEqual(
      index.insurancePlansFor(van).map((plan) => plan.id),
      [1, 3],
    )
  })
})

describe('depotClosure says why a depot cannot hand over a vehicle on a date', () => {
  const rows = [
    {
      depot: beta,
      on: '2026-12-25',
      handover: 'pick-up' as const,
      reason: 'Beta is closed on 2026-12-25',
      why: 'annual closure on a Friday',
    },
    {
      depot: beta,
      on: '2031-12-25',
      handover: 'drop-off' as const,
      reason: 'Beta is closed on 2031-12-25',
      why: 'annual closure recurs every year',
    },
    {
      depot: beta,
      on: '2027-03-03',
      handover: 'pick-up' as const,
      reason: 'Beta is closed on 2027-03-03',
      why: 'dated closure on a Wednesday',
    },
    {
      depot: beta,
      on: '2027-01-16',
      handover: 'pick-up' as const,
      reason: 'Beta has no pick-up times on a weekend (2027-01-16)',
      why: 'no weekend pick-up times on a Saturday',
    },
    {
      depot: beta,
      on: '2027-01-17',
      handover: 'drop-off' as const,
      reason: 'Beta has no drop-off times on a weekend (2027-01-17)',
      why: 'no weekend drop-off times on a Sunday',
    },
    {
      depot: beta,
      on: '2028-03-03',
      handover: 'pick-up' as const,
      reason: undefined,
      why: 'a dated closure does not recur (a Friday)',
    },
    {
      depot: beta,
      on: '2027-01-13',
      handover: 'drop-off' as const,
      reason: undefined,
      why: 'open on a Wednesday',
    },
    {
      depot: alpha,
      on: '2027-01-16',
      handover: 'pick-up' as const,
      reason: undefined,
      why: 'Alpha has weekend times',
    },
    {
      depot: alpha,
      on: '2026-12-25',
      handover: 'drop-off' as const,
      reason: undefined,
      why: 'Alpha is open on Christmas Day',
    },
    {
      depot: { ...alpha, weeklyClosures: ['sunday' as const] },
      on: '2027-01-17',
      handover: 'pick-up' as const,
      reason: 'Alpha is closed on 2027-01-17 (closed every Sunday)',
      why: 'a weekly closure, said as one, though it has weekend times',
    },
    {
      depot: { ...alpha, weeklyClosures: ['sunday' as const] },
      on: '2027-01-16',
      handover: 'drop-off' as const,
      reason: undefined,
      why: 'closed on Sundays, open on the Saturday',
    },
  ]
  for (const { depot, on, handover, reason, why } of rows) {
    test(`${depot.name} for ${handover} on ${on} is ${reason ? 'closed' : 'open'} (${why})`, () => {
      assert.equal(depotClosure(depot, date(on), handover), reason)
    })
  }
})

describe('isClosedOn: closures as single days or ranges, annual ranges wrapping the new year, days of the week', () => {
  const depot = {
    ...alpha,
    annualClosures: [
      { from: '12-24', to: '12-26' },
      { from: '12-31', to: '01-02' },
      { from: '06-15', to: '06-15' },
    ],
    closures: [{ from: date('2027-03-01'), to: date('2027-03-05') }],
    weeklyClosures: ['tuesday' as const, 'thursday' as const],
  }
  const rows = [
    { on: '2026-12-23', closed: false, why: 'the day before an annual range' },
    { on: '2026-12-24', closed: true, why: 'the first day of an annual range' },
    { on: '2026-12-26', closed: true, why: 'the last day of an annual range' },
    { on: '2026-12-27', closed: false, why: 'the day after it' },
    { on: '2026-12-31', closed: true, why: 'a range that wraps the new year, before it' },
    { on: '2027-01-02', closed: true, why: 'the same range, after the new year' },
    { on: '2027-01-03', closed: false, why: 'the day after the wrapping range' },
    { on: '2028-06-15', closed: true, why: 'a single annual day, any year' },
    { on: '2027-02-28', closed: false, why: 'the day before a dated range' },
    { on: '2027-03-01', closed: true, why: 'the first day of a dated range' },
    { on: '2027-03-05', closed: true, why: 'its last day' },
    { on: '2028-03-03', closed: false, why: 'a dated range does not recur' },
    { on: '2027-01-19', closed: true, why: 'a Tuesday, closed every week' },
    { on: '2027-01-21', closed: true, why: 'a Thursday, closed every week too' },
    { on: '2027-01-20', closed: false, why: 'the Wednesday between' },
    { on: '2027-01-16', closed: false, why: 'a Saturday' },
    { on: '2028-12-26', closed: true, why: 'a Tuesday in another year' },
  ]
  for (const { on, closed, why } of rows) {
    test(`${on} is ${closed ? 'closed' : 'open'} (${why})`, () => {
      assert.equal(isClosedOn(depot, date(on)), closed)
    })
  }
})
