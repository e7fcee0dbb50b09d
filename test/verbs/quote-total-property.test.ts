import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { after, describe, test } from 'node:test'
import fc from 'fast-check'
import { type CalendarDate, dayTypeOf } from '../../src/domain/calendar-date.ts'
import { CatalogueIndex } from '../../src/domain/catalogue-index.ts'
import { DomainError } from '../../src/domain/errors.ts'
import { gstIncludedIn } from '../../src/domain/money.ts'
import { parseFleet } from '../../src/fleet/read-fleet-file.ts'
import { presentQuote } from '../../src/presenters/present.ts'
import { SiteLinks } from '../../src/presenters/site-links.ts'
import { PostgresStore } from '../../src/store/postgres/postgres-store.ts'
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts'
import type { Store } from '../../src/store/store.ts'
import { agentStats } from '../../src/verbs/agent-stats.ts'
import type { VerbContext } from '../../src/verbs/context.ts'
import { priceQuote, type QuoteRequest } from '../../src/verbs/price-quote.ts'
import { FIXED_NOW } from '../helpers/test-app.ts'
import {
  ADMIN_URL,
  MUST_NOT_SKIP,
  TestDatabases,
  unreachableReason,
} from '../store/postgres-test-databases.ts'

/*
 * For generated requests over the terms fleet (drivers of every age, promotion codes, hand-over
 * times in and out of hours, accessories, plans, one-way routes), on both stores: a quote's total
 * is the sum of its lines less the discount, to the cent; each fee is the sum of its lines; the
 * discount never exceeds the rental fee; the JSON adds up in dollars as the cents do; and the
 * stored quote is the one answered. Refusals must be the domain's own (a 400 or a 404), never
 * anything else.
 */

const TERMS_FLEET = resolve(import.meta.dirname, '../fixtures/terms-fleet.yaml')
const TIME_ZONE = 'Pacific/Auckland'
const LINKS = new SiteLinks('https://rentals.example.com')

const fleet = parseFleet(
  TERMS_FLEET,
  readFileSync(TERMS_FLEET, 'utf8'),
  '2027-01-10' as CalendarDate,
)

/** A time the depot offers on that date (by index), so that most requests can be priced. */
function offeredTime(
  depotId: number,
  date: string,
  kind: 'pickupTimes' | 'dropOffTimes',
  pick: number,
) {
  const depot = fleet.catalogue.depots.find((candidate) => candidate.id === depotId)
  const times = depot?.[kind][dayTypeOf(date as CalendarDate)] ?? []
  return times.length === 0 ? undefined : times[pick % times.length]
}

const requests: fc.Arbitrary<QuoteRequest> = fc
  .record({
    pickUpDepotId: fc.constantFrom(1, 1, 2),
    dropOffDepotId: fc.constantFrom(1, 1, 2),
    start: fc.integer({ min: 0, max: 140 }),
    days: fc.integer({ min: 0, max: 12 }),
    vehicleId: fc.constantFrom(1, 2),
    accessories: fc.array(fc.nat(2), { maxLength: 2 }),
    insuranceId: fc.option(fc.nat(1), { nil: undefined }),
    pickUpTime: fc.option(fc.nat(3), { nil: undefined }),
    dropOffTime: fc.option(fc.nat(3), { nil: undefined }),
    driverAge: fc.option(fc.integer({ min: 16, max: 99 }), { nil: undefined }),
    promoCode: fc.option(fc.constantFrom('SAVE10', 'SAVE10', 'VAN20', 'THIRD', 'third', 'NOPE'), {
      nil: undefined,
    }),
    agentRef: fc.option(fc.constantFrom('planner', 'chat.bot'), { nil: undefined }),
  })
  .map(({ start, days, accessories, insuranceId, pickUpTime, dropOffTime, ...rest }) => {
    // The options of the vehicle, by index: a car takes the seat, chains (in winter) and plans 1
    // and 2, a van the seat, the kit and plan 3.
    const car = rest.vehicleId === 1
    const accessoryIds = accessories.map((index) => (car ? [1, 2, 1] : [1, 3, 3])[index])
    const plans = car ? [1, 2] : [3, 3]
    const date = (offset: number) =>
      new Date(Date.UTC(2027, 0, 11 + offset)).toISOString().slice(0, 10)
    const pickUpDate = date(start)
    const dropOffDate = date(start + days)
    return {
      ...rest,
      pickUpDate,
      dropOffDate,
      pickUpTime:
        pickUpTime === undefined
          ? undefined
          : offeredTime(rest.pickUpDepotId, pickUpDate, 'pickupTimes', pickUpTime),
      dropOffTime:
        dropOffTime === undefined
          ? undefined
          : offeredTime(rest.dropOffDepotId, dropOffDate, 'dropOffTimes', dropOffTime),
      accessoryIds: accessoryIds.length === 0 ? undefined : accessoryIds.join(','),
      insuranceId: insuranceId === undefined ? undefined : plans[insuranceId],
    }
  })

function contextOver(store: Store): VerbContext {
  const index = new CatalogueIndex(fleet.catalogue)
  return {
    store,
    catalogue: () => index,
    rules: { timeZone: TIME_ZONE, bookingHorizonDays: 548, maxRentalDays: 90 },
    quoteTtlMinutes: 30,
    now: () => FIXED_NOW,
    notices: { created: () => [], cancelled: () => [] },
    messagesWritten: () => {},
  }
}

const cents = (dollars: number) => Math.round(dollars * 100)

async function checkQuotes(
  store: Store,
): Promise<{ quoted: number; refused: Map<string, number> }> {
  await store.replaceFleet(fleet.catalogue, [])
  const ctx = contextOver(store)
  let quoted = 0
  const refused = new Map<string, number>()
  await fc.assert(
    fc.asyncProperty(requests, async (request) => {
      let quote: Awaited<ReturnType<typeof priceQuote>>
      try {
        quote = await priceQuote(ctx, request)
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
        refused.set(error.code, (refused.get(error.code) ?? 0) + 1)
        return
      }
      quoted++
      const sum = (lines: { cost: number }[]) => lines.reduce((total, line) => total + line.cost, 0)
      assert.equal(quote.accessoriesFee, sum(quote.accessories))
      assert.equal(quote.insuranceFee, quote.insurance?.cost ?? 0)
      assert.equal(quote.surchargesFee, sum(quote.surcharges))
      assert.ok(quote.discount >= 0 && quote.discount <= quote.rentalFee)
      assert.equal(quote.discount > 0, quote.promotion !== null && quote.rentalFee > 0)
      assert.equal(
        quote.totalAmount,
        quote.rentalFee +
          quote.routeFee +
          quote.accessoriesFee +
          quote.insuranceFee +
          quote.surchargesFee -
          quote.discount,
      )
      for (const amount of [quote.totalAmount, ...quote.surcharges.map((line) => line.cost)]) {
        assert.ok(Number.isInteger(amount) && amount >= 0, `${amount} is not whole cents`)
      }
      assert.equal(
        quote.terms.payment.depositAmount + quote.terms.payment.balanceAmount,
        quote.totalAmount,
      )
      const shown = presentQuote(quote, LINKS, TIME_ZONE)
      const fees = shown.priceBreakdown
      assert.equal(
        cents(shown.totalAmount),
        cents(fees.rentalFee) +
          cents(fees.routeFee) +
          cents(fees.accessoriesFee) +
          cents(fees.insuranceFee) +
          cents(fees.surchargesFee) -
          cents(fees.discount),
      )
      assert.equal(cents(shown.gstAmount), gstIncludedIn(quote.totalAmount))
      assert.deepEqual(await store.findQuote(quote.id), quote)
    }),
    { seed: 20261125, numRuns: 600 },
  )
  return { quoted, refused }
}

/** Enough of the requests must be priced, and each kind of refusal met, for the check to say much. */
function assertCovered({ quoted, refused }: { quoted: number; refused: Map<string, number> }) {
  assert.ok(
    quoted >= 100,
    `only ${quoted} of 300 requests were priced: ${JSON.stringify([...refused])}`,
  )
  for (const code of ['unknown_promotion', 'promotion_not_applicable', 'driver_too_young']) {
    assert.ok(refused.has(code), `no request met ${code}: ${JSON.stringify([...refused])}`)
  }
}

describe('the total of generated quotes is the sum of its lines less the discount', () => {
  test('on the embedded store', async () => {
    const store = SqliteStore.open(':memory:')
    try {
      assertCovered(await checkQuotes(store))
      // The agents' quotes were counted as they were stored.
      const stats = await agentStats(store, TIME_ZONE)
      assert.ok(stats.some((row) => row.agentRef === 'planner' && row.quotes > 0))
    } finally {
      await store.close()
    }
  })

  describe('on PostgreSQL', async () => {
    const unreachable = await unreachableReason(ADMIN_URL)
    const databases = new TestDatabases(ADMIN_URL)
    after(() => databases.dropAll())
    test('as on the embedded store', { skip: MUST_NOT_SKIP ? false : unreachable }, async () => {
      assert.equal(unreachable, undefined, unreachable)
      const store = await PostgresStore.open(await databases.create(), { maxConnections: 2 })
      try {
        assertCovered(await checkQuotes(store))
      } finally {
        await store.close()
      }
    })
  })
})
