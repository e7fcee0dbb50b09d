import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import {
  cents,
  type DepotBody,
  okBody,
  startApi,
  type TestApi,
  type VehicleBody,
} from './api-client.ts'

describe('the demo company', () => {
  let api: TestApi
  before(async () => {
    api = await startApi({ fleetFile: DEMO_FLEET_FILE })
  })
  after(async () => {
    await api.close()
  })

  test('serves its 5 active depots', async () => {
    const depots = okBody<DepotBody[]>(await api.get('/depots'))
    assert.equal(depots.length, 5)
  })

  test('has a vehicle available for a week in the peak season', async () => {
    const vehicles = okBody<VehicleBody[]>(
      await api.get('/vehicles/availability', {
        pick_up_depot_id: '1',
        drop_off_depot_id: '1',
        pick_up_date: '2027-01-18',
        drop_off_date: '2027-01-25',
      }),
    )
    assert.ok(vehicles.length >= 1)
    for (const vehicle of vehicles) {
      assert.ok(vehicle.rentalDailyRate > 0)
      assert.match(
        vehicle.imageUrl,
        /^https:\/\/rentals\.example\.com\/images\/vehicles\/\w+\.svg$/,
      )
    }
  })

  test('quotes the first available vehicle for that week', async () => {
    const params = {
      pick_up_depot_id: '1',
      drop_off_depot_id: '1',
      pick_up_date: '2027-01-18',
      drop_off_date: '2027-01-25',
    }
    const [first] = okBody<VehicleBody[]>(await api.get('/vehicles/availability', params))
    assert.ok(first)
    const quote = okBody<{
      totalAmount: number
      priceBreakdown: { rentalFee: number; surcharges: { id: string; cost: number }[] }
    }>(await api.get('/quotes', { ...params, vehicle_id: String(first.vehicleId) }))
    assert.equal(cents(quote.priceBreakdown.rentalFee), cents(first.rentalDailyRate) * 7)
    // Auckland Airport charges its concession fee on every rental that starts or ends there.
    assert.deepEqual(
      quote.priceBreakdown.surcharges.map((line) => line.id),
      ['airport-fee'],
    )
    assert.equal(cents(quote.totalAmount), cents(first.rentalDailyRate) * 7 + 3800)
    assert.equal(quote.totalAmount, first.totalFromAmount)
  })
})
