import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { after, describe, test } from 'node:test'
import type { OutboxMessage } from '../../src/notifications/outbox-message.ts'
import { PostgresStore } from '../../src/store/postgres/postgres-store.ts'
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts'
import type { Store } from '../../src/store/store.ts'
import { loadRulesFleet } from '../helpers/domain-fixtures.ts'
import {
  ADMIN_URL,
  MUST_NOT_SKIP,
  queryOnce,
  TestDatabases,
  unreachableReason,
} from './postgres-test-databases.ts'
import { websiteBooking } from './store-contract.ts'

/*
 * A delivered message keeps nothing personal: the traveller's email carried the booking's manage
 * link, which opens the booking to whoever holds it, and the webhook event the traveller's
 * details. Once delivered, the outbox keeps the channel, the id, the subject or event type, and
 * the recipients' domains; a message not yet delivered (or given up) is kept whole.
 */

const MANAGE = 'https://rentals.example.com/book/manage/s3cretT0kenOfTheBooking'
const messages: OutboxMessage[] = [
  {
    channel: 'email',
    id: 'M-DELIVERED',
    to: ['aroha@example.com'],
    subject: 'Booking confirmed: RTR-1',
    text: `See or cancel your booking: ${MANAGE}`,
    html: `<a href="${MANAGE}">See or cancel</a>`,
  },
  {
    channel: 'webhook',
    id: 'W-DELIVERED',
    type: 'booking.created',
    timestamp: '2027-01-10T00:00:00.000Z',
    data: { reference: 'RTR-1', customer: { email: 'aroha@example.com' } },
  },
]

async function deliverAll(store: Store): Promise<void> {
  await store.replaceFleet(loadRulesFleet().catalogue, [])
  const made = await store.createBooking(
    websiteBooking('RTR-1', 1, '2027-02-01', '2027-02-02'),
    2,
    messages,
  )
  assert.equal(made.outcome, 'booked')
  for (const claimed of await store.claimMessages(10, 60_000)) {
    assert.equal(
      await store.settleMessage(claimed.message.id, claimed.claim, { outcome: 'delivered' }),
      true,
    )
  }
}

function assertKeptBare(stored: unknown[]) {
  const text = JSON.stringify(stored)
  assert.doesNotMatch(text, /s3cretT0ken/, 'the manage link is kept')
  assert.doesNotMatch(text, /aroha@/, 'an address is kept')
  assert.match(text, /Booking confirmed: RTR-1/)
  assert.match(text, /@example\.com/)
  assert.match(text, /booking\.created/)
}

describe('a delivered outbox message keeps nothing personal', () => {
  test('on the embedded store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rental-outbox-'))
    try {
      const file = join(dir, 'rental.db')
      const store = SqliteStore.open(file)
      await deliverAll(store)
      await store.close()
      const db = new DatabaseSync(file)
      const rows = db.prepare('SELECT message FROM outbox ORDER BY id').all()
      db.close()
      assertKeptBare(rows.map((row) => JSON.parse(String(row.message))))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  describe('on PostgreSQL', async () => {
    const unreachable = await unreachableReason(ADMIN_URL)
    const databases = new TestDatabases(ADMIN_URL)
    after(() => databases.dropAll())
    test('as on the embedded store', { skip: MUST_NOT_SKIP ? false : unreachable }, async () => {
      assert.equal(unreachable, undefined, unreachable)
      const url = await databases.create()
      const store = await PostgresStore.open(url, { maxConnections: 2 })
      try {
        await deliverAll(store)
      } finally {
        await store.close()
      }
      const rows = await queryOnce(url, 'SELECT message FROM outbox ORDER BY id')
      assertKeptBare(rows.map((row) => row.message))
    })
  })
})
