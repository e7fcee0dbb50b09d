import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Quote } from '../../src/domain/quote.ts'
import { loadRulesFleet, quoteExtras } from '../helpers/domain-fixtures.ts'
import { invariantProblems } from './pricing-invariants.ts'
import { leaksIn } from './response-checks.ts'

/*
 * The property tests pass only if their checks can fail: each check is shown a bad answer here
 * and must say what is wrong with it, and shown the service quoting a hostile request back, which
 * is not a leak.
 */

describe('the leak check', () => {
  const request = { url: '/api/agent/quotes', inputs: ['1 UNION SELECT * FROM bookings'] }
  const rows = [
    {
      body: 'Error: boom\n    at priceQuote (/srv/rentals/src/verbs/price-quote.ts:40:11)',
      what: 'stack frame',
    },
    { body: '{"error":"SQLITE_FULL: database or disk is full"}', what: 'database name' },
    { body: '{"error":"no such table: SELECT id FROM quotes"}', what: 'SQL' },
    {
      body: '{"error":"Cannot read properties of undefined","name":"TypeError"}',
      what: 'JavaScript error',
    },
    { body: '{"error":"FST_ERR_CTP_INVALID_MEDIA_TYPE"}', what: 'framework error code' },
  ]
  for (const { body, what } of rows) {
    test(`finds a ${what}`, () => {
      assert.ok(
        leaksIn(body, request).some((problem) => problem.includes(what)),
        leaksIn(body, request).join(),
      )
    })
  }

  test('does not count the request quoted back as a leak', () => {
    const body = '{"error":"pick_up_depot_id \\"1 UNION SELECT * FROM bookings\\" is not valid"}'
    assert.deepEqual(leaksIn(body, request), [])
  })
})

describe('the pricing invariants', () => {
  const catalogue = loadRulesFleet().catalogue
  const quote: Quote = {
    id: 'q_test',
    createdAt: '2027-01-10T00:00:00.000Z',
    expiresAt: '2027-01-10T00:30:00.000Z',
    vehicleId: 1,
    vehicleName: 'Test Car',
    pickUpDepotId: 1,
    dropOffDepotId: 1,
    pickUpDate: '2027-01-13' as Quote['pickUpDate'],
    dropOffDate: '2027-01-18' as Quote['dropOffDate'],
    pickUpTime: null,
    dropOffTime: null,
    rentalDays: 5,
    dailyRate: 9000,
    rentalFee: 45_000,
    routeFee: 0,
    accessories: [{ id: 1, name: 'Seat', quantity: 2, cost: 10_000 }],
    insurance: { id: 2, name: 'Full', cost: 10_000 },
    accessoriesFee: 10_000,
    insuranceFee: 10_000,
    ...quoteExtras(),
    totalAmount: 65_000,
  }
  const request = {
    pickUpDepotId: 1,
    dropOffDepotId: 1,
    pickUpDate: '2027-01-13',
    dropOffDate: '2027-01-18',
    vehicleId: 1,
    accessoryIds: '1,1',
    insuranceId: 2,
  }

  test('hold for a quote priced as the rules say', () => {
    assert.deepEqual(invariantProblems(catalogue, request, quote), [])
  })

  const broken: [string, Partial<Quote>, RegExp][] = [
    ['a total off by a cent', { totalAmount: 65_001 }, /not the sum of the fees/],
    [
      'a rental fee that is not rate x days',
      { rentalFee: 45_001, totalAmount: 65_001 },
      /is not 9000 x 5/,
    ],
    [
      'an accessory over its cap',
      {
        accessories: [{ id: 1, name: 'Seat', quantity: 2, cost: 10_002 }],
        accessoriesFee: 10_002,
        totalAmount: 65_002,
      },
      /over its cap/,
    ],
    ['a negative fee', { routeFee: -100, totalAmount: 64_900 }, /negative/],
    ['a fraction of a cent', { routeFee: 0.5, totalAmount: 65_000.5 }, /not whole cents/],
  ]
  for (const [what, change, says] of broken) {
    test(`fail for ${what}`, () => {
      const problems = invariantProblems(catalogue, request, { ...quote, ...change })
      assert.ok(
        problems.some((problem) => says.test(problem)),
        problems.join('; '),
      )
    })
  }
})
