import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  assessVehicle,
  type RentalRequest,
  type RentalTerms,
  routeUnavailability,
  seasonPhrase,
} from '../../src/domain/availability.ts'
import { CatalogueIndex } from '../../src/domain/catalogue-index.ts'
import type { UnavailableCode } from '../../src/domain/errors.ts'
import { rentalDays } from '../../src/domain/rental-period.ts'
import { date, depotOf, loadRulesFleet, vehicleOf } from '../helpers/domain-fixtures.ts'

// The rules fleet: Test Car (id 1; 2 units at Alpha, 1 at Beta; at least 3 days in high season;
// high 100.00 / 90.00, low 50.00 / 45.50 for 1-4 / 5+ days) and Test Van (id 2; 1 unit at Alpha;
// high season rates only). Alpha (1) opens every day; Beta (2) has no weekend times, closes every
// 12-25 and on 2027-03-03. Only the route Alpha -> Beta (75.50) is offered.
const { catalogue } = loadRulesFleet()
const index = new CatalogueIndex(catalogue)
const car = vehicleOf(catalogue, 1)
const van = vehicleOf(catalogue, 2)

function request(pickUpDepotId: number, dropOffDepotId: number, from: string, to: string) {
  const pickUpDate = date(from)
  const dropOffDate = date(to)
  return {
    pickUpDepot: depotOf(catalogue, pickUpDepotId),
    dropOffDepot: depotOf(catalogue, dropOffDepotId),
    period: { pickUpDate, dropOffDate, days: rentalDays(pickUpDate, dropOffDate) },
    driverAge: null,
  } satisfies RentalRequest
}

describe('assessVehicle prices an available vehicle in cents', () => {
  const rows: {
    rule: string
    vehicle: typeof car
    ask: RentalRequest
    booked: number
    terms: RentalTerms
  }[] = [
    {
      rule: 'a 5-day high-season return at Alpha uses the 5+ band: 90.00 x 5',
      vehicle: car,
      ask: request(1, 1, '2027-01-13', '2027-01-18'),
      booked: 0,
      terms: { dailyRate: 9000, rentalFee: 45000, routeFee: 0 },
    },
    {
      rule: 'one unit left of two is enough',
      vehicle: car,
      ask: request(1, 1, '2027-01-13', '2027-01-18'),
      booked: 1,
      terms: { dailyRate: 9000, rentalFee: 45000, routeFee: 0 },
    },
    {
      rule: 'a 4-day one-way rental Alpha to Beta uses the 1-4 band and the route fee 75.50',
      vehicle: car,
      ask: request(1, 2, '2027-01-11', '2027-01-15'),
      booked: 0,
      terms: { dailyRate: 10000, rentalFee: 40000, routeFee: 7550 },
    },
    {
      rule: 'a 7-day low-season rental uses 45.50 x 7, to the cent',
      vehicle: car,
      ask: request(1, 1, '2027-03-08', '2027-03-15'),
      booked: 0,
      terms: { dailyRate: 4550, rentalFee: 31850, routeFee: 0 },
    },
    {
      rule: 'a same-day low-season rental is one day at 50.00 (no minimum outside high season)',
      vehicle: car,
      ask: request(1, 1, '2027-04-06', '2027-04-06'),
      booked: 0,
      terms: { dailyRate: 5000, rentalFee: 5000, routeFee: 0 },
    },
    {
      rule: 'a van without minimum days can be rented for 1 day in high season',
      vehicle: van,
      ask: request(1, 1, '2027-01-11', '2027-01-12'),
      booked: 0,
      terms: { dailyRate: 20000, rentalFee: 20000, routeFee: 0 },
    },
    {
      rule: 'exactly the minimum of 3 days in high season is enough',
      vehicle: car,
      ask: request(1, 1, '2027-01-13', '2027-01-16'),
      booked: 0,
      terms: { dailyRate: 10000, rentalFee: 30000, routeFee: 0 },
    },
    {
      rule: 'the pick-up date sets the season: picked up 02-28, returned in March, high rates',
      vehicle: car,
      ask: request(1, 1, '2027-02-28', '2027-03-05'),
      booked: 0,
      terms: { dailyRate: 9000, rentalFee: 45000, routeFee: 0 },
    },
    {
      rule: 'a leap-day pick-up takes the 28 February season',
      vehicle: van,
      ask: request(1, 1, '2028-02-29', '2028-03-02'),
      booked: 0,
      terms: { dailyRate: 20000, rentalFee: 40000, routeFee: 0 },
    },
  ]
  for (const { rule, vehicle, ask, booked, terms } of rows) {
    test(rule, () => {
      assert.deepEqual(assessVehicle(index, vehicle, ask, booked), { available: true, terms })
    })
  }
})

describe('assessVehicle says why a vehicle is unavailable, with a stable code', () => {
  const rows: {
    rule: string
    vehicle: typeof car
    ask: RentalRequest
    booked: number
    code: UnavailableCode
    says: string
  }[] = [
    {
      rule: 'no unit left at the pick-up depot is vehicle_sold_out',
      vehicle: car,
      ask: request(1, 1, '2027-01-13', '2027-01-18'),
      booked: 2,
      code: 'vehicle_sold_out',
      says: 'Test Car is sold out at Alpha for 2027-01-13 to 2027-01-18',
    },
    {
      rule: 'the only van booked is vehicle_sold_out',
      vehicle: van,
      ask: request(1, 1, '2027-01-20', '2027-01-22'),
      booked: 1,
      code: 'vehicle_sold_out',
      says: 'Test Van is sold out at Alpha',
    },
    {
      rule: 'a vehicle not stocked at the pick-up depot at all is vehicle_sold_out',
      vehicle: van,
      ask: request(2, 2, '2027-01-11', '2027-01-15'),
      booked: 0,
      code: 'vehicle_sold_out',
      says: 'Test Van is not stocked at Beta',
    },
    {
      rule: 'a 2-day rental when the season asks 3 is below_minimum_days',
      vehicle: car,
      ask: request(1, 1, '2027-01-13', '2027-01-15'),
      booked: 0,
      code: 'below_minimum_days',
      says: 'Test Car is rented for at least 3 days in the High season; this rental is 2',
    },
    {
      rule: 'a same-day rental when the season asks 3 is below_minimum_days',
      vehicle: car,
      ask: request(1, 1, '2027-01-13', '2027-01-13'),
      booked: 0,
      code: 'below_minimum_days',
      says: 'this rental is 1 day',
    },
    {
      rule: 'a pick-up at a depot without weekend pick-up times on a Saturday is depot_closed',
      vehicle: car,
      ask: request(2, 2, '2027-01-16', '2027-01-20'),
      booked: 0,
      code: 'depot_closed',
      says: 'Beta has no pick-up times on a weekend (2027-01-16)',
    },
    {
      rule: 'a pick-up at a depot on its dated closure is depot_closed',
      vehicle: car,
      ask: request(2, 2, '2027-03-03', '2027-03-08'),
      booked: 0,
      code: 'depot_closed',
      says: 'Beta is closed on 2027-03-03',
    },
    {
      rule: 'a drop-off at a depot without weekend drop-off times on a Sunday is depot_closed',
      vehicle: car,
      ask: request(1, 2, '2027-01-13', '2027-01-17'),
      booked: 0,
      code: 'depot_closed',
      says: 'Beta has no drop-off times on a weekend (2027-01-17)',
    },
    {
      rule: 'a drop-off at a depot on its annual closure (a Friday) is depot_closed',
      vehicle: car,
      ask: request(1, 2, '2026-12-21', '2026-12-25'),
      booked: 0,
      code: 'depot_closed',
      says: 'Beta is closed on 2026-12-25',
    },
    {
      rule: 'a one-way route that is not listed is route_not_offered',
      vehicle: car,
      ask: request(2, 1, '2027-01-11', '2027-01-15'),
      booked: 0,
      code: 'route_not_offered',
      says: 'one-way rentals from Beta to Alpha are not offered',
    },
    {
      rule: 'a pick-up date in no season is no_rate',
      vehicle: car,
      ask: request(1, 1, '2027-06-07', '2027-06-10'),
      booked: 0,
      code: 'no_rate',
      says: 'Test Car has no rate for a 3-day rental picked up on 2027-06-07',
    },
    {
      rule: 'a season the vehicle has no rates for is no_rate',
      vehicle: van,
      ask: request(1, 1, '2027-03-08', '2027-03-12'),
      booked: 0,
      code: 'no_rate',
      says: 'Test Van has no rate for a 4-day rental picked up on 2027-03-08',
    },
  ]
  for (const { rule, vehicle, ask, booked, code, says } of rows) {
    test(rule, () => {
      const result = assessVehicle(index, vehicle, ask, booked)
      assert.equal(result.available, false)
      assert.ok(!result.available)
      assert.equal(result.code, code)
      assert.ok(result.reason.includes(says), `reason holds "${says}": ${result.reason}`)
    })
  }
})

describe('routeUnavailability rules out every vehicle for closed depots and routes not offered', () => {
  const rows = [
    {
      ask: request(1, 1, '2027-01-16', '2027-01-17'),
      code: undefined,
      why: 'Alpha at the weekend',
    },
    { ask: request(1, 2, '2027-01-11', '2027-01-15'), code: undefined, why: 'listed route' },
    {
      ask: request(2, 2, '2027-01-16', '2027-01-18'),
      code: 'depot_closed',
      why: 'Beta pick-up on Saturday',
    },
    {
      ask: request(1, 2, '2027-01-11', '2027-01-16'),
      code: 'depot_closed',
      why: 'Beta drop-off on Saturday',
    },
    {
      ask: request(2, 1, '2027-01-11', '2027-01-15'),
      code: 'route_not_offered',
      why: 'Beta to Alpha',
    },
  ]
  for (const { ask, code, why } of rows) {
    const { pickUpDepot, dropOffDepot, period } = ask
    test(`${pickUpDepot.name} ${period.pickUpDate} to ${dropOffDepot.name} ${period.dropOffDate} is ${code ?? 'possible'} (${why})`, () => {
      assert.equal(routeUnavailability(index, ask)?.code, code)
    })
  }
})

describe('a season named in a sentence', () => {
  const rows: [string, string][] = [
    ['Shoulder', 'the Shoulder season'],
    ['High', 'the High season'],
    ['Ski season', 'the Ski season'],
    ['Summer Season', 'the Summer Season'],
    ['Off-season', 'the Off-season'],
    ['Seasonal specials', 'the Seasonal specials season'],
  ]
  for (const [name, phrase] of rows) {
    test(`${JSON.stringify(name)} reads "${phrase}"`, () => {
      assert.equal(seasonPhrase(name), phrase)
    })
  }
})
