import assert from 'node:assert/strict'
import { resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { bookingForm, cookieOf, errorNextTo, textOf } from '../helpers/booking-pages.ts'
import { okBody } from '../http/api-client.ts'
import { asToolArguments, startMcpOverHttp, structured } from '../mcp/mcp-sessions.ts'

/*
 * One quote, every door: the API's JSON, the MCP tool's structured result, the checkout page its
 * link opens and the confirmation of the booking show the same lines, terms and total. And what
 * the person tells the checkout (the driver's date of birth, an after-hours time) prices the rental
 * again, saying what changed, before anything is booked. Terms fleet at 2027-01-10 (see
 * test/http/quote-extras.test.ts).
 */

const TERMS_FLEET = resolve(import.meta.dirname, '../fixtures/terms-fleet.yaml')

/** A 24-year-old's 5-day car rental at Alpha from Wednesday 13 January, with SAVE10. */
const ASKED = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-01-13',
  drop_off_date: '2027-01-18',
  vehicle_id: '1',
  insurance_id: '2',
  pick_up_time: '12:00',
  drop_off_time: '10:00',
  driver_age: '24',
  promo_code: 'SAVE10',
  agent_ref: 'planner.test',
}
/** 24 on 13 January 2027. */
const BORN_24 = '2002-06-30'
/** 40 on 13 January 2027. */
const BORN_40 = '1986-05-14'

type Quote = {
  quoteId: string
  totalAmount: number
  checkoutUrl: string
  priceBreakdown: {
    surcharges: { name: string; cost: number }[]
    discount: number
    promotion: { code: string } | null
    insurance: { name: string; cost: number } | null
  }
  terms: { distance: { text: string }; payment: { text: string }; bond: { text: string } | null }
  assumptions: string[]
}

const money = (dollars: number) =>
  `NZ$${dollars.toLocaleString('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

describe('one quote through the API, MCP, the checkout and the confirmation', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  before(async () => {
    session = await startMcpOverHttp({
      fleetFile: TERMS_FLEET,
      env: { BOOKING_RATE_LIMIT_MAX: '1000' },
    })
  })
  after(() => session.close())

  const page = (url: string) => session.api.app.inject({ method: 'GET', url })
  const post = (fields: Record<string, string>, cookie: string) =>
    session.api.app.inject({
      method: 'POST',
      url: '/book',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams(fields).toString(),
    })

  /** What a page must show of a quote: each surcharge and the discount, the total, the terms. */
  function assertShows(html: string, quote: Quote, where: string) {
    const text = textOf(html)
    for (const line of quote.priceBreakdown.surcharges) {
      assert.ok(
        text.includes(`${line.name} Surcharge ${money(line.cost)}`),
        `${where}: ${line.name}`,
      )
    }
    assert.ok(text.includes(`-${money(quote.priceBreakdown.discount)}`), `${where}: the discount`)
    assert.ok(
      text.includes(`Total GST included ${money(quote.totalAmount)}`),
      `${where}: the total`,
    )
    for (const term of [
      quote.terms.distance.text,
      quote.terms.payment.text,
      quote.terms.bond?.text,
    ]) {
      assert.ok(term && text.includes(term), `${where} lacks the term ${term}`)
    }
  }

  test('the same lines, terms and total everywhere, and the booking keeps them', async () => {
    const rest = okBody<Quote>(await session.api.get('/quotes', ASKED))
    const viaMcp = structured<Quote>(
      await session.client.callTool({ name: 'get_quote', arguments: asToolArguments(ASKED) }),
    )
    const {
      quoteId: _a,
      checkoutUrl: _b,
      expiresAt: _c,
      ...restLines
    } = rest as Quote & {
      expiresAt: string
    }
    const {
      quoteId: _d,
      checkoutUrl: _e,
      expiresAt: _f,
      ...mcpLines
    } = viaMcp as Quote & {
      expiresAt: string
    }
    assert.deepEqual(mcpLines, restLines)
    assert.deepEqual(
      rest.priceBreakdown.surcharges.map((line) => line.name),
      ['Young driver fee', 'Road levy', 'Young driver levy'],
    )
    assert.equal(rest.priceBreakdown.discount, 45)
    assert.deepEqual(rest.assumptions, [])

    const link = new URL(rest.checkoutUrl)
    const checkout = await page(`${link.pathname}${link.search}`)
    assert.equal(checkout.statusCode, 200)
    assertShows(checkout.body, rest, 'the checkout')

    const booked = await post(
      {
        ...bookingForm(checkout.body),
        full_name: 'Hemi Walker',
        email: 'hemi@example.com',
        phone: '+64 21 555 0177',
        date_of_birth: BORN_24,
      },
      cookieOf(checkout),
    )
    assert.equal(booked.statusCode, 201, textOf(booked.body).slice(0, 500))
    assertShows(booked.body, rest, 'the confirmation')
    const reference = /id="booking-reference">([^<]+)</.exec(booked.body)?.[1] ?? ''
    const booking = await session.api.store.findBooking({ reference })
    assert.equal(booking?.totalAmount, Math.round(rest.totalAmount * 100))
    assert.equal(booking?.agentRef, 'planner.test')
    assert.equal(booking?.price?.driverAge, 24)
  })

  test("an older driver's date of birth keeps the price quoted for an unknown age", async () => {
    const asked = { ...ASKED, driver_age: undefined, promo_code: undefined }
    const quote = okBody<Quote>(await session.api.get('/quotes', asked))
    const link = new URL(quote.checkoutUrl)
    const checkout = await page(`${link.pathname}${link.search}`)
    assert.match(textOf(checkout.body), /This price is for a driver aged 25 or over/)
    const booked = await post(
      {
        ...bookingForm(checkout.body),
        full_name: 'Ana Lee',
        email: 'ana@example.com',
        phone: '+64 21 555 0178',
        date_of_birth: BORN_40,
      },
      cookieOf(checkout),
    )
    assert.equal(booked.statusCode, 201, textOf(booked.body).slice(0, 500))
    const reference = /id="booking-reference">([^<]+)</.exec(booked.body)?.[1] ?? ''
    const booking = await session.api.store.findBooking({ reference })
    assert.equal(booking?.quoteId, quote.quoteId, 'the quote handed over was honoured')
    assert.equal(booking?.price?.driverAge, 40)
    assert.ok(
      !booking?.price?.assumptions.some((assumption) => assumption.kind === 'driver_age'),
      'the booking still assumes an age',
    )
  })

  test("a young driver's date of birth prices the rental again, says what changed, and books at the new price", async () => {
    // Wednesday 3 to Monday 8 February: the two cars are taken on the dates above.
    const asked = {
      ...ASKED,
      pick_up_date: '2027-02-03',
      drop_off_date: '2027-02-08',
      driver_age: undefined,
      promo_code: undefined,
    }
    const quote = okBody<Quote>(await session.api.get('/quotes', asked))
    const link = new URL(quote.checkoutUrl)
    const checkout = await page(`${link.pathname}${link.search}`)
    const details = {
      full_name: 'Kiri Moana',
      email: 'kiri@example.com',
      phone: '+64 21 555 0179',
      date_of_birth: BORN_24,
    }
    const first = await post({ ...bookingForm(checkout.body), ...details }, cookieOf(checkout))
    assert.equal(first.statusCode, 409, 'nothing is booked at a price the person has not seen')
    const said = textOf(first.body)
    assert.match(said, /The price changed with your details, so nothing was booked yet/)
    assert.match(said, /The driver will be 24 on the pick-up date\./)
    assert.match(said, /Added: Young driver fee, NZ\$45\.00\./)
    assert.match(said, /Added: Young driver levy, NZ\$15\.00\./)
    assert.match(
      said,
      new RegExp(`The total goes from ${money(quote.totalAmount).replace('$', '\\$')} to NZ\\$`),
    )
    assert.equal(await session.api.store.findBooking({ reference: 'none' }), undefined)

    // Confirmed again on the page showing the new price: booked at it.
    const second = await post({ ...bookingForm(first.body), ...details }, cookieOf(checkout))
    assert.equal(second.statusCode, 201, textOf(second.body).slice(0, 500))
    const reference = /id="booking-reference">([^<]+)</.exec(second.body)?.[1] ?? ''
    const booking = await session.api.store.findBooking({ reference })
    assert.equal(booking?.totalAmount, Math.round(quote.totalAmount * 100) + 4500 + 1500)
    assert.equal(booking?.price?.driverAge, 24)
  })

  test('an after-hours time chosen at checkout adds its fee before booking', async () => {
    const asked = {
      ...ASKED,
      pick_up_date: '2027-02-10',
      drop_off_date: '2027-02-15',
      pick_up_time: undefined,
      driver_age: undefined,
      promo_code: undefined,
    }
    const quote = okBody<Quote>(await session.api.get('/quotes', asked))
    const link = new URL(quote.checkoutUrl)
    const checkout = await page(`${link.pathname}${link.search}`)
    assert.match(checkout.body, /<option value="08:00">08:00 \(after hours\)<\/option>/)
    assert.match(checkout.body, /<option value="12:00" selected>12:00<\/option>/)
    // The fee and its price are said before a time is picked.
    assert.match(
      textOf(checkout.body),
      /A hand-over at a time marked "after hours" below adds the fee After-hours hand-over, NZ\$30\.00 per rental\./,
    )
    const answer = await post(
      {
        ...bookingForm(checkout.body),
        pick_up_time: '08:00',
        full_name: 'Sam Rua',
        email: 'sam@example.com',
        phone: '+64 21 555 0180',
        date_of_birth: BORN_40,
      },
      cookieOf(checkout),
    )
    assert.equal(answer.statusCode, 409)
    assert.match(textOf(answer.body), /Added: After-hours hand-over, NZ\$30\.00\./)
  })

  /** The van's checkout (for drivers of 21 or over) confirmed for this person. */
  async function confirmVanFor(person: {
    full_name: string
    phone: string
    date_of_birth: string
  }) {
    const van = {
      ...ASKED,
      vehicle_id: '2',
      insurance_id: undefined,
      pick_up_date: '2027-01-15',
      driver_age: undefined,
      promo_code: undefined,
    }
    const quote = okBody<Quote>(await session.api.get('/quotes', van))
    const link = new URL(quote.checkoutUrl)
    const checkout = await page(`${link.pathname}${link.search}`)
    return post(
      { ...bookingForm(checkout.body), email: 'young@example.com', ...person },
      cookieOf(checkout),
    )
  }

  test('a driver too young for the vehicle is told next to the date of birth, with the way to the vehicles they may rent', async () => {
    const answer = await confirmVanFor({
      full_name: 'Young One',
      phone: '+64 21 555 0181',
      date_of_birth: '2006-06-30',
    })
    assert.equal(answer.statusCode, 400)
    const said = textOf(answer.body)
    assert.match(said, /the driver is too young for this vehicle/)
    assert.match(said, /Test Van is rented to drivers aged 21 or over; the driver is 20/)
    // The whole sentence once; next to the field, what it is about.
    assert.equal(said.match(/rented to drivers aged 21 or over/g)?.length, 1, said)
    assert.equal(
      errorNextTo(answer.body, 'date_of_birth'),
      'The driver is too young for this vehicle',
    )
    assert.match(answer.body, /href="\/book\?[^"]*driver_age=20"/)
    assert.match(answer.body, /id="date_of_birth"[^>]*value="2006-06-30"/)
  })

  test("a date of birth too young for the vehicle keeps the quote's price for its driver age, and the corrected one books at it", async () => {
    // The van quoted for a 24-year-old: the young-driver fee is in its price. Other dates than
    // the other tests' van, which this one books.
    const van = {
      ...ASKED,
      vehicle_id: '2',
      insurance_id: undefined,
      pick_up_date: '2027-02-01',
      drop_off_date: '2027-02-05',
      promo_code: undefined,
      pick_up_time: undefined,
      drop_off_time: undefined,
    }
    const quote = okBody<Quote>(
      await session.api.get(
        '/quotes',
        Object.fromEntries(Object.entries(van).filter(([, value]) => value !== undefined)),
      ),
    )
    assert.ok(quote.priceBreakdown.surcharges.length > 0, 'the quote has a young-driver fee')
    const link = new URL(quote.checkoutUrl)
    const checkout = await page(`${link.pathname}${link.search}`)
    const form = bookingForm(checkout.body)
    const person = { full_name: 'Mis Typed', email: 'typo@example.com', phone: '+64 21 555 0183' }
    // A slip of the year: 20, too young for the van.
    const refused = await post(
      { ...form, ...person, date_of_birth: '2006-06-30' },
      cookieOf(checkout),
    )
    assert.equal(refused.statusCode, 400)
    assert.ok(
      textOf(refused.body).includes(`Total GST included ${money(quote.totalAmount)}`),
      'the quoted total, its young-driver fee in it',
    )
    const again = bookingForm(refused.body)
    assert.equal(again.driver_age, '24')
    const booked = await post({ ...again, ...person, date_of_birth: BORN_24 }, cookieOf(checkout))
    assert.equal(booked.statusCode, 201, textOf(booked.body).slice(0, 600))
    assert.ok(textOf(booked.body).includes(money(quote.totalAmount)), 'booked at the quoted total')
  })

  test('a driver too young for every vehicle is told the youngest age any takes, with no search that would come back empty', async () => {
    const answer = await confirmVanFor({
      full_name: 'Too Young',
      phone: '+64 21 555 0182',
      date_of_birth: '2010-06-30',
    })
    assert.equal(answer.statusCode, 400)
    const said = textOf(answer.body)
    assert.match(
      said,
      /Test Van is rented to drivers aged 21 or over; the driver is 16\. Every vehicle of ours needs a driver aged 18 or over: another driver of that age can book it\./,
    )
    assert.doesNotMatch(answer.body, /driver_age=16/)
    assert.doesNotMatch(said, /See the vehicles this driver may rent/)
  })

  describe('a results link from an agent, with a promotion code and its reference', () => {
    const search = {
      pick_up_depot_id: ASKED.pick_up_depot_id,
      drop_off_depot_id: ASKED.drop_off_depot_id,
      pick_up_date: ASKED.pick_up_date,
      drop_off_date: ASKED.drop_off_date,
    }
    const hidden = (html: string, name: string) =>
      [
        ...html.matchAll(new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`, 'g')),
      ].map((match) => match[1])

    test("shows availability's totals with the code, and every card's form carries the code and the reference", async () => {
      const asked = { ...search, promo_code: 'SAVE10' }
      const listed = okBody<{ vehicleId: number; totalFromAmount: number }[]>(
        await session.api.get('/vehicles/availability', asked),
      )
      assert.ok(listed.length > 0)
      const results = await page(
        `/book?${new URLSearchParams({ ...asked, agent_ref: 'planner.test' })}`,
      )
      assert.equal(results.statusCode, 200)
      const text = textOf(results.body)
      for (const vehicle of listed) {
        assert.ok(
          text.includes(`Total from ${money(vehicle.totalFromAmount)}`),
          `vehicle ${vehicle.vehicleId}: ${money(vehicle.totalFromAmount)} in ${text}`,
        )
      }
      // The form to change depots or dates shows the code, to change or clear; each card carries it.
      assert.match(
        results.body,
        /<input type="text" id="promo_code" name="promo_code" value="SAVE10"/,
      )
      assert.deepEqual(
        hidden(results.body, 'promo_code'),
        listed.map(() => 'SAVE10'),
      )
      assert.deepEqual(hidden(results.body, 'agent_ref'), [
        'planner.test',
        ...listed.map(() => 'planner.test'),
      ])
    })

    test("the search form's promotion code left empty is no code, and one pasted with spaces is the code", async () => {
      // The form sends its optional field as `promo_code=` when left blank.
      const blank = await page(`/book?${new URLSearchParams({ ...search, promo_code: '' })}`)
      assert.equal(blank.statusCode, 200)
      assert.doesNotMatch(textOf(blank.body), /cannot be used|not one of our/)
      assert.deepEqual(hidden(blank.body, 'promo_code'), [])
      const pasted = await page(
        `/book?${new URLSearchParams({ ...search, promo_code: ' save10 ' })}`,
      )
      assert.equal(pasted.statusCode, 200)
      assert.doesNotMatch(textOf(pasted.body), /cannot be used/)
      assert.ok(hidden(pasted.body, 'promo_code').length > 0)
      assert.ok(hidden(pasted.body, 'promo_code').every((code) => code === 'save10'))
    })

    test("a card names each surcharge in its total from, as the quote's lines name them", async () => {
      // A 24-year-old: "Surcharges NZ$368.00" did not say these were young-driver fees.
      const asked = { ...search, driver_age: '24' }
      const listed = okBody<{ vehicleId: number }[]>(
        await session.api.get('/vehicles/availability', asked),
      )
      const text = textOf((await page(`/book?${new URLSearchParams(asked)}`)).body)
      assert.doesNotMatch(text, /Surcharges/)
      let named = 0
      for (const { vehicleId } of listed) {
        const quote = okBody<{ priceBreakdown: { surcharges: { name: string; cost: number }[] } }>(
          await session.api.get('/quotes', { ...asked, vehicle_id: String(vehicleId) }),
        )
        for (const line of quote.priceBreakdown.surcharges) {
          assert.ok(text.includes(`${line.name} ${money(line.cost)}`), `${line.name} in ${text}`)
          named++
        }
      }
      assert.ok(named > 0, `no surcharge to name among ${JSON.stringify(listed)}`)
    })

    test('a checkout link with a code the rental is too short for: the checkout without it, saying why', async () => {
      const short = {
        ...search,
        drop_off_date: '2027-01-16',
        vehicle_id: '2',
        promo_code: 'SAVE10',
      }
      let answer = await page(`/book?${new URLSearchParams(short)}`)
      for (let hop = 0; hop < 3 && answer.statusCode === 303; hop++) {
        answer = await page(String(answer.headers.location))
      }
      assert.equal(answer.statusCode, 200, textOf(answer.body).slice(0, 600))
      assert.match(
        textOf(answer.body),
        /The promotion code SAVE10 cannot be used for this rental: it needs a rental of at least 5 days; this one is 3\. The price below is without it\./,
      )
      assert.doesNotMatch(textOf(answer.body), /promo_code/)
    })

    test('a card shows the promotion taken off on a line of its own, not as negative surcharges', async () => {
      const asked = { ...search, promo_code: 'save10' }
      const listed = okBody<{ vehicleId: number; discountAmount: number }[]>(
        await session.api.get('/vehicles/availability', asked),
      )
      const discounted = listed.filter((vehicle) => vehicle.discountAmount > 0)
      assert.ok(discounted.length > 0, 'no vehicle discounted')
      const text = textOf((await page(`/book?${new URLSearchParams(asked)}`)).body)
      for (const vehicle of discounted) {
        assert.ok(text.includes(`Promotion SAVE10 −${money(vehicle.discountAmount)}`), text)
      }
      assert.doesNotMatch(text, /Surcharges -/)
    })

    for (const [what, code] of [
      ['a malformed code', 'X'],
      ['a code with a space', 'SAVE 10'],
    ]) {
      test(`${what} is said above the vehicles too, never the whole page lost`, async () => {
        const results = await page(
          `/book?${new URLSearchParams({ ...search, promo_code: code as string })}`,
        )
        assert.equal(results.statusCode, 200)
        assert.match(textOf(results.body), /cannot be used for this search/)
        assert.deepEqual(hidden(results.body, 'promo_code'), [])
      })
    }

    test("the checkout's link back to the vehicles keeps the driver's age, the code and the reference", async () => {
      // Weeks the other tests leave free: the first that quotes.
      let quote: Quote | undefined
      for (const [from, to] of [
        ['2027-02-17', '2027-02-22'],
        ['2027-02-24', '2027-03-01'],
        ['2027-01-27', '2027-02-01'],
      ]) {
        const answer = await session.api.get('/quotes', {
          ...ASKED,
          pick_up_date: from,
          drop_off_date: to,
        })
        if (answer.statusCode === 200) {
          quote = answer.json<Quote>()
          break
        }
      }
      assert.ok(quote, 'no free week to quote')
      const link = new URL(quote.checkoutUrl)
      const checkout = await page(`${link.pathname}${link.search}`)
      const back = /<a href="([^"]*)">Change vehicle or options<\/a>/.exec(checkout.body)?.[1]
      assert.ok(back, 'no link back to the vehicles')
      const params = new URL(back.replaceAll('&amp;', '&'), 'https://x.example').searchParams
      assert.equal(params.get('driver_age'), ASKED.driver_age)
      assert.equal(params.get('promo_code'), ASKED.promo_code)
      assert.equal(params.get('agent_ref'), ASKED.agent_ref)
    })

    test("an agent reference the quote API would refuse is not carried on to the cards' forms", async () => {
      const results = await page(
        `/book?${new URLSearchParams({ ...search, agent_ref: 'bad ref' })}`,
      )
      assert.equal(results.statusCode, 200)
      assert.deepEqual(hidden(results.body, 'agent_ref'), [])
    })

    test('an unknown code is said above the vehicles, which are priced and carried on without it', async () => {
      const results = await page(
        `/book?${new URLSearchParams({ ...search, promo_code: 'NOPE99' })}`,
      )
      assert.equal(results.statusCode, 200)
      assert.match(textOf(results.body), /The promotion code NOPE99 cannot be used for this search/)
      assert.deepEqual(hidden(results.body, 'promo_code'), [])
      const listed = okBody<{ totalFromAmount: number }[]>(
        await session.api.get('/vehicles/availability', search),
      )
      for (const vehicle of listed) {
        assert.ok(textOf(results.body).includes(`Total from ${money(vehicle.totalFromAmount)}`))
      }
    })
  })
})
