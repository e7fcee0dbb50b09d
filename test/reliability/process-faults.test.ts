import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { crashAfterConfirmations, sigtermUnderLoad } from './faults/process-faults.ts'

/*
 * The service process failing: SIGKILL right after bookings were confirmed, then a restart on the
 * same embedded database; SIGTERM while clients keep it busy. See faults/process-faults.ts.
 */

describe('the service process failing', () => {
  test('SIGKILL the moment half of 12 concurrent bookings are confirmed: after a restart every confirmed booking is there, and no part of any other', {
    timeout: 120_000,
  }, async (t) => {
    const figures = await crashAfterConfirmations(12)
    t.diagnostic(JSON.stringify(figures))
    assert.ok(figures.confirmedBeforeKill >= 6)
    assert.equal(figures.confirmedFoundAfterRestart, figures.confirmedBeforeKill)
    assert.equal(figures.bookingsLost, 0)
    assert.equal(figures.partialBookings, 0)
  })

  test('SIGTERM under load from 8 clients: every request the service received is answered whole, and it exits 0', {
    timeout: 120_000,
  }, async (t) => {
    const figures = await sigtermUnderLoad(8, 1000)
    t.diagnostic(JSON.stringify(figures))
    assert.ok(figures.receivedByService > 0)
    assert.equal(figures.dropped, 0)
    assert.equal(figures.exitCode, 0)
    for (const status of Object.keys(figures.statuses).map(Number)) {
      assert.ok(status === 200 || status === 503, `status ${status}`)
    }
  })
})
