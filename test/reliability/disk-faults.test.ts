import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { diskFullDuringBooking, readOnlyDuringBooking } from './faults/disk-faults.ts'
import { SmallDisk } from './faults/small-disk.ts'

/*
 * The embedded database's disk full, or the database read-only, during a booking: a 503 page
 * that keeps what was typed, nothing written (no booking, no part of one), reads still answered,
 * and bookings again once the fault is gone. See test/reliability/faults/disk-faults.ts.
 */

const IN_CI = Boolean(process.env.CI) && !['false', '0', 'no'].includes(process.env.CI ?? '')
const noSmallDisk = SmallDisk.unavailableReason()

describe('the database failing under a booking', () => {
  test('disk full (a 16 MB tmpfs filled to the last byte): 503 pages, nothing written, reads answered, bookings again once freed', {
    skip: noSmallDisk !== undefined && !IN_CI ? `skipped: ${noSmallDisk}` : false,
    timeout: 120_000,
  }, async (t) => {
    if (noSmallDisk) assert.fail(`${noSmallDisk} (CI is set, so this fails rather than skips)`)
    const figures = await diskFullDuringBooking(3)
    t.diagnostic(JSON.stringify(figures))
    assert.equal(figures.statuses[503], 3, 'every booking on the full disk is a 503')
    assert.equal(figures.statuses[201], 1, 'the booking after the disk is freed')
    assert.deepEqual(figures.readStatuses, { 200: figures.readsTried })
    assert.equal(figures.bookingsLost, 0)
    assert.equal(figures.partialBookings, 0)
  })

  test('read-only database (PRAGMA query_only): a 503 page, nothing written, reads answered, the same form books once writable', async (t) => {
    const figures = await readOnlyDuringBooking()
    t.diagnostic(JSON.stringify(figures))
    assert.deepEqual(figures.statuses, { 201: 1, 503: 1 })
    assert.equal(figures.bookingsLost, 0)
    assert.equal(figures.partialBookings, 0)
  })
})
