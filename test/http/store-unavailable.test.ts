import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  assertError,
  assertRateLimitHeaders,
  type ErrorBody,
  type Params,
  type Response,
  startApi,
  type TestApi,
} from './api-client.ts'

const SEARCH: Params = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-01-13',
  drop_off_date: '2027-01-18',
}

function assertUnavailable(response: Response): void {
  const body: ErrorBody = assertError(response, { status: 503, code: 'service_unavailable' })
  assert.deepEqual(Object.keys(body).sort(), ['code', 'error'])
  const retryAfter = String(response.headers['retry-after'])
  assert.match(retryAfter, /^\d+$/, `Retry-After ${retryAfter}`)
  assert.ok(Number(retryAfter) > 0)
  assert.doesNotMatch(response.body, /database|sqlite|closed|DatabaseSync|Error:/i)
}

describe('when the store cannot be reached', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
    await api.store.close()
  })
  after(async () => {
    await api.close()
  })

  test('availability answers 503 service_unavailable with Retry-After', async () => {
    assertUnavailable(await api.get('/vehicles/availability', SEARCH))
  })

  test('a quote answers 503 service_unavailable with Retry-After', async () => {
    assertUnavailable(await api.get('/quotes', { ...SEARCH, vehicle_id: '1' }))
  })

  test('a quote with options answers 503 rather than pricing what it cannot store', async () => {
    assertUnavailable(
      await api.get('/quotes', {
        ...SEARCH,
        vehicle_id: '1',
        accessory_ids: '1',
        insurance_id: '2',
      }),
    )
  })

  test('the 503 carries the rate-limit headers', async () => {
    assertRateLimitHeaders(await api.get('/vehicles/availability', SEARCH))
  })

  test('a malformed request is still a 400, not a 503', async () => {
    const response = await api.get('/vehicles/availability', { ...SEARCH, pick_up_depot_id: '07' })
    assert.equal(response.statusCode, 400)
  })
})
