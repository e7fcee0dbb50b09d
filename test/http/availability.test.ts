import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  assertBadParameter,
  okBody,
  type Params,
  startApi,
  type TestApi,
  url,
  type VehicleBody,
} from './api-client.ts'

/*
 * The rules fleet, seen from a clock at 2027-01-10 (a Sunday, high season): the car (id 1) has
 * 2 units at Alpha (1) and 1 at Beta (2), at least 3 days in high season, 100/90 a day in high
 * and 50/45.50 in low; the van (id 2) has 1 unit at Alpha only, booked 2027-01-20 to 2027-01-25,
 * and no low-season rate. Beta has no weekend times and is closed on 2027-03-03 and every 12-25.
 */

function search(
  pickUpDate: string,
  dropOffDate: string,
  depots: [string, string] = ['1', '1'],
): Params {
  return {
    pick_up_depot_id: depots[0],
    drop_off_depot_id: depots[1],
    pick_up_date: pickUpDate,
    drop_off_date: dropOffDate,
  }
}

describe('GET /api/agent/vehicles/availability', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
  })
  after(async () => {
    await api.close()
  })

  async function available(params: Params): Promise<VehicleBody[]> {
    return okBody<VehicleBody[]>(await api.get('/vehicles/availability', params))
  }

  const ids = (vehicles: VehicleBody[]) => vehicles.map((vehicle) => vehicle.vehicleId)

  describe('for an open route with stock', () => {
    test('answers 200 with a JSON array of vehicles carrying the fields of the spec', async () => {
      const vehicles = await available(search('2027-01-13', '2027-01-18'))
      assert.equal(vehicles.length, 2)
      for (const vehicle of vehicles) {
        assert.ok(Number.isInteger(vehicle.vehicleId))
        assert.equal(typeof vehicle.name, 'string')
        assert.equal(typeof vehicle.rentalDailyRate, 'number')
        assert.equal(typeof vehicle.imageUrl, 'string')
      }
    })

    test('gives rentalDailyRate in dollars, not cents', async () => {
      const [car, van] = await available(search('2027-01-13', '2027-01-18'))
      assert.deepEqual(
        { vehicleId: car?.vehicleId, name: car?.name, rentalDailyRate: car?.rentalDailyRate },
        { vehicleId: 1, name: 'Test Car', rentalDailyRate: 90 },
      )
      assert.deepEqual(
        { vehicleId: van?.vehicleId, name: van?.name, rentalDailyRate: van?.rentalDailyRate },
        { vehicleId: 2, name: 'Test Van', rentalDailyRate: 180 },
      )
    })

    test('lists the cheapest daily rate first', async () => {
      const vehicles = await available(search('2027-01-13', '2027-01-18'))
      assert.deepEqual(ids(vehicles), [1, 2])
      const rates = vehicles.map((vehicle) => vehicle.rentalDailyRate)
      assert.deepEqual(
        rates,
        [...rates].sort((a, b) => a - b),
      )
    })

    test('serves a vehicle image file as an absolute URL under the site', async () => {
      const [car] = await available(search('2027-01-13', '2027-01-18'))
      assert.equal(car?.imageUrl, 'https://rentals.example.com/images/vehicles/economy.svg')
    })

    test('keeps an absolute external image URL as it is', async () => {
      const vehicles = await available(search('2027-01-13', '2027-01-18'))
      const van = vehicles.find((vehicle) => vehicle.vehicleId === 2)
      assert.equal(van?.imageUrl, 'https://images.example.com/van.png')
    })

    test('ignores unknown extra parameters', async () => {
      const target = `${url('/vehicles/availability', search('2027-01-13', '2027-01-18'))}&colour=red&__proto__=1&constructor=x`
      const vehicles = okBody<VehicleBody[]>(await api.request(target))
      assert.deepEqual(ids(vehicles), [1, 2])
    })
  })

  describe('prices', () => {
    test('use the 1-4 day band for a 4-day rental', async () => {
      const vehicles = await available(search('2027-01-13', '2027-01-17'))
      assert.deepEqual(
        vehicles.map((vehicle) => vehicle.rentalDailyRate),
        [100, 200],
      )
    })

    test('switch to the 5+ day band at 5 days', async () => {
      const vehicles = await available(search('2027-01-13', '2027-01-18'))
      assert.deepEqual(
        vehicles.map((vehicle) => vehicle.rentalDailyRate),
        [90, 180],
      )
    })

    test('use the low-season rate for a pick-up in March', async () => {
      const [car] = await available(search('2027-03-10', '2027-03-12'))
      assert.equal(car?.rentalDailyRate, 50)
    })

    test('keep cents as decimals: 45.50 a day in the low season for 5 days or more', async () => {
      const [car] = await available(search('2027-03-10', '2027-03-20'))
      assert.equal(car?.rentalDailyRate, 45.5)
    })

    test('follow the season of the pick-up date, even when the rental ends in the next one', async () => {
      const [car] = await available(search('2027-02-26', '2027-03-03'))
      assert.equal(car?.rentalDailyRate, 90)
    })

    test('put 29 February of a leap year with the season that ends on 28 February', async () => {
      const [car] = await available(search('2028-02-29', '2028-03-03'))
      assert.equal(car?.rentalDailyRate, 100)
    })
  })

  describe('rental length', () => {
    test('counts a same-day rental as 1 day', async () => {
      const vehicles = await available(search('2027-01-26', '2027-01-26'))
      const van = vehicles.find((vehicle) => vehicle.vehicleId === 2)
      assert.equal(van?.rentalDailyRate, 200)
      assert.equal(van?.rentalDays, 1)
      assert.equal(van?.rentalFee, 200)
    })

    test('leaves out the car below its 3-day high-season minimum', async () => {
      assert.deepEqual(ids(await available(search('2027-01-13', '2027-01-15'))), [2])
    })

    test('lists the car at exactly its 3-day minimum', async () => {
      assert.deepEqual(ids(await available(search('2027-01-13', '2027-01-16'))), [1, 2])
    })
  })

  describe('stock', () => {
    test('leaves out the sold-out van on its booked dates', async () => {
      assert.deepEqual(ids(await available(search('2027-01-21', '2027-01-24'))), [1])
      assert.deepEqual(ids(await available(search('2027-01-20', '2027-01-25'))), [1])
    })

    test('lists the van on dates clear of its booking', async () => {
      assert.ok(ids(await available(search('2027-01-13', '2027-01-18'))).includes(2))
      assert.ok(ids(await available(search('2027-01-26', '2027-01-29'))).includes(2))
    })

    test('still lists the car when one of its two units is booked', async () => {
      assert.ok(ids(await available(search('2027-01-11', '2027-01-14'))).includes(1))
    })

    test('leaves out vehicles not stocked at the pick-up depot', async () => {
      assert.deepEqual(ids(await available(search('2027-01-13', '2027-01-18', ['2', '2']))), [1])
    })

    test('leaves out a vehicle without a rate for the pick-up date', async () => {
      assert.deepEqual(ids(await available(search('2027-03-10', '2027-03-20'))), [1])
    })
  })

  describe('answers an empty array, not an error,', () => {
    const cases: [string, Params][] = [
      [
        'when the pick-up depot has no weekend pick-up times',
        search('2027-01-16', '2027-01-20', ['2', '2']),
      ],
      [
        'when the pick-up depot is closed that date',
        search('2027-03-03', '2027-03-08', ['2', '2']),
      ],
      [
        'when the drop-off depot has no weekend drop-off times',
        search('2027-01-13', '2027-01-17', ['1', '2']),
      ],
      [
        'when the drop-off depot is closed on its annual closure',
        search('2027-12-20', '2027-12-25', ['1', '2']),
      ],
      ['when the route is not offered', search('2027-01-13', '2027-01-18', ['2', '1'])],
      ['when no season covers the pick-up date', search('2027-06-07', '2027-06-14')],
    ]
    for (const [when, params] of cases) {
      test(when, async () => {
        assert.deepEqual(await available(params), [])
      })
    }
  })

  describe('one-way rentals', () => {
    test('list the vehicles stocked at the pick-up depot for an offered route', async () => {
      const vehicles = await available(search('2027-01-13', '2027-01-18', ['1', '2']))
      assert.deepEqual(ids(vehicles), [1, 2])
      assert.equal(vehicles[0]?.routeFee, 75.5)
    })
  })

  describe('depots', () => {
    test('an unknown pick-up depot is a 400 naming pick_up_depot_id', async () => {
      const response = await api.get('/vehicles/availability', {
        ...search('2027-01-13', '2027-01-18'),
        pick_up_depot_id: '99',
      })
      const body = assertBadParameter(response, 'unknown_depot', 'pick_up_depot_id')
      assert.match(body.error, /99/)
      assert.match(body.error, /GET \/depots/)
    })

    test('the inactive depot 3 is a 400 naming drop_off_depot_id', async () => {
      const response = await api.get('/vehicles/availability', {
        ...search('2027-01-13', '2027-01-18'),
        drop_off_depot_id: '3',
      })
      assertBadParameter(response, 'unknown_depot', 'drop_off_depot_id')
    })

    test('the inactive depot 3 as pick-up depot is a 400 naming pick_up_depot_id', async () => {
      const response = await api.get(
        '/vehicles/availability',
        search('2027-01-13', '2027-01-18', ['3', '1']),
      )
      assertBadParameter(response, 'unknown_depot', 'pick_up_depot_id')
    })
  })
})
