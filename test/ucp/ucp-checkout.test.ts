import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { companyProfile } from '../../src/presenters/company-profile.ts'
import { SiteLinks } from '../../src/presenters/site-links.ts'
import { checkoutSession } from '../../src/ucp/checkout-session.ts'
import { cancelBooking } from '../../src/verbs/cancel-booking.ts'
import { bookingForm, cookieOf, injectFollowing, PERSON } from '../helpers/booking-pages.ts'
import { DEMO_FLEET_FILE, SITE_URL } from '../helpers/test-app.ts'
import { okBody, type QuoteBody, startApi, type TestApi } from '../http/api-client.ts'
import {
  assertUcpCheckout,
  assertUcpErrorAnswer,
  assertUcpParses,
  assertUcpProfile,
  ucp,
} from './ucp-sdk-schemas.ts'

/*
 * The Universal Commerce Protocol door: the business profile at /.well-known/ucp and the checkout
 * capability over REST, each answer parsed with the official JavaScript SDK's schemas
 * (@ucp-js/sdk), with no field it does not know but the rental extension's. A checkout prices the
 * quote GET /quotes prices, to the cent, and hands over to the website's checkout for it; bad input
 * is UCP's error answer with a 4xx that points at the place in the body, never a 500.
 */

const SESSIONS = '/ucp/checkout-sessions'

/** Auckland Airport to Christchurch Airport, a week in February: priced with a one-way fee. */
const RENTAL = {
  pick_up_depot_id: 1,
  drop_off_depot_id: 2,
  pick_up_date: '2027-02-03',
  drop_off_date: '2027-02-10',
}

type Session = {
  ucp: { version: string; capabilities: { name: string }[] }
  id: string
  status: string
  currency: string
  continue_url?: string
  expires_at: string
  totals: { type: string; amount: number }[]
  line_items: { item: { id: string; price: number }; quantity: number }[]
  messages: { type: string; severity?: string; code: string; content: string }[]
  rental: Record<string, unknown>
}
type CompletedSession = Session & { order?: { id: string; permalink_url: string } }
type ErrorAnswer = {
  messages: { code: string; path?: string; content: string; severity: string }[]
}

describe('UCP: the business profile and the checkout capability', () => {
  let api: TestApi
  before(async () => {
    api = await startApi({ fleetFile: DEMO_FLEET_FILE })
  })
  after(async () => {
    await api.close()
  })
  const create = (payload: unknown, headers: Record<string, string> = {}) =>
    api.app.inject({
      method: 'POST',
      url: SESSIONS,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    })

  /**
   * A session's continue_url opened as the person's browser opens it, and a poster of its booking
   * form with that page's cookie.
   */
  async function websiteCheckout(continueUrl: string) {
    const checkout = await injectFollowing(api.app, continueUrl)
    const cookie = cookieOf(checkout)
    const post = (fields: Record<string, string>) =>
      api.app.inject({
        method: 'POST',
        url: '/book',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        payload: new URLSearchParams(fields).toString(),
      })
    return { checkout, post }
  }

  test('/.well-known/ucp is a business profile the UCP SDK parses: the REST service at /ucp, checkout and the rental extension, no payment handler', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/.well-known/ucp' })
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['access-control-allow-origin'], '*')
    assert.ok(response.headers.etag)
    const profile = response.json()
    assertUcpProfile(profile)
    assert.equal(profile.ucp.version, '2026-01-11')
    assert.equal(
      profile.ucp.services['dev.ucp.shopping'].rest.endpoint,
      'https://rentals.example.com/ucp',
    )
    assert.deepEqual(
      profile.ucp.capabilities.map((capability: { name: string }) => capability.name),
      ['dev.ucp.shopping.checkout', 'com.example.rentals.shopping.rental'],
    )
    const extension = profile.ucp.capabilities[1]
    assert.equal(extension.extends, 'dev.ucp.shopping.checkout')
    // UCP binds a vendor's extension to its own origin: the spec and schema are the site's.
    assert.match(extension.spec, /^https:\/\/rentals\.example\.com\//)
    const schema = await api.app.inject({ method: 'GET', url: new URL(extension.schema).pathname })
    assert.equal(schema.statusCode, 200)
    assert.deepEqual(schema.json().properties.rental.required, Object.keys(RENTAL))
    assert.equal(profile.payment, undefined)
  })

  test('a checkout prices the quote GET /quotes prices, to the cent, and hands over to its website checkout', async () => {
    const request = {
      line_items: [
        { item: { id: 'vehicle:2' }, quantity: 1 },
        { item: { id: 'accessory:1' }, quantity: 2 },
        { item: { id: 'insurance:2' }, quantity: 1 },
      ],
      rental: RENTAL,
      buyer: { email: 'sam@example.com' },
    }
    // What an agent builds with the SDK is what the checkout takes.
    assertUcpParses(ucp.CheckoutCreateRequestSchema, request, ['$.rental'])
    const response = await create(request)
    assert.equal(response.statusCode, 201, response.body)
    const session = response.json() as Session
    assertUcpCheckout(session)
    assert.equal(session.ucp.version, '2026-01-11')
    assert.deepEqual(
      session.ucp.capabilities.map((capability) => capability.name),
      ['dev.ucp.shopping.checkout', 'com.example.rentals.shopping.rental'],
    )
    const quote = okBody<QuoteBody>(
      await api.get('/quotes', {
        ...Object.fromEntries(Object.entries(RENTAL).map(([key, value]) => [key, String(value)])),
        vehicle_id: '2',
        accessory_ids: '1,1',
        insurance_id: '2',
      }),
    )
    assert.equal(session.status, 'requires_escalation')
    assert.equal(session.currency, 'NZD')
    const total = session.totals.find((entry) => entry.type === 'total')
    assert.equal(total?.amount, Math.round(quote.totalAmount * 100))
    assert.equal(
      session.totals.reduce((sum, entry) => sum + (entry.type === 'total' ? 0 : entry.amount), 0),
      total?.amount,
      'the entries before the total add up to it',
    )
    assert.deepEqual(
      session.line_items.map((line) => [line.item.id, line.quantity]),
      [
        ['vehicle:2', 1],
        ['accessory:1', 2],
        ['insurance:2', 1],
      ],
    )
    // The quote's own checkout link: the same choices, with this checkout's quote id.
    assert.equal(
      session.continue_url,
      quote.checkoutUrl.replace(/quote_id=[^&]+/, `quote_id=${session.id}`),
    )
    const handOver = session.messages.find((message) => message.type === 'error')
    assert.equal(handOver?.severity, 'requires_buyer_input')
    assert.match(handOver?.content ?? '', /Kiwi Roads Rentals takes the booking on its website/)
    assert.equal(session.rental.rental_days, 7)

    // The session is read back as it was made, and completing it hands over again.
    const read = await api.app.inject({ method: 'GET', url: `${SESSIONS}/${session.id}` })
    assert.equal(read.statusCode, 200)
    assertUcpCheckout(read.json())
    assert.deepEqual(read.json(), session)
    const complete = await api.app.inject({
      method: 'POST',
      url: `${SESSIONS}/${session.id}/complete`,
    })
    assert.equal(complete.statusCode, 200)
    assertUcpCheckout(complete.json())
    assert.equal(complete.json().status, 'requires_escalation')
    assert.ok(read.headers['x-ratelimit-remaining'], 'counted like the API')
  })

  test('a vehicle that cannot be rented is a business outcome: UCP error answer, continue_url the website search', async () => {
    // A one-day rental is below the minimum days of some of the demo's vehicles.
    const oneDay = { ...RENTAL, drop_off_date: '2027-02-04' }
    const search = await api.get('/vehicles/unavailable', {
      pick_up_depot_id: '1',
      drop_off_depot_id: '2',
      pick_up_date: oneDay.pick_up_date,
      drop_off_date: oneDay.drop_off_date,
    })
    const [unavailable] = okBody<{ vehicleId: number; code: string }[]>(search)
    assert.ok(unavailable, 'the demo has a vehicle left out on these dates')
    const response = await create({
      line_items: [{ item: { id: `vehicle:${unavailable.vehicleId}` } }],
      rental: oneDay,
    })
    assert.equal(response.statusCode, 200)
    const answer = response.json()
    assertUcpErrorAnswer(answer)
    assert.equal(answer.messages[0].code, unavailable.code)
    assert.equal(answer.messages[0].severity, 'recoverable')
    assert.match(answer.continue_url, /^https:\/\/rentals\.example\.com\/book\?pick_up_depot_id=1&/)

    // What prices the rental for this agent goes to the website's search too.
    const priced = await create({
      line_items: [{ item: { id: `vehicle:${unavailable.vehicleId}` } }],
      rental: { ...oneDay, driver_age: 30, promo_code: 'WELCOME50', agent_ref: 'planner.ucp' },
    })
    const link = new URL(priced.json().continue_url)
    assert.deepEqual(Object.fromEntries(link.searchParams), {
      pick_up_depot_id: '1',
      drop_off_depot_id: '2',
      pick_up_date: oneDay.pick_up_date,
      drop_off_date: oneDay.drop_off_date,
      driver_age: '30',
      promo_code: 'WELCOME50',
      agent_ref: 'planner.ucp',
    })
  })

  const BAD: [string, unknown, number, string, RegExp][] = [
    ['a body that is not JSON', '{"line_items": [', 400, '$', /not valid JSON/],
    ['a list for a body', [1, 2], 400, '$', /JSON object/],
    [
      'no rental',
      { line_items: [{ item: { id: 'vehicle:2' } }] },
      400,
      '$.rental',
      /rental is required/,
    ],
    ['no line items', { rental: RENTAL }, 400, '$.line_items', /line_items is required/],
    [
      'an item of no kind',
      { line_items: [{ item: { id: 'sku-123' } }], rental: RENTAL },
      400,
      '$.line_items[0].item.id',
      /"sku-123" is not an item of this business/,
    ],
    [
      'two vehicles',
      {
        line_items: [{ item: { id: 'vehicle:1' } }, { item: { id: 'vehicle:2' } }],
        rental: RENTAL,
      },
      400,
      '$.line_items',
      /exactly one vehicle/,
    ],
    [
      'a vehicle twice over',
      { line_items: [{ item: { id: 'vehicle:2' }, quantity: 2 }], rental: RENTAL },
      400,
      '$.line_items[0].quantity',
      /send 1/,
    ],
    [
      'an unknown depot',
      { line_items: [{ item: { id: 'vehicle:2' } }], rental: { ...RENTAL, pick_up_depot_id: 99 } },
      400,
      '$.rental.pick_up_depot_id',
      /pick_up_depot_id 99 is not a depot; GET \/depots/,
    ],
    [
      'an impossible date',
      {
        line_items: [{ item: { id: 'vehicle:2' } }],
        rental: { ...RENTAL, drop_off_date: '2027-02-30' },
      },
      400,
      '$.rental.drop_off_date',
      /2027-02-30/,
    ],
    [
      'a depot id as text with a leading zero',
      {
        line_items: [{ item: { id: 'vehicle:2' } }],
        rental: { ...RENTAL, drop_off_depot_id: '02' },
      },
      400,
      '$.rental.drop_off_depot_id',
      /02/,
    ],
    [
      'an unknown accessory',
      {
        line_items: [{ item: { id: 'vehicle:2' } }, { item: { id: 'accessory:999' } }],
        rental: RENTAL,
      },
      400,
      '$.line_items[1].item.id',
      /999/,
    ],
  ]
  for (const [name, payload, status, path, message] of BAD) {
    test(`${name}: ${status}, UCP's error answer pointing at ${path}`, async () => {
      const response = await create(payload)
      assert.equal(response.statusCode, status, response.body)
      const answer = response.json() as ErrorAnswer
      assertUcpErrorAnswer(answer)
      assert.equal(answer.messages[0]?.severity, 'recoverable')
      assert.equal(answer.messages[0]?.path, path)
      assert.match(answer.messages[0]?.content ?? '', message)
    })
  }

  test('other content types, a body too large, an unknown session, updating and cancelling: clear 4xx in UCP shape', async () => {
    const xml = await create('<checkout/>', { 'content-type': 'application/xml' })
    assert.equal(xml.statusCode, 415)
    assertUcpErrorAnswer(xml.json())
    const big = await create({
      rental: RENTAL,
      line_items: [{ item: { id: 'vehicle:2' } }],
      pad: 'x'.repeat(20_000),
    })
    assert.equal(big.statusCode, 413)
    assertUcpErrorAnswer(big.json())
    const unknown = await api.app.inject({ method: 'GET', url: `${SESSIONS}/q_nothing` })
    assert.equal(unknown.statusCode, 404)
    assertUcpErrorAnswer(unknown.json())
    for (const [method, url] of [
      ['PUT', `${SESSIONS}/q_nothing`],
      ['POST', `${SESSIONS}/q_nothing/cancel`],
    ] as const) {
      const refused = await api.app.inject({ method, url, payload: {} })
      assert.equal(refused.statusCode, 405, url)
      assertUcpErrorAnswer(refused.json())
    }
    const elsewhere = await api.app.inject({ method: 'GET', url: '/ucp/carts' })
    assert.equal(elsewhere.statusCode, 404)
    assertUcpErrorAnswer(elsewhere.json())
  })

  test('once the person books on the website, the session reads as completed with the booking as its order, after the quote expires and after a cancellation too', async () => {
    const response = await create({
      line_items: [{ item: { id: 'vehicle:2' } }, { item: { id: 'insurance:2' } }],
      rental: { ...RENTAL, pick_up_date: '2027-02-17', drop_off_date: '2027-02-24' },
    })
    const session = response.json() as Session
    const read = async () => {
      const answer = await api.app.inject({ method: 'GET', url: `${SESSIONS}/${session.id}` })
      assert.equal(answer.statusCode, 200)
      assertUcpCheckout(answer.json())
      return answer.json() as CompletedSession
    }
    assert.equal((await read()).status, 'requires_escalation')

    // The person follows continue_url and books on the website.
    const { checkout, post } = await websiteCheckout(session.continue_url as string)
    assert.equal(checkout.statusCode, 200)
    const booked = await post({ ...bookingForm(checkout.body), ...PERSON })
    assert.equal(booked.statusCode, 201, booked.body)
    const booking = await api.store.findBooking({ quoteId: session.id })
    assert.ok(booking)

    const completed = await read()
    assert.equal(completed.status, 'completed')
    assert.deepEqual(completed.order, {
      id: booking.reference,
      permalink_url: session.continue_url,
    })
    assert.equal('continue_url' in completed, false, 'a completed session hands over nothing')
    assert.deepEqual(completed.totals, session.totals, 'the price it was booked at')
    assert.deepEqual(
      completed.messages.map(({ type, code }) => ({ type, code })),
      [{ type: 'info', code: 'booked' }],
    )
    assert.match(
      completed.messages[0]?.content ?? '',
      new RegExp(`booked this on the website as ${booking.reference};`),
    )
    const complete = await api.app.inject({
      method: 'POST',
      url: `${SESSIONS}/${session.id}/complete`,
    })
    assert.deepEqual(complete.json(), completed, 'completing it again answers the same')

    // Long after the quote's expiry, the booking still completes the session.
    const now = api.ctx.now
    api.ctx.now = () => new Date(Date.parse(session.expires_at) + 3_600_000)
    try {
      assert.equal((await read()).status, 'completed')
    } finally {
      api.ctx.now = now
    }

    await cancelBooking(api.ctx, booking.reference, 'operator', 'Vehicle off the road')
    const cancelled = await read()
    assert.equal(
      cancelled.status,
      'completed',
      'the checkout did complete; its order was cancelled',
    )
    assert.match(cancelled.messages[0]?.content ?? '', /It has since been cancelled\.$/)
  })

  test('a checkout the website priced again (a young driver) and then booked still completes its session, saying the total changed', async () => {
    const response = await create({
      line_items: [{ item: { id: 'vehicle:2' } }],
      rental: { ...RENTAL, pick_up_date: '2027-03-03', drop_off_date: '2027-03-10' },
    })
    const session = response.json() as Session
    const { checkout, post } = await websiteCheckout(session.continue_url as string)
    // 22 on the pick-up day: the young-driver fee prices the checkout again, with a new quote.
    const young = { ...PERSON, date_of_birth: '2005-01-01' }
    const repriced = await post({ ...bookingForm(checkout.body), ...young })
    assert.equal(repriced.statusCode, 409, repriced.body)
    const form = bookingForm(repriced.body)
    assert.notEqual(form.quote_id, session.id, 'the form carries the new quote')
    const booked = await post({ ...form, ...young })
    assert.equal(booked.statusCode, 201, booked.body)
    const booking = await api.store.findBooking({ quoteId: form.quote_id as string })
    assert.ok(booking)

    const read = await api.app.inject({ method: 'GET', url: `${SESSIONS}/${session.id}` })
    const completed = read.json() as CompletedSession
    assertUcpCheckout(completed)
    assert.equal(completed.status, 'completed')
    assert.equal(completed.order?.id, booking.reference)
    assert.ok(
      (completed.messages[0]?.content ?? '').endsWith(
        `The website priced the checkout again with the person's details or choices (a young driver's fee, an after-hours time, other options): the booking's total is ${booking.totalAmount} (NZD cents, GST included), not this checkout's.`,
      ),
      completed.messages[0]?.content ?? '',
    )
  })

  test("a booking form that names another checkout's quote as the one it was opened with does not complete that checkout's session", async () => {
    const rental = { ...RENTAL, pick_up_date: '2027-03-17', drop_off_date: '2027-03-24' }
    const victim = (await create({ line_items: [{ item: { id: 'vehicle:2' } }], rental })).json()
    const own = (await create({ line_items: [{ item: { id: 'vehicle:1' } }], rental })).json()
    const { checkout, post } = await websiteCheckout((own as Session).continue_url as string)
    // A young driver, so that the checkout is priced again and the booking made from a new quote.
    const young = { ...PERSON, date_of_birth: '2005-01-01' }
    const forged = { ...bookingForm(checkout.body), ...young, opened_as: (victim as Session).id }
    const repriced = await post(forged)
    assert.equal(repriced.statusCode, 409, repriced.body)
    const booked = await post({
      ...bookingForm(repriced.body),
      ...young,
      opened_as: (victim as Session).id,
    })
    assert.equal(booked.statusCode, 201, booked.body)
    const read = await api.app.inject({
      method: 'GET',
      url: `${SESSIONS}/${(victim as Session).id}`,
    })
    assert.equal(read.json().status, 'requires_escalation', 'the victim session is untouched')
    const ownRead = await api.app.inject({
      method: 'GET',
      url: `${SESSIONS}/${(own as Session).id}`,
    })
    assert.equal(ownRead.json().status, 'completed', 'the booking completes its own checkout')
  })

  test('a session whose booking changed the options says the booking total is not the checkout total', async () => {
    const response = await create({ line_items: [{ item: { id: 'vehicle:2' } }], rental: RENTAL })
    const quote = await api.store.findQuote((response.json() as Session).id)
    assert.ok(quote)
    const company = companyProfile(api.ctx.catalogue().catalogue.company, new SiteLinks(SITE_URL))
    const session = checkoutSession(quote, company, new SiteLinks(SITE_URL), new Date(), {
      reference: 'KRR-ABCDEFGH',
      status: 'confirmed',
      totalAmount: quote.totalAmount + 3_500,
    })
    assertUcpCheckout(session)
    assert.ok(
      (session.messages[0]?.content ?? '').endsWith(
        `The website priced the checkout again with the person's details or choices (a young driver's fee, an after-hours time, other options): the booking's total is ${quote.totalAmount + 3_500} (NZD cents, GST included), not this checkout's.`,
      ),
      session.messages[0]?.content ?? '',
    )
  })

  test('an expired checkout reads as canceled, with nothing to hand over', async () => {
    const response = await create({ line_items: [{ item: { id: 'vehicle:2' } }], rental: RENTAL })
    const session = response.json() as Session
    const quote = await api.store.findQuote(session.id)
    assert.ok(quote)
    const company = companyProfile(api.ctx.catalogue().catalogue.company, new SiteLinks(SITE_URL))
    const later = new Date(Date.parse(session.expires_at) + 1000)
    const expired = checkoutSession(quote, company, new SiteLinks(SITE_URL), later)
    assertUcpCheckout(expired)
    assert.equal(expired.status, 'canceled')
    assert.equal('continue_url' in expired, false)
    assert.equal(expired.messages[0]?.code, 'expired')
  })
})
