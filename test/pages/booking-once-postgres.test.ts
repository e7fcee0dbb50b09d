import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { type Checkout, PERSON, SEARCH, startBookingSite } from '../helpers/booking-pages.ts'
import { FIXED_NOW } from '../helpers/test-app.ts'
import {
  ADMIN_URL,
  MUST_NOT_SKIP,
  TestDatabases,
  unreachableReason,
} from '../store/postgres-test-databases.ts'

/*
 * One checkout books once on PostgreSQL too, the database holding it to that: the same
 * confirmation sent ten times at once and then ten times in a row gives one booking; sent again
 * after it took the last unit, or after its quote expired, it is still that booking.
 */

const VAN = { ...SEARCH, vehicle_id: '2', insurance_id: '3', accessory_ids: '3' }
const CAR = { ...SEARCH, vehicle_id: '1', insurance_id: '2', accessory_ids: '1,1' }
const reference = (body: string) => /id="booking-reference">([^<]+)</.exec(body)?.[1]

const unreachable = await unreachableReason(ADMIN_URL)

describe('one checkout, one booking, on PostgreSQL', {
  skip: MUST_NOT_SKIP ? false : unreachable,
}, () => {
  const databases = new TestDatabases(ADMIN_URL)
  let site: Awaited<ReturnType<typeof startBookingSite>>
  before(async () => {
    assert.equal(unreachable, undefined, unreachable)
    site = await startBookingSite({ env: { DATABASE_URL: await databases.create() } })
  })
  after(async () => {
    await site?.close()
    await databases.dropAll()
  })

  const post = (checkout: Checkout) => site.post({ ...checkout.fields, ...PERSON }, checkout.cookie)

  test('ten at once, then ten in a row: one booking, every answer that booking', async () => {
    const checkout = await site.openCheckout(CAR)
    const atOnce = await Promise.all(Array.from({ length: 10 }, () => post(checkout)))
    assert.deepEqual(
      atOnce.map((response) => response.statusCode).sort(),
      [200, 200, 200, 200, 200, 200, 200, 200, 200, 201],
    )
    const references = new Set(atOnce.map((response) => reference(response.body)))
    assert.equal(references.size, 1)
    for (let again = 0; again < 10; again++) {
      const response = await post(checkout)
      assert.equal(response.statusCode, 200)
      assert.ok(references.has(reference(response.body)))
    }
    assert.equal(await site.unitsBooked(1), 1)
  })

  test('the last unit and an expired quote do not turn a repeat into another answer', async () => {
    const van = await site.openCheckout(VAN)
    const first = await post(van)
    assert.equal(first.statusCode, 201)
    assert.equal((await post(van)).statusCode, 200)
    site.setNow(new Date(FIXED_NOW.getTime() + 40 * 60_000))
    const late = await post(van)
    assert.equal(late.statusCode, 200)
    assert.equal(reference(late.body), reference(first.body))
    assert.equal(await site.unitsBooked(2), 1)
    assert.equal((await site.store.listBookings()).filter((b) => b.quoteId !== null).length, 2)
  })
})
