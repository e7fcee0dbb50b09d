import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { CalendarDate } from '../../src/domain/calendar-date.ts'
import type { Quote } from '../../src/domain/quote.ts'
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts'
import { agentStats } from '../../src/verbs/agent-stats.ts'
import { loadRulesFleet, quoteExtras } from '../helpers/domain-fixtures.ts'
import { bookOnce, cancelOf, websiteBooking } from '../store/store-contract.ts'

/*
 * `rental-agent bookings stats`: quotes and bookings per agent reference and month, months in the
 * company's zone (Auckland: 2027-01-31T12:00Z is already 1 February there).
 */

describe('quotes and bookings per agent and month', () => {
  test('counts each agent apart, cancelled bookings too, and bookings without an agent last', async () => {
    const store = SqliteStore.open(':memory:')
    try {
      const fleet = loadRulesFleet()
      await store.replaceFleet(fleet.catalogue, [])
      const quote = (id: string, agentRef: string, issuedOn: string): Quote => ({
        ...websiteBooking(id, 1, '2027-03-01', '2027-03-02').price,
        ...quoteExtras({ agentRef, issuedOn: issuedOn as CalendarDate }),
        id: `q_${id}`,
        createdAt: '2027-01-10T00:00:00.000Z',
        expiresAt: '2027-01-10T00:30:00.000Z',
      })
      for (const [id, agent, on] of [
        ['A', 'planner', '2027-01-20'],
        ['B', 'planner', '2027-01-21'],
        ['C', 'planner', '2027-02-01'],
        ['D', 'chat.bot', '2027-02-03'],
      ] as const) {
        await store.saveQuote(quote(id, agent, on))
      }
      const book = async (
        reference: string,
        agentRef: string | null,
        createdAt: string,
        from: string,
      ) => {
        const booking = {
          ...websiteBooking(reference, 1, from, from),
          agentRef,
          createdAt,
        }
        assert.equal(await bookOnce(store, booking, 2), true)
      }
      await book('B-1', 'planner', '2027-01-20T01:00:00.000Z', '2027-03-03')
      await book('B-2', 'planner', '2027-01-31T12:00:00.000Z', '2027-03-04')
      await book('B-3', null, '2027-02-02T00:00:00.000Z', '2027-03-05')
      await cancelOf(store, 'B-2')
      assert.deepEqual(await agentStats(store, 'Pacific/Auckland'), [
        { agentRef: 'planner', month: '2027-01', quotes: 2, bookings: 1, cancelled: 0 },
        { agentRef: 'chat.bot', month: '2027-02', quotes: 1, bookings: 0, cancelled: 0 },
        { agentRef: 'planner', month: '2027-02', quotes: 1, bookings: 1, cancelled: 1 },
        { agentRef: null, month: '2027-02', quotes: 0, bookings: 1, cancelled: 0 },
      ])
    } finally {
      await store.close()
    }
  })
})
