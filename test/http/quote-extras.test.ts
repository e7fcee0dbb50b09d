import assert from 'node:assert/strict'
import { resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import {
  assertBadParameter,
  assertError,
  cents,
  okBody,
  type Params,
  startApi,
  type TestApi,
  type VehicleBody,
} from './api-client.ts'

/*
 * The terms fleet (test/fixtures/terms-fleet.yaml) at 2027-01-10: the rules fleet's prices with a
 * company's terms. Drivers 18+ (vans 21+); under 25 pay 10.00 a day capped at 45.00, and the
 * Young driver levy 3.00 a day. Every rental pays the Road levy, 1.25 a day capped at 5.00; a
 * rental from or to Beta the Station fee, 7.50; a hand-over after hours (Alpha: pick-up 08:00,
 * drop-off 17:00 on weekdays) 30.00. SAVE10: 10% off 5 days or more; VAN20: 20.00 off a van
 * picked up 2027-01-15 to 2027-02-28; THIRD: 33% off. Basic (free, cars) holds a 3,000.00 bond;
 * Full 500.00; vans have no free plan, so the bond without a plan, 1,000.00, applies.
 */

const TERMS_FLEET = resolve(import.meta.dirname, '../fixtures/terms-fleet.yaml')

/** Wednesday 13 to Monday 18 January 2027 at Alpha: the car costs 5 x 90.00 = 450.00. */
const CAR: Params = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-01-13',
  drop_off_date: '2027-01-18',
  vehicle_id: '1',
}
/** Friday 15 to Monday 18 January: the van costs 3 x 200.00 = 600.00. */
const VAN: Params = { ...CAR, pick_up_date: '2027-01-15', vehicle_id: '2' }

type Line = { id: string; name: string; cost: number }
type ExtrasQuote = {
  totalAmount: number
  gstAmount: number
  checkoutUrl: string
  driverAge: number | null
  agentRef: string | null
  priceBreakdown: {
    rentalFee: number
    routeFee: number
    accessoriesFee: number
    insuranceFee: number
    surcharges: Line[]
    surchargesFee: number
    discount: number
    promotion: { code: string; name: string } | null
  }
  terms: {
    distance: { unlimited: boolean; includedKm: number | null; text: string }
    fuel: { text: string } | null
    bond: { amount: number; text: string } | null
    payment: {
      depositPercent: number
      depositAmount: number
      balanceAmount: number
      balanceDueDate: string | null
      text: string
    }
    cancellation: { freeCancellationHours: number; freeUntil: string; text: string }
    minimumDriverAge: number
    youngDriverUnder: number | null
    includedInsurance: { id: number; name: string; excess: number } | null
  }
  assumptions: string[]
}

describe('a quote with the company terms', () => {
  let api: TestApi
  before(async () => {
    api = await startApi({ fleetFile: TERMS_FLEET })
  })
  after(() => api.close())

  const quote = async (params: Params) => okBody<ExtrasQuote>(await api.get('/quotes', params))
  const surcharges = (body: ExtrasQuote) =>
    body.priceBreakdown.surcharges.map((line) => `${line.id} ${line.cost.toFixed(2)}`)

  describe('surcharges and the total', () => {
    const rows: { rule: string; params: Params; lines: string[]; total: number }[] = [
      {
        rule: 'every rental pays the road levy, capped: min(1.25 x 5, 5.00)',
        params: CAR,
        lines: ['road-levy 5.00'],
        total: 455,
      },
      {
        rule: 'a 24-year-old pays the young-driver fee (capped at 45.00) first, and the levy for young drivers',
        params: { ...CAR, driver_age: '24' },
        lines: ['young-driver-fee 45.00', 'road-levy 5.00', 'young-levy 15.00'],
        total: 515,
      },
      {
        rule: 'a 25-year-old is not a young driver',
        params: { ...CAR, driver_age: '25' },
        lines: ['road-levy 5.00'],
        total: 455,
      },
      {
        rule: 'an 18-year-old, the youngest allowed for a car, is a young driver',
        params: { ...CAR, driver_age: '18' },
        lines: ['young-driver-fee 45.00', 'road-levy 5.00', 'young-levy 15.00'],
        total: 515,
      },
      {
        rule: 'a one-way rental to Beta pays its station fee and the route fee',
        params: { ...CAR, drop_off_depot_id: '2' },
        lines: ['station-fee 7.50', 'road-levy 5.00'],
        total: 450 + 75.5 + 7.5 + 5,
      },
      {
        rule: 'a weekday pick-up at 08:00 at Alpha is after hours',
        params: { ...CAR, pick_up_time: '08:00' },
        lines: ['after-hours 30.00', 'road-levy 5.00'],
        total: 485,
      },
      {
        rule: 'a pick-up at 12:00 is within hours',
        params: { ...CAR, pick_up_time: '12:00' },
        lines: ['road-levy 5.00'],
        total: 455,
      },
      {
        rule: 'a weekday drop-off at 17:00 is after hours; two after-hours hand-overs are one line',
        params: { ...CAR, pick_up_time: '08:00', drop_off_time: '17:00' },
        lines: ['after-hours 30.00', 'road-levy 5.00'],
        total: 485,
      },
      {
        rule: 'SAVE10 takes 10% of the rental fee off: 45.00',
        params: { ...CAR, promo_code: 'SAVE10' },
        lines: ['road-levy 5.00'],
        total: 410,
      },
      {
        rule: 'a code in any case is the same code',
        params: { ...CAR, promo_code: 'save10' },
        lines: ['road-levy 5.00'],
        total: 410,
      },
      {
        rule: 'THIRD rounds 33% of 227.50 (75.075) to the nearest cent: 75.08',
        params: {
          ...CAR,
          pick_up_date: '2027-03-10',
          drop_off_date: '2027-03-15',
          promo_code: 'THIRD',
        },
        lines: ['road-levy 5.00'],
        total: 227.5 + 5 - 75.08,
      },
      {
        rule: 'VAN20 takes 20.00 off a van picked up in its window, with the levy min(1.25 x 3, 5.00)',
        params: { ...VAN, promo_code: 'VAN20' },
        lines: ['road-levy 3.75'],
        total: 600 + 3.75 - 20,
      },
    ]
    for (const { rule, params, lines, total } of rows) {
      test(rule, async () => {
        const body = await quote(params)
        assert.deepEqual(surcharges(body), lines)
        const fees = body.priceBreakdown
        assert.equal(cents(body.totalAmount), cents(total))
        assert.equal(
          cents(body.totalAmount),
          cents(fees.rentalFee) +
            cents(fees.routeFee) +
            cents(fees.accessoriesFee) +
            cents(fees.insuranceFee) +
            cents(fees.surchargesFee) -
            cents(fees.discount),
        )
        assert.equal(
          cents(fees.surchargesFee),
          fees.surcharges.reduce((sum, line) => sum + cents(line.cost), 0),
        )
        assert.equal(cents(body.gstAmount), Math.round((cents(body.totalAmount) * 3) / 23))
      })
    }

    test('the promotion is named with what it took off', async () => {
      const body = await quote({ ...CAR, promo_code: 'save10' })
      assert.deepEqual(body.priceBreakdown.promotion, {
        code: 'SAVE10',
        name: '10% off 5 days or more',
      })
      assert.equal(body.priceBreakdown.discount, 45)
    })
  })

  describe('refusals', () => {
    test('a driver under the vehicle class minimum gets a 404 naming the age needed, and no suggestion', async () => {
      const body = assertError(await api.get('/quotes', { ...VAN, driver_age: '20' }), {
        status: 404,
        code: 'driver_too_young',
      })
      assert.match(body.error, /Test Van is rented to drivers aged 21 or over; the driver is 20/)
      assert.equal(body.suggestion, null)
      await api.get('/quotes', { ...VAN, driver_age: '21' }).then(okBody)
    })

    test('a 17-year-old may not rent the car (18+), a 16-year-old neither', async () => {
      for (const age of ['16', '17']) {
        assertError(await api.get('/quotes', { ...CAR, driver_age: age }), {
          status: 404,
          code: 'driver_too_young',
        })
      }
    })

    for (const age of ['15', '100', '07', '30.5', '-20', 'thirty', '']) {
      test(`driver_age ${JSON.stringify(age)} is a 400 naming driver_age`, async () => {
        assertBadParameter(
          await api.get('/quotes', { ...CAR, driver_age: age }),
          'invalid_parameter',
          'driver_age',
        )
      })
    }

    const promotions: { rule: string; params: Params; code: string; says: RegExp }[] = [
      {
        rule: 'an unknown code',
        params: { ...CAR, promo_code: 'NOPE99' },
        code: 'unknown_promotion',
        says: /"NOPE99" is not a promotion of this company/,
      },
      {
        rule: 'a rental too short for the code',
        params: { ...CAR, drop_off_date: '2027-01-16', promo_code: 'SAVE10' },
        code: 'promotion_not_applicable',
        says: /too short a rental: it needs at least 5 days; this one is 3/,
      },
      {
        rule: 'a code for another vehicle class',
        params: { ...CAR, pick_up_date: '2027-01-15', promo_code: 'VAN20' },
        code: 'promotion_not_applicable',
        says: /is not for this vehicle: it applies to the van class, and Test Car is car/,
      },
      {
        rule: 'a pick-up before the code applies',
        params: { ...VAN, pick_up_date: '2027-01-13', promo_code: 'VAN20' },
        code: 'promotion_not_applicable',
        says: /is only for pick-ups from 2027-01-15; this one is 2027-01-13/,
      },
    ]
    for (const { rule, params, code, says } of promotions) {
      test(`promo_code for ${rule} is a 400 that says why`, async () => {
        const body = assertBadParameter(await api.get('/quotes', params), code, 'promo_code')
        assert.match(body.error, says)
      })
    }

    test("a pick-up past the code's last pick-up date is refused, saying the date (availability says so for every vehicle)", async () => {
      const body = assertBadParameter(
        await api.get('/vehicles/availability', {
          ...CAR,
          vehicle_id: undefined,
          pick_up_date: '2027-03-01',
          drop_off_date: '2027-03-04',
          promo_code: 'VAN20',
        }),
        'promotion_not_applicable',
        'promo_code',
      )
      assert.match(body.error, /is only for pick-ups up to 2027-02-28; this one is 2027-03-01/)
      assert.doesNotMatch(body.error, /expired/)
    })

    for (const code of ['AB', 'SPACE IN', 'X'.repeat(31), 'semi;colon']) {
      test(`promo_code ${JSON.stringify(code)} of the wrong shape is a 400 naming promo_code`, async () => {
        assertBadParameter(
          await api.get('/quotes', { ...CAR, promo_code: code }),
          'invalid_parameter',
          'promo_code',
        )
      })
    }

    for (const ref of ['', 'has space', 'x'.repeat(65), 'semi;colon', 'émile']) {
      test(`agent_ref ${JSON.stringify(ref.slice(0, 12))} of the wrong shape is a 400 naming agent_ref`, async () => {
        assertBadParameter(
          await api.get('/quotes', { ...CAR, agent_ref: ref }),
          'invalid_parameter',
          'agent_ref',
        )
      })
    }
  })

  describe('terms', () => {
    test('a car with its free plan: unlimited km, the free plan’s bond, 25% deposit, 24 h cancellation', async () => {
      const { terms } = await quote(CAR)
      assert.equal(terms.distance.unlimited, true)
      assert.equal(terms.distance.text, 'Unlimited kilometres.')
      assert.deepEqual(terms.fuel, { text: 'Full to full: return it with a full tank.' })
      assert.equal(terms.bond?.amount, 3000)
      assert.match(
        terms.bond?.text ?? '',
        /NZ\$3,000\.00 is held on a credit card at pick-up \(with Basic\)/,
      )
      assert.equal(terms.payment.depositPercent, 25)
      // Due 7 days before the 13th would be the 6th, already past on the 10th: due today, so the
      // whole total is due at once, in the figures as in the sentence, not a deposit and then a
      // balance today.
      assert.equal(terms.payment.depositAmount, 455)
      assert.equal(terms.payment.balanceAmount, 0)
      assert.equal(terms.payment.balanceDueDate, null)
      assert.equal(
        terms.payment.text,
        'The total of NZ$455.00 is due on booking: the pick-up is too near for a deposit of 25% now and the balance later.',
      )
      assert.equal(terms.cancellation.freeCancellationHours, 24)
      // 13 January 00:00 in Auckland (NZDT, +13) less 24 hours.
      assert.equal(terms.cancellation.freeUntil, '2027-01-11T11:00:00.000Z')
      assert.equal(terms.minimumDriverAge, 18)
      assert.equal(terms.youngDriverUnder, 25)
      assert.deepEqual(terms.includedInsurance, { id: 1, name: 'Basic', excess: 3000 })
    })

    test('the cancellation deadline counts from the pick-up time when one is given', async () => {
      const { terms } = await quote({ ...CAR, pick_up_time: '12:00' })
      assert.equal(terms.cancellation.freeUntil, '2027-01-11T23:00:00.000Z')
    })

    test('a chosen plan sets the bond; a balance due later than today keeps its date', async () => {
      const { terms } = await quote({
        ...CAR,
        pick_up_date: '2027-02-22',
        drop_off_date: '2027-02-27',
        insurance_id: '2',
      })
      assert.equal(terms.bond?.amount, 500)
      assert.equal(terms.payment.balanceDueDate, '2027-02-15')
      assert.match(
        terms.payment.text,
        /^A deposit of 25% \(NZ\$[\d,.]+\) is due on booking; the balance of NZ\$[\d,.]+ is due by Mon, 15 Feb 2027\.$/,
      )
    })

    test('a van: 200 km a day (600 km over 3 days), no free plan, the bond without a plan, 21+', async () => {
      const { terms, assumptions } = await quote(VAN)
      assert.deepEqual(
        { unlimited: terms.distance.unlimited, includedKm: terms.distance.includedKm },
        { unlimited: false, includedKm: 600 },
      )
      assert.equal(
        terms.distance.text,
        '200 km a day included, 600 km for this rental; each extra km costs NZ$0.40.',
      )
      assert.equal(terms.bond?.amount, 1000)
      assert.equal(terms.includedInsurance, null)
      assert.equal(terms.minimumDriverAge, 21)
      assert.ok(
        assumptions.some((line) => /no plan included/.test(line)),
        String(assumptions),
      )
    })
  })

  describe('assumptions', () => {
    test('without age, times or plan, the quote says what it assumed', async () => {
      const { assumptions, driverAge } = await quote(CAR)
      assert.equal(driverAge, null)
      assert.deepEqual(assumptions, [
        'No driver_age was given: the price is for a driver aged 25 or over. A younger driver (18 at least) pays the young-driver fees; send driver_age to see them.',
        'No pick_up_time or drop_off_time was given: the price is for hand-overs in opening hours (an after-hours hand-over adds its fee), and the person chooses the times at checkout.',
        'No insurance_id was given: Basic is included at no extra cost, with an excess of NZ$3,000.00.',
      ])
    })

    test('a quote that says everything assumes nothing', async () => {
      const body = await quote({
        ...CAR,
        driver_age: '40',
        pick_up_time: '12:00',
        drop_off_time: '10:00',
        insurance_id: '2',
      })
      assert.deepEqual(body.assumptions, [])
      assert.equal(body.driverAge, 40)
    })

    for (const { given, missing, handOver } of [
      { given: { pick_up_time: '12:00' }, missing: 'drop_off_time', handOver: 'drop-off' },
      { given: { drop_off_time: '10:00' }, missing: 'pick_up_time', handOver: 'pick-up' },
    ]) {
      test(`with only ${Object.keys(given)[0]}, the assumption is about ${missing} alone`, async () => {
        const body = await quote({ ...CAR, ...given, driver_age: '40', insurance_id: '2' })
        assert.deepEqual(body.assumptions, [
          `No ${missing} was given: the price is for a ${handOver} in opening hours (an after-hours ${handOver} adds its fee), and the person chooses that time at checkout.`,
        ])
      })
    }
  })

  describe('the checkout link and the agent', () => {
    test('carries the driver age, the promotion and the agent reference', async () => {
      const body = await quote({
        ...CAR,
        driver_age: '24',
        promo_code: 'save10',
        agent_ref: 'trip-planner.session_42',
      })
      assert.equal(body.agentRef, 'trip-planner.session_42')
      const link = new URL(body.checkoutUrl)
      assert.equal(link.searchParams.get('driver_age'), '24')
      assert.equal(link.searchParams.get('promo_code'), 'SAVE10')
      assert.equal(link.searchParams.get('agent_ref'), 'trip-planner.session_42')
    })
  })
})

describe('availability with the company terms', () => {
  let api: TestApi
  before(async () => {
    api = await startApi({ fleetFile: TERMS_FLEET })
  })
  after(() => api.close())

  const search = { ...CAR, vehicle_id: undefined }
  const items = async (params: Params) =>
    okBody<(VehicleBody & { discountAmount?: number })[]>(
      await api.get('/vehicles/availability', params),
    )

  test('each vehicle carries its total from, surcharges included, equal to its plain quote', async () => {
    const vehicles = await items(search)
    assert.deepEqual(
      vehicles.map((vehicle) => [vehicle.vehicleId, vehicle.totalFromAmount]),
      [
        [1, 455],
        [2, 905],
      ],
    )
    for (const vehicle of vehicles) {
      const plain = okBody<ExtrasQuote>(
        await api.get('/quotes', { ...search, vehicle_id: String(vehicle.vehicleId) }),
      )
      assert.equal(plain.totalAmount, vehicle.totalFromAmount)
      assert.equal(vehicle.discountAmount, undefined)
    }
  })

  test('a 20-year-old does not see the van (21+), and the car with the young-driver fees', async () => {
    const vehicles = await items({ ...search, driver_age: '20' })
    assert.deepEqual(
      vehicles.map((vehicle) => [vehicle.vehicleId, vehicle.totalFromAmount]),
      [[1, 515]],
    )
  })

  test('a promotion lowers the total of the vehicles it is for, and says by how much on each', async () => {
    const saving = await items({ ...search, promo_code: 'SAVE10' })
    assert.deepEqual(
      saving.map((vehicle) => [vehicle.vehicleId, vehicle.discountAmount, vehicle.totalFromAmount]),
      [
        [1, 45, 410],
        [2, 90, 815],
      ],
    )
    const vanOnly = await items({ ...search, pick_up_date: '2027-01-15', promo_code: 'VAN20' })
    assert.deepEqual(
      vanOnly.map((vehicle) => [vehicle.vehicleId, vehicle.discountAmount]),
      [
        [1, 0],
        [2, 20],
      ],
    )
  })

  test('an unknown code is a 400 for the whole search', async () => {
    assertBadParameter(
      await api.get('/vehicles/availability', { ...search, promo_code: 'NOPE99' }),
      'unknown_promotion',
      'promo_code',
    )
  })

  test('the unavailable listing names the vehicle the driver is too young for', async () => {
    const listed = okBody<{ vehicleId: number; code: string; suggestion: unknown }[]>(
      await api.get('/vehicles/unavailable', { ...search, driver_age: '20' }),
    )
    assert.deepEqual(
      listed.map((item) => [item.vehicleId, item.code, item.suggestion]),
      [[2, 'driver_too_young', null]],
    )
  })
})

describe("a quote's payment terms say how to pay, in the company's words (the demo fleet)", () => {
  let api: TestApi
  before(async () => {
    api = await startApi({ fleetFile: DEMO_FLEET_FILE })
  })
  after(() => api.close())

  test('howToPay as the fleet says it, at the end of the payment sentence too', async () => {
    const quote = okBody<{ terms: { payment: { howToPay: string | null; text: string } } }>(
      await api.get('/quotes', {
        pick_up_depot_id: '1',
        drop_off_depot_id: '1',
        pick_up_date: '2027-03-01',
        drop_off_date: '2027-03-05',
        vehicle_id: '1',
      }),
    )
    const how =
      'We email you a secure payment link within one working day of your booking, and a reminder before anything else is due.'
    assert.equal(quote.terms.payment.howToPay, how)
    assert.match(quote.terms.payment.text, /^A deposit of 20% \(NZ\$[\d,.]+\) is due on booking; /)
    assert.ok(quote.terms.payment.text.endsWith(` ${how}`), quote.terms.payment.text)
  })
})

describe('an after-hours fee that no time left can escape is in the price from the start', () => {
  // 10:00 on Wednesday 13 January 2027 in Auckland. Alpha's pick-up left today is 12:00; its
  // drop-offs are 10:00 and 17:00, and 17:00 is after hours: a rental back today can only end then.
  let api: TestApi
  before(async () => {
    api = await startApi({ fleetFile: TERMS_FLEET, now: new Date('2027-01-12T21:00:00Z') })
  })
  after(() => api.close())

  // The van: no minimum days, 200.00 for one day in the high season.
  const today = { ...CAR, vehicle_id: '2', drop_off_date: '2027-01-13' }
  const ids = (lines: Line[]) => lines.map((line) => line.id)

  test('a quote for today and back today, with no times: the fee is a line, and the assumption says why', async () => {
    const body = okBody<ExtrasQuote>(await api.get('/quotes', today))
    assert.deepEqual(ids(body.priceBreakdown.surcharges), ['after-hours', 'road-levy'])
    assert.equal(body.totalAmount, 200 + 30 + 1.25)
    assert.ok(
      body.assumptions.includes(
        'No pick_up_time or drop_off_time was given: every drop-off time that can still be chosen on the drop-off day is after hours, so the price includes the after-hours fee. The pick-up is priced in opening hours (an after-hours pick-up adds its fee). The person chooses the times at checkout.',
      ),
      String(body.assumptions),
    )
  })

  test('availability gives the same total from', async () => {
    const search = {
      pick_up_depot_id: '1',
      drop_off_depot_id: '1',
      pick_up_date: '2027-01-13',
      drop_off_date: '2027-01-13',
    }
    const listed = okBody<VehicleBody[]>(await api.get('/vehicles/availability', search))
    const van = listed.find((vehicle) => vehicle.vehicleId === 2)
    assert.equal(van?.totalFromAmount, 200 + 30 + 1.25)
  })

  test('a rental with an in-hours time to choose for each hand-over has no fee', async () => {
    // Tomorrow to the day after: the 12:00 pick-up and the 10:00 drop-off are in hours.
    const body = okBody<ExtrasQuote>(
      await api.get('/quotes', {
        ...today,
        pick_up_date: '2027-01-14',
        drop_off_date: '2027-01-15',
      }),
    )
    assert.deepEqual(ids(body.priceBreakdown.surcharges), ['road-levy'])
  })

  test('back the same day tomorrow, every choice has an after-hours hand-over: the fee, and both named', async () => {
    // 08:00 (after hours) to 10:00, 08:00 to 17:00 (both), 12:00 to 17:00 (after hours).
    const body = okBody<ExtrasQuote>(
      await api.get('/quotes', {
        ...today,
        pick_up_date: '2027-01-14',
        drop_off_date: '2027-01-14',
      }),
    )
    assert.deepEqual(ids(body.priceBreakdown.surcharges), ['after-hours', 'road-levy'])
    assert.ok(
      body.assumptions.includes(
        'No pick_up_time or drop_off_time was given: every choice of pick-up and drop-off times left has an after-hours hand-over, so the price includes the after-hours fee. The person chooses the times at checkout.',
      ),
      String(body.assumptions),
    )
  })

  test('the after-hours time then chosen keeps the quoted price: the same surcharges', async () => {
    const quoted = okBody<ExtrasQuote>(await api.get('/quotes', today))
    const chosen = okBody<ExtrasQuote>(
      await api.get('/quotes', { ...today, pick_up_time: '12:00', drop_off_time: '17:00' }),
    )
    assert.deepEqual(ids(chosen.priceBreakdown.surcharges), ids(quoted.priceBreakdown.surcharges))
    assert.equal(chosen.totalAmount, quoted.totalAmount)
  })
})

describe('the flexible search prices each date with the times left on it', () => {
  // 19:48 on Wednesday 13 January 2027 in Auckland: the demo's Auckland Airport (1) still hands
  // over at 20:00 today, after hours; tomorrow has its opening hours' times too.
  let api: TestApi
  before(async () => {
    api = await startApi({ fleetFile: DEMO_FLEET_FILE, now: new Date('2027-01-13T06:48:00Z') })
  })
  after(() => api.close())

  test("today's option includes the after-hours fee, tomorrow's does not, as their quotes do", async () => {
    const where = { pick_up_depot_id: '1', drop_off_depot_id: '1' }
    const flexible = okBody<{ vehicleId: number; pickUpDate: string; totalFromAmount: number }[]>(
      await api.get('/vehicles/availability/flexible', {
        ...where,
        earliest_pick_up_date: '2027-01-13',
        latest_pick_up_date: '2027-01-14',
        rental_days: '3',
        vehicle_id: '1',
      }),
    )
    const on = (date: string) => flexible.find((option) => option.pickUpDate === date)
    const quote = async (pickUp: string, dropOff: string, extra: Params = {}) =>
      okBody<ExtrasQuote>(
        await api.get('/quotes', {
          ...where,
          pick_up_date: pickUp,
          drop_off_date: dropOff,
          vehicle_id: '1',
          ...extra,
        }),
      )
    const tonight = await quote('2027-01-13', '2027-01-16')
    const atEight = await quote('2027-01-13', '2027-01-16', { pick_up_time: '20:00' })
    const tomorrow = await quote('2027-01-14', '2027-01-17')
    assert.ok(tonight.priceBreakdown.surcharges.some((line) => line.id === 'after-hours'))
    assert.equal(tonight.totalAmount, atEight.totalAmount)
    assert.ok(!tomorrow.priceBreakdown.surcharges.some((line) => line.id === 'after-hours'))
    assert.equal(on('2027-01-13')?.totalFromAmount, tonight.totalAmount)
    assert.equal(on('2027-01-14')?.totalFromAmount, tomorrow.totalAmount)
  })

  test('back the same day at 07:00: the only pick-up before it, 06:00, is after hours, so the fee is quoted', async () => {
    const where = { pick_up_depot_id: '1', drop_off_depot_id: '1', vehicle_id: '1' }
    const day = { pick_up_date: '2027-01-20', drop_off_date: '2027-01-20' }
    const early = okBody<ExtrasQuote>(
      await api.get('/quotes', { ...where, ...day, drop_off_time: '07:00' }),
    )
    const atSix = okBody<ExtrasQuote>(
      await api.get('/quotes', { ...where, ...day, pick_up_time: '06:00', drop_off_time: '07:00' }),
    )
    assert.ok(early.priceBreakdown.surcharges.some((line) => line.id === 'after-hours'))
    assert.equal(early.totalAmount, atSix.totalAmount)
    assert.ok(
      early.assumptions.includes(
        'No pick_up_time was given: every pick-up time that can still be chosen on the pick-up day is after hours, so the price includes the after-hours fee. The person chooses that time at checkout.',
      ),
      String(early.assumptions),
    )
  })
})
