import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  fencePayload,
  parseNotice,
  parseSnapshot,
  seenBy,
} from '../../src/store/postgres/booked-days-notice.ts'

describe('a notice on the booked_days channel reads as the trigger wrote it', () => {
  const rows = [
    {
      payload: '1161 1 3,7,20500,2;3,7,20501,0',
      notice: {
        kind: 'days',
        xid: 1161,
        days: [
          { depotId: 3, vehicleId: 7, day: 20500, units: 2 },
          { depotId: 3, vehicleId: 7, day: 20501, units: 0 },
        ],
      },
    },
    { payload: '1162 4 reload', notice: { kind: 'reload', xid: 1162 } },
    { payload: '1163 1 fleet', notice: { kind: 'fleet', xid: 1163 } },
    { payload: fencePayload('17'), notice: { kind: 'fence', id: '17' } },
    // Anything unreadable asks for a load rather than being taken for figures.
    { payload: '1164 2 3,7,x,2', notice: { kind: 'reload', xid: 1164 } },
    { payload: '1165 2 3,7,20500', notice: { kind: 'reload', xid: 1165 } },
    { payload: 'garbage', notice: { kind: 'reload', xid: 0 } },
    { payload: '', notice: { kind: 'reload', xid: 0 } },
  ]
  for (const { payload, notice } of rows) {
    test(`"${payload}"`, () => assert.deepEqual(parseNotice(payload), notice))
  }
})

describe("a snapshot holds the transactions that committed before it, and no other's", () => {
  const snapshot = parseSnapshot('100:105:101,103')
  const rows: [xid: number, seen: boolean][] = [
    [50, true],
    [99, true],
    [100, true],
    [101, false],
    [102, true],
    [103, false],
    [104, true],
    [105, false],
    [900, false],
  ]
  for (const [xid, seen] of rows) {
    test(`transaction ${xid}: ${seen ? 'in it' : 'not in it'}`, () =>
      assert.equal(seenBy(snapshot, xid), seen))
  }
  test('with nothing in progress', () => {
    const idle = parseSnapshot('200:200:')
    assert.equal(seenBy(idle, 199), true)
    assert.equal(seenBy(idle, 200), false)
  })
})
