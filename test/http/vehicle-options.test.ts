import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  type AccessoryBody,
  assertBadParameter,
  type InsurancePlanBody,
  okBody,
  startApi,
  type TestApi,
} from './api-client.ts'

/*
 * Rules fleet: Seat (1, 12.00 a day, capped at 50.00, at most 2) fits every class; Chains (2,
 * 30.00 a rental) only in December and January; Kit (3) only for vans. Plans: Basic (1, free,
 * excess 3000) for every class, Full (2, 20.50 a day capped at 100.00) for cars, Van cover (3,
 * 15.00 a rental) for vans. The car is vehicle 1 and the van vehicle 2.
 */

const SEAT: AccessoryBody = {
  id: 1,
  name: 'Seat',
  price: 12,
  per: 'day',
  maxCharge: 50,
  maxQuantity: 2,
}
const CHAINS: AccessoryBody = {
  id: 2,
  name: 'Chains',
  price: 30,
  per: 'rental',
  maxCharge: null,
  maxQuantity: 1,
}
const KIT: AccessoryBody = {
  id: 3,
  name: 'Kit',
  price: 20,
  per: 'rental',
  maxCharge: null,
  maxQuantity: 1,
}

const BASIC: InsurancePlanBody = {
  id: 1,
  name: 'Basic',
  price: 0,
  per: 'day',
  maxCharge: null,
  excess: 3000,
  description: 'Basic cover',
}
const FULL: InsurancePlanBody = {
  id: 2,
  name: 'Full',
  price: 20.5,
  per: 'day',
  maxCharge: 100,
  excess: 0,
  description: 'Full cover',
}
const VAN_COVER: InsurancePlanBody = {
  id: 3,
  name: 'Van cover',
  price: 15,
  per: 'rental',
  maxCharge: null,
  excess: 500,
  description: 'Van cover',
}

describe('vehicle options', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
  })
  after(async () => {
    await api.close()
  })

  describe('GET /api/agent/vehicles/{vehicleId}/accessories', () => {
    test('without dates lists every accessory that fits the class, with its charge rule', async () => {
      assert.deepEqual(okBody(await api.get('/vehicles/1/accessories')), [SEAT, CHAINS])
    })

    test('lists the van-only kit for the van', async () => {
      assert.deepEqual(okBody(await api.get('/vehicles/2/accessories')), [SEAT, CHAINS, KIT])
    })

    test('with dates in January lists the winter chains', async () => {
      const dates = { pick_up_date: '2027-01-13', drop_off_date: '2027-01-18' }
      assert.deepEqual(okBody(await api.get('/vehicles/1/accessories', dates)), [SEAT, CHAINS])
    })

    test('with dates in March leaves out the chains, offered only in December and January', async () => {
      const dates = { pick_up_date: '2027-03-10', drop_off_date: '2027-03-12' }
      assert.deepEqual(okBody(await api.get('/vehicles/1/accessories', dates)), [SEAT])
      assert.deepEqual(okBody(await api.get('/vehicles/2/accessories', dates)), [SEAT, KIT])
    })

    test('writes maxCharge as null for an accessory without a cap', async () => {
      const accessories = okBody<AccessoryBody[]>(await api.get('/vehicles/1/accessories'))
      assert.equal(accessories.find((item) => item.id === 2)?.maxCharge, null)
    })

    test('with only pick_up_date is a 400 naming the missing drop_off_date', async () => {
      const response = await api.get('/vehicles/1/accessories', { pick_up_date: '2027-01-13' })
      assertBadParameter(response, 'incomplete_dates', 'drop_off_date')
    })

    test('with only drop_off_date is a 400 naming the missing pick_up_date', async () => {
      const response = await api.get('/vehicles/1/accessories', { drop_off_date: '2027-01-18' })
      assertBadParameter(response, 'incomplete_dates', 'pick_up_date')
    })

    test('for an unknown vehicle is a 400 naming vehicleId', async () => {
      const body = assertBadParameter(
        await api.get('/vehicles/99/accessories'),
        'unknown_vehicle',
        'vehicleId',
      )
      assert.match(body.error, /99/)
    })

    test('checks the dates as the other endpoints do', async () => {
      const response = await api.get('/vehicles/1/accessories', {
        pick_up_date: '2027-01-09',
        drop_off_date: '2027-01-12',
      })
      assertBadParameter(response, 'date_in_past', 'pick_up_date')
    })

    test('refuses a date sent twice', async () => {
      const response = await api.get('/vehicles/1/accessories', {
        pick_up_date: ['2027-03-10', '2027-03-11'],
        drop_off_date: '2027-03-12',
      })
      assertBadParameter(response, 'duplicated_parameter', 'pick_up_date')
    })
  })

  describe('GET /api/agent/vehicles/{vehicleId}/insurance-types', () => {
    test('lists the plans for a car, with price, excess and description', async () => {
      assert.deepEqual(okBody(await api.get('/vehicles/1/insurance-types')), [BASIC, FULL])
    })

    test('lists the plans for a van', async () => {
      assert.deepEqual(okBody(await api.get('/vehicles/2/insurance-types')), [BASIC, VAN_COVER])
    })

    test('lists a plan without extra cost at price 0', async () => {
      const plans = okBody<InsurancePlanBody[]>(await api.get('/vehicles/1/insurance-types'))
      assert.equal(plans[0]?.price, 0)
    })

    test('with dates lists the same plans', async () => {
      const dates = { pick_up_date: '2027-03-10', drop_off_date: '2027-03-12' }
      assert.deepEqual(okBody(await api.get('/vehicles/1/insurance-types', dates)), [BASIC, FULL])
    })

    test('with only drop_off_date is a 400 naming the missing pick_up_date', async () => {
      const response = await api.get('/vehicles/1/insurance-types', { drop_off_date: '2027-03-12' })
      assertBadParameter(response, 'incomplete_dates', 'pick_up_date')
    })

    test('for an unknown vehicle is a 400 naming vehicleId', async () => {
      assertBadParameter(
        await api.get('/vehicles/99/insurance-types'),
        'unknown_vehicle',
        'vehicleId',
      )
    })
  })
})
