import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import { afterEach, beforeEach, describe, test } from 'node:test'
import type { CalendarDate } from '../../src/domain/calendar-date.ts'
import { DomainError } from '../../src/domain/errors.ts'
import { type BookingRequest, bookVehicle } from '../../src/verbs/book-vehicle.ts'
import type { VerbContext } from '../../src/verbs/context.ts'
import { priceQuote } from '../../src/verbs/price-quote.ts'
import { buildTestApp } from '../helpers/test-app.ts'

/*
 * The rules fleet, clock at 2027-01-10 in Auckland. The van (2) has 1 unit at depot 1 and is
 * booked there from 2027-01-20 to 2027-01-25; the car (1) has 2 units at depot 1.
 */
const CUSTOMER = { fullName: 'Aroha Ngata', email: 'aroha@example.com', phone: '+64 21 555 0101' }
const VAN_RENTAL = {
  pickUpDepotId: 1,
  dropOffDepotId: 1,
  pickUpDate: '2027-01-13',
  dropOffDate: '2027-01-18',
  vehicleId: 2,
  accessoryIds: '3',
  insuranceId: 3,
}

/** The checkout's times (Alpha's, that Wednesday and Monday) and form token: a new one each time. */
const checkout = () => ({ pickUpTime: '08:00', dropOffTime: '17:00', checkoutToken: randomUUID() })

let ctx: VerbContext
let close: () => Promise<void>

beforeEach(async () => {
  const built = await buildTestApp()
  ctx = built.ctx
  close = built.close
})
afterEach(async () => close())

const vanUnitsBooked = async () =>
  (
    await ctx.store.bookedUnits({
      depotId: 1,
      vehicleIds: [2],
      from: '2027-01-13' as CalendarDate,
      to: '2027-01-18' as CalendarDate,
    })
  ).get(2) ?? 0

async function book(request: Partial<BookingRequest> = {}) {
  const quote = await priceQuote(ctx, VAN_RENTAL)
  return bookVehicle(ctx, {
    ...VAN_RENTAL,
    quoteId: quote.id,
    customer: CUSTOMER,
    ...checkout(),
    ...request,
  })
}

describe('bookVehicle', () => {
  test('books one unit at the quoted price and gives a reference', async () => {
    const quote = await priceQuote(ctx, VAN_RENTAL)
    const outcome = await bookVehicle(ctx, {
      ...VAN_RENTAL,
      quoteId: quote.id,
      customer: CUSTOMER,
      ...checkout(),
    })
    assert.equal(outcome.outcome, 'booked')
    if (outcome.outcome !== 'booked') return
    assert.match(outcome.booking.reference, /^RTR-[2-9A-HJKMNP-Z]{8}$/)
    assert.equal(outcome.booking.price?.totalAmount, quote.totalAmount)
    assert.equal(outcome.booking.quoteId, quote.id)
    assert.deepEqual(outcome.booking.customer, CUSTOMER)
    assert.equal(await vanUnitsBooked(), 1)
  })

  test('honours the quoted total while the quote is valid, even when prices have changed since', async () => {
    const quote = await priceQuote(ctx, VAN_RENTAL)
    // The price the person saw was lower than today's: that is the price they book at.
    await ctx.store.saveQuote({
      ...quote,
      id: 'q_older_price',
      totalAmount: 12345,
      rentalFee: quote.rentalFee - 1000,
    })
    const outcome = await bookVehicle(ctx, {
      ...VAN_RENTAL,
      quoteId: 'q_older_price',
      customer: CUSTOMER,
      ...checkout(),
    })
    assert.equal(outcome.outcome, 'booked')
    if (outcome.outcome === 'booked') assert.equal(outcome.booking.price?.totalAmount, 12345)
  })

  test('honours a valid quote whose promotion the fleet has since withdrawn or changed; once it has expired, the code is refused', async () => {
    const quote = await priceQuote(ctx, VAN_RENTAL)
    // The quote was priced with a code an import has since removed (the rules fleet has none).
    const withdrawn = {
      ...quote,
      promotion: { code: 'GONE10', name: '10% off, withdrawn since' },
      discount: 1000,
      totalAmount: quote.totalAmount - 1000,
    }
    await ctx.store.saveQuote({ ...withdrawn, id: 'q_withdrawn_promotion' })
    const outcome = await bookVehicle(ctx, {
      ...VAN_RENTAL,
      promoCode: 'gone10',
      quoteId: 'q_withdrawn_promotion',
      customer: CUSTOMER,
      ...checkout(),
    })
    assert.equal(outcome.outcome, 'booked')
    if (outcome.outcome === 'booked') {
      assert.equal(outcome.booking.price?.totalAmount, quote.totalAmount - 1000)
      assert.deepEqual(outcome.booking.price?.promotion, withdrawn.promotion)
    }

    // Expired, or without the quote, the code is what it is now: not a promotion.
    await ctx.store.saveQuote({
      ...withdrawn,
      id: 'q_withdrawn_expired',
      expiresAt: '2027-01-09T23:59:59.000Z',
    })
    for (const quoteId of ['q_withdrawn_expired', undefined]) {
      await assert.rejects(
        bookVehicle(ctx, {
          ...VAN_RENTAL,
          promoCode: 'GONE10',
          quoteId,
          customer: CUSTOMER,
          ...checkout(),
        }),
        (error: unknown) =>
          error instanceof DomainError &&
          error.code === 'unknown_promotion' &&
          error.parameter === 'promo_code',
      )
    }
    assert.equal(await vanUnitsBooked(), 1)
  })

  test('an expired quote books nothing and gives a new quote to confirm', async () => {
    const quote = await priceQuote(ctx, VAN_RENTAL)
    await ctx.store.saveQuote({ ...quote, id: 'q_expired', expiresAt: '2027-01-09T23:59:59.000Z' })
    const outcome = await bookVehicle(ctx, {
      ...VAN_RENTAL,
      quoteId: 'q_expired',
      customer: CUSTOMER,
      ...checkout(),
    })
    assert.equal(outcome.outcome, 'new_quote')
    if (outcome.outcome === 'new_quote') {
      assert.equal(outcome.reason, 'expired')
      assert.notEqual(outcome.quote.id, 'q_expired')
      assert.ok(Date.parse(outcome.quote.expiresAt) > ctx.now().getTime())
    }
    assert.equal(await vanUnitsBooked(), 0)
  })

  for (const [why, quoteId] of [
    ['no quote id', undefined],
    ['an unknown quote id', 'q_nobody_made_this'],
  ] as const) {
    test(`${why} books nothing and gives a new quote to confirm`, async () => {
      const outcome = await bookVehicle(ctx, {
        ...VAN_RENTAL,
        quoteId,
        customer: CUSTOMER,
        ...checkout(),
      })
      assert.equal(outcome.outcome, 'new_quote')
      if (outcome.outcome === 'new_quote') assert.equal(outcome.reason, 'missing')
      assert.equal(await vanUnitsBooked(), 0)
    })
  }

  test('a quote for other choices is not honoured: a new quote for these choices is given', async () => {
    const other = await priceQuote(ctx, { ...VAN_RENTAL, accessoryIds: undefined })
    const outcome = await bookVehicle(ctx, {
      ...VAN_RENTAL,
      quoteId: other.id,
      customer: CUSTOMER,
      ...checkout(),
    })
    assert.equal(outcome.outcome, 'new_quote')
    if (outcome.outcome === 'new_quote')
      assert.deepEqual(
        outcome.quote.accessories.map((line) => line.id),
        [3],
      )
    assert.equal(await vanUnitsBooked(), 0)
  })

  for (const [field, customer] of [
    ['full_name', { ...CUSTOMER, fullName: '  ' }],
    ['email', { ...CUSTOMER, email: 'aroha-at-example' }],
    ['phone', { ...CUSTOMER, phone: '021 CALL ME' }],
    ['phone', { ...CUSTOMER, phone: '12 34' }],
  ] as const) {
    test(`bad details (${field}: "${Object.values(customer).join(' / ')}") are refused naming the field, and nothing is booked`, async () => {
      await assert.rejects(book({ customer }), (error: unknown) => {
        assert.ok(error instanceof DomainError)
        assert.equal(error.code, 'invalid_parameter')
        assert.equal(error.parameter, field)
        return true
      })
      assert.equal(await vanUnitsBooked(), 0)
    })
  }

  test('dates that became past are refused, and nothing is booked', async () => {
    const quote = await priceQuote(ctx, VAN_RENTAL)
    const later: VerbContext = { ...ctx, now: () => new Date('2027-01-14T00:00:00Z') }
    await assert.rejects(
      bookVehicle(later, { ...VAN_RENTAL, quoteId: quote.id, customer: CUSTOMER, ...checkout() }),
      (error: unknown) => error instanceof DomainError && error.code === 'date_in_past',
    )
    assert.equal(await vanUnitsBooked(), 0)
  })

  test('the last unit is booked once: the next confirmation is told it is sold out', async () => {
    assert.equal((await book()).outcome, 'booked')
    await assert.rejects(
      book(),
      (error: unknown) => error instanceof DomainError && error.code === 'vehicle_sold_out',
    )
    assert.equal(await vanUnitsBooked(), 1)
  })

  test('N + 3 concurrent confirmations for the N units left give exactly N bookings', async () => {
    // The car has 2 units at depot 1 and is free from 2027-02-01.
    const carRental = {
      ...VAN_RENTAL,
      vehicleId: 1,
      accessoryIds: undefined,
      insuranceId: 2,
      pickUpDate: '2027-02-01',
      dropOffDate: '2027-02-05',
    }
    const quotes = await Promise.all(Array.from({ length: 5 }, () => priceQuote(ctx, carRental)))
    const outcomes = await Promise.allSettled(
      quotes.map((quote) =>
        bookVehicle(ctx, { ...carRental, quoteId: quote.id, customer: CUSTOMER, ...checkout() }),
      ),
    )
    const booked = outcomes.filter(
      (result) => result.status === 'fulfilled' && result.value.outcome === 'booked',
    )
    const soldOut = outcomes.filter(
      (result) =>
        result.status === 'rejected' &&
        result.reason instanceof DomainError &&
        result.reason.code === 'vehicle_sold_out',
    )
    assert.equal(booked.length, 2)
    assert.equal(soldOut.length, 3)
  })
})

describe('a quote whose promotion was withdrawn, when the checkout must price it again', () => {
  test('a young driver given at checkout gets a new quote without the code, not a refusal of a code the person cannot change', async () => {
    const built = await buildTestApp({
      fleetFile: resolve(import.meta.dirname, '../fixtures/terms-fleet.yaml'),
    })
    try {
      const van = { ...VAN_RENTAL, accessoryIds: undefined, insuranceId: undefined }
      const quote = await priceQuote(built.ctx, van)
      await built.ctx.store.saveQuote({
        ...quote,
        id: 'q_withdrawn_then_young',
        promotion: { code: 'GONE10', name: '10% off, withdrawn since' },
        discount: 1000,
        totalAmount: quote.totalAmount - 1000,
      })
      const outcome = await bookVehicle(built.ctx, {
        ...van,
        promoCode: 'GONE10',
        driverAge: 22,
        quoteId: 'q_withdrawn_then_young',
        customer: CUSTOMER,
        pickUpTime: '12:00',
        dropOffTime: '17:00',
        checkoutToken: randomUUID(),
      })
      assert.equal(outcome.outcome, 'new_quote')
      if (outcome.outcome !== 'new_quote') return
      assert.equal(outcome.reason, 'repriced')
      assert.equal(outcome.quote.promotion, null)
      assert.equal(outcome.quote.discount, 0)
      assert.ok(outcome.quote.surcharges.length > 0, 'the young-driver fee is priced')
    } finally {
      await built.close()
    }
  })
})
