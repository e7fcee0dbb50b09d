import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { FIXED_NOW } from '../helpers/test-app.ts'
import { cents, okBody, type Params, type QuoteBody, startApi, type TestApi } from './api-client.ts'

/*
 * Rules fleet at 2027-01-10 (high season): the car (1) is 100.00 a day for 1-4 days and 90.00
 * for 5 or more (50.00 / 45.50 in the low season); the van (2) 200.00 / 180.00. Alpha (1) to
 * Beta (2) costs 75.50. Seat (1): 12.00 a day capped at 50.00, at most 2. Chains (2): 30.00 a
 * rental, December and January. Kit (3): 20.00 a rental, vans. Full (2): 20.50 a day capped at
 * 100.00, cars. Van cover (3): 15.00 a rental.
 */

/** A 5-day car rental at Alpha in January: 5 x 90.00 = 450.00. */
const CAR_5_DAYS: Params = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-01-13',
  drop_off_date: '2027-01-18',
  vehicle_id: '1',
}

const MINUTE_MS = 60_000

function sumOfFees(quote: QuoteBody): number {
  const fees = quote.priceBreakdown
  return (
    cents(fees.rentalFee) +
    cents(fees.routeFee) +
    cents(fees.accessoriesFee) +
    cents(fees.insuranceFee)
  )
}

describe('GET /api/agent/quotes', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
  })
  after(async () => {
    await api.close()
  })

  /** The lines a rental of the rules fleet without surcharges or a promotion has. */
  const NO_EXTRAS = { surcharges: [], surchargesFee: 0, discount: 0, promotion: null }

  async function quote(params: Params): Promise<QuoteBody> {
    return okBody<QuoteBody>(await api.get('/quotes', params))
  }

  describe('prices', () => {
    test('a plain rental at rentalDailyRate x days, in dollars, with no options', async () => {
      const body = await quote(CAR_5_DAYS)
      assert.equal(body.currency, 'NZD')
      assert.equal(body.rentalDays, 5)
      assert.deepEqual(body.priceBreakdown, {
        rentalFee: 450,
        routeFee: 0,
        accessoriesFee: 0,
        insuranceFee: 0,
        accessories: [],
        insurance: null,
        ...NO_EXTRAS,
      })
      assert.equal(body.totalAmount, 450)
    })

    test('totalAmount is the sum of the four fees to the cent', async () => {
      const body = await quote({ ...CAR_5_DAYS, accessory_ids: '1,1,2', insurance_id: '2' })
      assert.equal(cents(body.totalAmount), sumOfFees(body))
      assert.equal(body.totalAmount, 680)
    })

    test('an id repeated in the list is a quantity, and each unit is capped: 2 x min(12 x 5, 50)', async () => {
      const body = await quote({ ...CAR_5_DAYS, accessory_ids: '1,1' })
      assert.deepEqual(body.priceBreakdown.accessories, [
        { id: 1, name: 'Seat', cost: 100, quantity: 2 },
      ])
      assert.equal(body.priceBreakdown.accessoriesFee, 100)
    })

    test('a repeated accessory_ids parameter adds up as a repeated id does', async () => {
      const body = await quote({ ...CAR_5_DAYS, accessory_ids: ['1', '1'] })
      assert.deepEqual(body.priceBreakdown.accessories, [
        { id: 1, name: 'Seat', cost: 100, quantity: 2 },
      ])
    })

    test('a per-day accessory under its cap costs price x days', async () => {
      const body = await quote({ ...CAR_5_DAYS, drop_off_date: '2027-01-16', accessory_ids: '1' })
      assert.deepEqual(body.priceBreakdown.accessories, [
        { id: 1, name: 'Seat', cost: 36, quantity: 1 },
      ])
    })

    test('a per-rental accessory costs its price once, whatever the length', async () => {
      const body = await quote({ ...CAR_5_DAYS, accessory_ids: '2' })
      assert.deepEqual(body.priceBreakdown.accessories, [
        { id: 2, name: 'Chains', cost: 30, quantity: 1 },
      ])
    })

    test('a per-day plan is capped: min(20.50 x 5, 100)', async () => {
      const body = await quote({ ...CAR_5_DAYS, insurance_id: '2' })
      assert.deepEqual(body.priceBreakdown.insurance, { id: 2, name: 'Full', cost: 100 })
      assert.equal(body.priceBreakdown.insuranceFee, 100)
    })

    test('a per-day plan under its cap keeps its cents: 20.50 x 3', async () => {
      const body = await quote({ ...CAR_5_DAYS, drop_off_date: '2027-01-16', insurance_id: '2' })
      assert.deepEqual(body.priceBreakdown.insurance, { id: 2, name: 'Full', cost: 61.5 })
      assert.equal(cents(body.totalAmount), sumOfFees(body))
      assert.equal(body.totalAmount, 361.5)
    })

    test('a free plan is listed with cost 0', async () => {
      const body = await quote({ ...CAR_5_DAYS, insurance_id: '1' })
      assert.deepEqual(body.priceBreakdown.insurance, { id: 1, name: 'Basic', cost: 0 })
      assert.equal(body.priceBreakdown.insuranceFee, 0)
    })

    test('a same-day van rental with per-rental options counts 1 day', async () => {
      const body = await quote({
        ...CAR_5_DAYS,
        pick_up_date: '2027-01-26',
        drop_off_date: '2027-01-26',
        vehicle_id: '2',
        accessory_ids: '3,1',
        insurance_id: '3',
      })
      assert.equal(body.rentalDays, 1)
      assert.deepEqual(body.priceBreakdown, {
        rentalFee: 200,
        routeFee: 0,
        accessoriesFee: 32,
        insuranceFee: 15,
        accessories: [
          { id: 3, name: 'Kit', cost: 20, quantity: 1 },
          { id: 1, name: 'Seat', cost: 12, quantity: 1 },
        ],
        insurance: { id: 3, name: 'Van cover', cost: 15 },
        ...NO_EXTRAS,
      })
      assert.equal(body.totalAmount, 247)
    })

    test('a one-way low-season rental adds the route fee, with every cent kept', async () => {
      const body = await quote({
        ...CAR_5_DAYS,
        drop_off_depot_id: '2',
        pick_up_date: '2027-03-08',
        drop_off_date: '2027-03-15',
        accessory_ids: '1',
        insurance_id: '2',
      })
      assert.equal(body.priceBreakdown.rentalFee, 318.5)
      assert.equal(body.priceBreakdown.routeFee, 75.5)
      assert.equal(body.priceBreakdown.accessoriesFee, 50)
      assert.equal(body.priceBreakdown.insuranceFee, 100)
      assert.equal(body.totalAmount, 544)
      assert.equal(cents(body.totalAmount), sumOfFees(body))
    })

    test('amounts have at most two decimals', async () => {
      const body = await quote({ ...CAR_5_DAYS, drop_off_date: '2027-01-16', insurance_id: '2' })
      const fees = body.priceBreakdown
      for (const amount of [
        fees.rentalFee,
        fees.routeFee,
        fees.accessoriesFee,
        fees.insuranceFee,
        body.totalAmount,
      ]) {
        assert.match(String(amount), /^\d+(\.\d{1,2})?$/)
      }
    })

    test('a note says the amounts are dollars converted from cents', async () => {
      const body = await quote(CAR_5_DAYS)
      assert.match(body.note, /dollars/i)
      assert.match(body.note, /cents/i)
    })
  })

  describe('expiry', () => {
    test('expiresAt is UTC ISO 8601 with a Z, 30 minutes after the clock by default', async () => {
      const body = await quote(CAR_5_DAYS)
      assert.match(body.expiresAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/)
      assert.equal(Date.parse(body.expiresAt) - FIXED_NOW.getTime(), 30 * MINUTE_MS)
    })

    test('QUOTE_TTL_MINUTES=5 makes the quote expire 5 minutes after the clock', async () => {
      const short = await startApi({ env: { QUOTE_TTL_MINUTES: '5' } })
      try {
        const body = okBody<QuoteBody>(await short.get('/quotes', CAR_5_DAYS))
        assert.match(body.expiresAt, /Z$/)
        assert.equal(Date.parse(body.expiresAt) - FIXED_NOW.getTime(), 5 * MINUTE_MS)
      } finally {
        await short.close()
      }
    })
  })

  describe('identity', () => {
    test('quoteId is an opaque string, different for each quote of the same rental', async () => {
      const first = await quote(CAR_5_DAYS)
      const second = await quote(CAR_5_DAYS)
      assert.equal(typeof first.quoteId, 'string')
      assert.ok(
        first.quoteId.length >= 16,
        `quoteId ${first.quoteId} is too short to be unguessable`,
      )
      assert.notEqual(first.quoteId, second.quoteId)
      assert.doesNotMatch(first.quoteId, /^\d+$/, 'quoteId looks like a sequence number')
    })

    test('the quote is stored with the same total, in cents', async () => {
      const body = await quote({ ...CAR_5_DAYS, accessory_ids: '1,2', insurance_id: '2' })
      const stored = await api.store.findQuote(body.quoteId)
      assert.ok(stored, 'the quote was not stored')
      assert.equal(stored.totalAmount, cents(body.totalAmount))
      assert.equal(stored.expiresAt, body.expiresAt)
      assert.equal(stored.vehicleId, 1)
    })
  })

  describe('HEAD', () => {
    const head = (params: Params) =>
      api.request({
        method: 'HEAD',
        url: `/api/agent/quotes?${new URLSearchParams(params as Record<string, string>)}`,
      })

    test('answers the status GET would, with no body, and keeps no quote nor counts one for the agent', async () => {
      const before = await api.store.agentQuoteCounts()
      const ok = await head({ ...CAR_5_DAYS, agent_ref: 'link-checker' })
      assert.equal(ok.statusCode, 200)
      assert.equal(ok.body, '')
      assert.match(String(ok.headers['content-type']), /^application\/json/)
      assert.ok(ok.headers['x-ratelimit-remaining'], 'counted against the rate limit like GET')
      assert.equal((await head({ ...CAR_5_DAYS, vehicle_id: '99' })).statusCode, 400)
      assert.equal((await head({ ...CAR_5_DAYS, accessories: '1' })).statusCode, 400)
      assert.equal(
        (await head({ ...CAR_5_DAYS, pick_up_date: '2027-01-13', drop_off_date: '2027-01-13' }))
          .statusCode,
        (await api.get('/quotes', { ...CAR_5_DAYS, drop_off_date: '2027-01-13' })).statusCode,
      )
      assert.deepEqual(await api.store.agentQuoteCounts(), before)
      // GET with the same agent reference is counted: the check above can fail.
      await quote({ ...CAR_5_DAYS, agent_ref: 'link-checker' })
      assert.notDeepEqual(await api.store.agentQuoteCounts(), before)
    })
  })

  describe('checkoutUrl', () => {
    test('is the website checkout link of the spec, with the quote id', async () => {
      const body = await quote({
        ...CAR_5_DAYS,
        drop_off_depot_id: '2',
        accessory_ids: '1,1,2',
        insurance_id: '2',
      })
      const link = new URL(body.checkoutUrl)
      assert.equal(`${link.origin}${link.pathname}`, 'https://rentals.example.com/book')
      assert.deepEqual(Object.fromEntries(link.searchParams), {
        pick_up_depot_id: '1',
        drop_off_depot_id: '2',
        pick_up_date: '2027-01-13',
        drop_off_date: '2027-01-18',
        vehicle_id: '1',
        insurance_id: '2',
        accessory_ids: '1,1,2',
        quote_id: body.quoteId,
      })
    })

    test('leaves out insurance and accessories when none are selected', async () => {
      const body = await quote(CAR_5_DAYS)
      const link = new URL(body.checkoutUrl)
      assert.equal(link.searchParams.has('insurance_id'), false)
      assert.equal(link.searchParams.has('accessory_ids'), false)
      assert.equal(link.searchParams.get('quote_id'), body.quoteId)
    })
  })
})
