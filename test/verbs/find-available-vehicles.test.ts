import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { DomainError } from '../../src/domain/errors.ts'
import { findAvailableVehicles } from '../../src/verbs/find-available-vehicles.ts'
import { buildTestApp } from '../helpers/test-app.ts'

/*
 * On the embedded store an availability search answers at once, not with a promise: each await
 * of an answer already there cost a turn of the promise queue, a tenth of a search's time under
 * load. A search the rules refuse throws at once too, so the doors' error handling sees it.
 */
describe('an availability search on the embedded store', () => {
  let testApp: Awaited<ReturnType<typeof buildTestApp>>
  before(async () => {
    testApp = await buildTestApp()
  })
  after(() => testApp.close())

  const search = {
    pickUpDepotId: 1,
    dropOffDepotId: 1,
    pickUpDate: '2027-02-01',
    dropOffDate: '2027-02-04',
  }

  test('gets its booked units from the store at once', () => {
    const booked = testApp.store.bookedUnits({
      depotId: 1,
      vehicleIds: [1, 2],
      from: '2027-02-01' as never,
      to: '2027-02-04' as never,
    })
    assert.ok(booked instanceof Map)
  })

  test('answers at once, with the same vehicles an awaited answer gives', async () => {
    const answer = findAvailableVehicles(testApp.ctx, search)
    assert.ok(!(answer instanceof Promise))
    assert.ok(answer.vehicles.length > 0)
    assert.deepEqual(await findAvailableVehicles(testApp.ctx, search), answer)
  })

  test('throws a refused search at once', () => {
    assert.throws(
      () => findAvailableVehicles(testApp.ctx, { ...search, dropOffDate: '2027-01-31' }),
      DomainError,
    )
  })
})
