import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import type { CalendarDate } from '../../src/domain/calendar-date.ts'
import type { Quote } from '../../src/domain/quote.ts'
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts'
import { CHECKPOINT_INTERVAL_MS } from '../../src/store/sqlite/wal-checkpointer.ts'
import { quoteExtras } from '../helpers/domain-fixtures.ts'

/*
 * The service's SQLite connection does no checkpoint of its own: a thread does them. Without
 * either, the write-ahead log would grow with every quote; with SQLite's default (in the commit
 * that fills 1,000 pages) it would reach 4 MB before its first reset. Under commits without a
 * pause the log starts anew only when the thread makes it (above a size).
 */

const day = (text: string) => text as CalendarDate

function quote(id: string): Quote {
  return {
    id,
    createdAt: '2027-01-10T00:00:00.000Z',
    expiresAt: '2027-01-10T00:30:00.000Z',
    vehicleId: 1,
    vehicleName: `Test Car ${'x'.repeat(2900)}`,
    pickUpDepotId: 1,
    dropOffDepotId: 1,
    pickUpDate: day('2027-01-11'),
    dropOffDate: day('2027-01-15'),
    pickUpTime: null,
    dropOffTime: null,
    rentalDays: 4,
    dailyRate: 10000,
    rentalFee: 40000,
    routeFee: 0,
    accessories: [],
    insurance: null,
    accessoriesFee: 0,
    insuranceFee: 0,
    ...quoteExtras(),
    totalAmount: 40000,
  }
}

describe('SQLite: checkpoints on a thread of their own', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rental-checkpoints-'))
  after(() => rmSync(dir, { recursive: true, force: true }))

  test('5 MB of quotes written in steps leave a log under 1.5 MB, and every quote is kept', async () => {
    const file = join(dir, 'rental.db')
    const store = SqliteStore.open(file, { checkpointInBackground: true })
    const batches = 8
    const perBatch = 200
    for (let batch = 0; batch < batches; batch++) {
      await Promise.all(
        Array.from({ length: perBatch }, (_, i) => store.saveQuote(quote(`q_${batch}_${i}`))),
      )
      // Time for the thread's next checkpoint, after which the next commit starts the log anew.
      await sleep(CHECKPOINT_INTERVAL_MS * 2)
    }
    const walBytes = statSync(`${file}-wal`).size
    assert.ok(walBytes < 1_500_000, `the log holds ${walBytes} bytes`)
    await store.close()

    const reopened = SqliteStore.open(file)
    try {
      for (const id of ['q_0_0', `q_${batches - 1}_${perBatch - 1}`]) {
        assert.equal((await reopened.findQuote(id))?.id, id)
      }
    } finally {
      await reopened.close()
    }
  })

  test('60 MB of quotes written without a pause leave the log near its restart size, every quote kept', async () => {
    const file = join(dir, 'rental-busy.db')
    const restartBytes = 4 * 1024 * 1024
    const store = SqliteStore.open(file, {
      checkpointInBackground: true,
      walRestartBytes: restartBytes,
    })
    const turns = 1000
    const perTurn = 20
    let largest = 0
    try {
      for (let turn = 0; turn < turns; turn++) {
        // As at the most the service answers: some 20 MB of quotes a second, a commit every few
        // milliseconds, never the pause a checkpoint needs to catch up.
        await Promise.all(
          Array.from({ length: perTurn }, (_, i) => store.saveQuote(quote(`q_${turn}_${i}`))),
        )
        await sleep(2)
        largest = Math.max(largest, statSync(`${file}-wal`).size)
      }
      // Without the restart the log holds every quote written: some 60 MB.
      assert.ok(largest < 5 * restartBytes, `the log reached ${largest} bytes`)
      for (const id of ['q_0_0', `q_${turns - 1}_${perTurn - 1}`]) {
        assert.equal((await store.findQuote(id))?.id, id)
      }
    } finally {
      await store.close()
    }
  })
})
