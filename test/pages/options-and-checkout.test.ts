import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { formatNzd } from '../../src/presenters/display-format.ts'
import {
  assertPage,
  type BookingSite,
  bookingForm,
  bookUrl,
  errorNextTo,
  SEARCH,
  selectedValue,
  startBookingSite,
  textOf,
} from '../helpers/booking-pages.ts'

/*
 * /book, step 2 to 3: the options form leads to the spec's checkout link, and a checkout link
 * shows its quote, every line of it, with the booking form.
 */

type QuoteBody = {
  quoteId: string
  expiresAt: string
  totalAmount: number
  gstAmount: number
  rentalDays: number
  rentalDailyRate: number
  checkoutUrl: string
  priceBreakdown: {
    rentalFee: number
    routeFee: number
    accessoriesFee: number
    insuranceFee: number
    accessories: { id: number; name: string; cost: number; quantity: number }[]
    insurance: { id: number; name: string; cost: number } | null
  }
}

const CAR_CHOICE = {
  ...SEARCH,
  drop_off_depot_id: '2',
  vehicle_id: '1',
  insurance_id: '2',
  accessory_ids: '1,1,2',
}
const nzd = (dollars: number) => formatNzd(Math.round(dollars * 100))

let site: BookingSite
before(async () => {
  site = await startBookingSite()
})
after(async () => site.close())

async function apiQuote(choice: Record<string, string>): Promise<QuoteBody> {
  const response = await site.get(bookUrl(choice, '/api/agent/quotes'))
  assert.equal(response.statusCode, 200, response.body)
  return response.json<QuoteBody>()
}

describe('the options form of a vehicle card', () => {
  test('turns its quantities into accessory_ids and redirects (303) to the canonical checkout link', async () => {
    const response = await site.get(
      bookUrl({
        ...SEARCH,
        vehicle_id: '1',
        qty_2: '1',
        qty_1: '2',
        qty_9: '0',
        insurance_id: '2',
      }),
    )
    assert.equal(response.statusCode, 303)
    assert.equal(
      response.headers.location,
      '/book?pick_up_depot_id=1&drop_off_depot_id=1&pick_up_date=2027-01-13&drop_off_date=2027-01-18&vehicle_id=1&insurance_id=2&accessory_ids=1,1,2',
    )
  })

  test('with every quantity at 0 leads to a checkout link without accessory_ids', async () => {
    const response = await site.get(
      bookUrl({ ...SEARCH, vehicle_id: '2', qty_1: '0', qty_3: '0', insurance_id: '3' }),
    )
    assert.equal(response.statusCode, 303)
    assert.doesNotMatch(String(response.headers.location), /accessory_ids/)
  })

  test('with a quantity that is not one of the list shows the vehicles again with a message', async () => {
    const page = assertPage(
      await site.get(bookUrl({ ...SEARCH, vehicle_id: '1', qty_1: 'lots' })),
      400,
    )
    assert.equal(
      errorNextTo(page, 'v1-accessories'),
      'The extras in this link cannot be read. Choose the extras again.',
    )
  })
})

describe('GET /book with a checkout link', () => {
  test('shows the quote with every line the quote API gives, and the expiry in the company zone', async () => {
    const quote = await apiQuote(CAR_CHOICE)
    const page = assertPage(await site.getFollowing(bookUrl(CAR_CHOICE)), 200)
    const text = textOf(page)
    const fees = quote.priceBreakdown
    assert.match(
      text,
      /Vehicle Test Car Pick-up Wed, 13 Jan 2027, Alpha .* Drop-off Mon, 18 Jan 2027, Beta/,
    )
    assert.ok(
      text.includes(`Rental fee 5 days × ${nzd(quote.rentalDailyRate)} ${nzd(fees.rentalFee)}`),
      text,
    )
    assert.ok(text.includes(`Route fee One-way rental ${nzd(fees.routeFee)}`))
    for (const line of fees.accessories) {
      assert.ok(
        text.includes(`${line.name} Quantity ${line.quantity} ${nzd(line.cost)}`),
        `${line.name}: ${text}`,
      )
    }
    assert.ok(text.includes(`Accessories fee ${nzd(fees.accessoriesFee)}`))
    assert.ok(
      text.includes(`${fees.insurance?.name} Insurance plan ${nzd(fees.insurance?.cost ?? 0)}`),
    )
    assert.ok(text.includes(`Insurance fee ${nzd(fees.insuranceFee)}`))
    assert.ok(text.includes(`Total GST included ${nzd(quote.totalAmount)}`))
    assert.ok(text.includes(`GST included in the total 15% ${nzd(quote.gstAmount)}`))
    // The quote is valid for 30 minutes from 13:00 in Auckland (NZDT in January).
    assert.match(text, /This price is held until Sun, 10 Jan 2027, 1:30 pm NZDT ?\./)
    assert.equal(nzd(1234.5), 'NZ$1,234.50')
  })

  test('has the booking form: Full name, Email and Phone, the choices and a quote id carried, Confirm booking', async () => {
    const page = (await site.getFollowing(bookUrl(CAR_CHOICE))).body
    for (const [name, label, type, autocomplete] of [
      ['full_name', 'Full name', 'text', 'name'],
      ['email', 'Email', 'email', 'email'],
      ['phone', 'Phone', 'tel', 'tel'],
    ]) {
      assert.match(page, new RegExp(`<label for="${name}">${label}</label>`))
      assert.match(
        page,
        new RegExp(
          `<input type="${type}" id="${name}" name="${name}" value="" autocomplete="${autocomplete}"`,
        ),
      )
    }
    assert.match(page, /<button type="submit">Confirm booking<\/button>/)
    const fields = bookingForm(page)
    const { quote_id: quoteId, _csrf: token, pick_up_time, drop_off_time, ...choice } = fields
    assert.deepEqual(choice, CAR_CHOICE)
    // The times to choose from are the depots' for the day type; the first is chosen.
    assert.match(page, /<label for="pick_up_time">Pick-up time<\/label>/)
    assert.match(page, /<label for="drop_off_time">Drop-off time<\/label>/)
    assert.ok(pick_up_time && drop_off_time, 'no hand-over times')
    assert.match(String(quoteId), /^q_/)
    assert.ok(token && token.length > 20, 'no form token')
  })

  test('a rental on one day is offered a drop-off time after the pick-up time', async () => {
    const sameDay = { ...SEARCH, drop_off_date: '2027-01-13', vehicle_id: '2' }
    // Alpha's weekday drop-offs are 10:00 and 17:00: after a 12:00 pick-up only 17:00 is possible.
    const afterNoon = assertPage(
      await site.getFollowing(bookUrl({ ...sameDay, pick_up_time: '12:00' })),
      200,
    )
    assert.equal(selectedValue(afterNoon, 'pick_up_time'), '12:00')
    assert.equal(selectedValue(afterNoon, 'drop_off_time'), '17:00')
    // Unchosen: the pick-up as early as can be, the drop-off as late (the day is paid for anyway).
    const morning = assertPage(await site.getFollowing(bookUrl(sameDay)), 200)
    assert.equal(selectedValue(morning, 'pick_up_time'), '08:00')
    assert.equal(selectedValue(morning, 'drop_off_time'), '17:00')
  })

  test('an unchosen drop-off is the last time of its day that is not after hours, never the first', async () => {
    // Seven days: the drop-off was pre-set to the first time of the last day, and booked so.
    const week = assertPage(await site.getFollowing(bookUrl({ ...SEARCH, vehicle_id: '2' })), 200)
    assert.equal(selectedValue(week, 'drop_off_time'), '17:00')
  })

  test('on the pick-up day, only the times still to come are offered, and no free cancellation is promised', async () => {
    // 09:30 on Wednesday 2027-01-13 in Auckland: Alpha's 08:00 is gone, its 12:00 to come.
    site.setNow(new Date('2027-01-12T20:30:00Z'))
    try {
      const page = assertPage(await site.getFollowing(bookUrl(CAR_CHOICE)), 200)
      const pickUp = /<select id="pick_up_time"[^>]*>([\s\S]*?)<\/select>/.exec(page)?.[1] ?? ''
      assert.deepEqual(
        [...pickUp.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]),
        ['12:00'],
      )
      assert.match(
        textOf(page),
        /No free cancellation: it ends 48 hours before pick-up, and this rental starts sooner/,
      )
    } finally {
      site.setNow(new Date('2027-01-10T00:00:00Z'))
    }
  })

  test("a quote's checkoutUrl shows that very quote", async () => {
    const quote = await apiQuote(CAR_CHOICE)
    const url = new URL(quote.checkoutUrl)
    const page = assertPage(await site.get(`${url.pathname}${url.search}`), 200)
    assert.equal(bookingForm(page).quote_id, quote.quoteId)
    assert.doesNotMatch(textOf(page), /expired|not found/)
  })

  test('a link whose quote has expired shows a new quote and says so', async () => {
    const quote = await apiQuote(CAR_CHOICE)
    site.setNow(new Date(Date.parse(quote.expiresAt) + 1000))
    try {
      const url = new URL(quote.checkoutUrl)
      const page = assertPage(await site.get(`${url.pathname}${url.search}`), 200)
      assert.notEqual(bookingForm(page).quote_id, quote.quoteId)
      assert.match(textOf(page), /The quote you had has expired/)
    } finally {
      site.setNow(new Date('2027-01-10T00:00:00Z'))
    }
  })

  test('a link with an unknown quote id, or one for other choices, shows a new quote and says so', async () => {
    const other = await apiQuote({ ...CAR_CHOICE, accessory_ids: '1' })
    for (const quoteId of ['q_unknownunknownunknown1', other.quoteId]) {
      const page = assertPage(await site.get(bookUrl({ ...CAR_CHOICE, quote_id: quoteId })), 200)
      assert.notEqual(bookingForm(page).quote_id, quoteId)
      assert.match(textOf(page), /The quote you had was not found for these choices/)
    }
  })

  test('a bad accessory or plan shows the vehicles again, the message next to that choice, filled as sent', async () => {
    // In a traveller's words, not the API's ("accessory_ids item 2 (id 9) is not an accessory").
    const rows = [
      {
        change: { accessory_ids: '1,9' },
        id: 'v1-accessories',
        says: 'One of the extras asked for is not one of ours. Choose the extras again.',
      },
      {
        change: { accessory_ids: '1,1,1' },
        id: 'v1-accessories',
        says: 'Seat: at most 2 per rental, not 3. Choose how many again.',
      },
      {
        change: { accessory_ids: '3' },
        id: 'v1-accessories',
        says: 'Kit is not offered for Test Car picked up on Wed, 13 Jan 2027: it is offered only for vehicles of class van. Choose the extras again.',
      },
      {
        change: { insurance_id: '3' },
        id: 'v1-insurance',
        says: 'Van cover is not offered for this vehicle. Choose a plan again.',
      },
      {
        change: { insurance_id: '2x' },
        id: 'v1-insurance',
        says: 'The insurance plan in this link cannot be read. Choose a plan again.',
      },
    ]
    for (const { change, id, says } of rows) {
      const choice = { ...CAR_CHOICE, ...change }
      const api = await site.get(bookUrl(choice, '/api/agent/quotes'))
      assert.equal(api.statusCode, 400)
      const page = assertPage(await site.get(bookUrl(choice)), 400)
      assert.equal(errorNextTo(page, id), says, JSON.stringify(change))
      assert.equal(
        selectedValue(page, 'v1-qty-1'),
        String(choice.accessory_ids.split(',').filter((item) => item === '1').length),
      )
    }
  })

  test('an agent reference or driver age that does not read is left out, not a checkout refused', async () => {
    // A chat app added a full stop to the link; an agent's reference with spaces.
    const response = await site.getFollowing(
      bookUrl({ ...CAR_CHOICE, driver_age: '23.', agent_ref: 'a b c d!!' }),
    )
    const page = assertPage(response, 200)
    const fields = bookingForm(page)
    assert.equal(fields.driver_age, undefined)
    assert.equal(fields.agent_ref, undefined)
    assert.match(String(fields.quote_id), /^q_/)
  })

  test('a promotion code that is not one of ours: the checkout without it, saying so in words', async () => {
    // The choice was lost to the vehicle list, under the API's message.
    const page = assertPage(
      await site.getFollowing(bookUrl({ ...CAR_CHOICE, promo_code: 'NOPE99' })),
      200,
    )
    assert.match(
      textOf(page),
      /The promotion code NOPE99 cannot be used for this rental NOPE99 is not one of our promotion codes\. The price below is without it\./,
    )
    const fields = bookingForm(page)
    assert.equal(fields.promo_code, undefined)
    assert.equal(fields.vehicle_id, '1')
    assert.match(String(fields.quote_id), /^q_/)
  })

  test('an unknown vehicle: the API message above the vehicles (400)', async () => {
    const choice = { ...CAR_CHOICE, vehicle_id: '99' }
    const api = await site.get(bookUrl(choice, '/api/agent/quotes'))
    assert.equal(api.statusCode, 400)
    const page = assertPage(await site.get(bookUrl(choice)), 400)
    const text = textOf(page)
    assert.match(
      text,
      /This checkout link cannot be used as it is The vehicle asked for is not one of ours\. Choose a vehicle below\./,
    )
    assert.doesNotMatch(text, /GET \/|vehicle_id/, 'a person is not sent to an endpoint')
  })

  test('a vehicle that is sold out for the dates: the API reason above the vehicles still available (404)', async () => {
    const choice = {
      ...SEARCH,
      pick_up_date: '2027-01-20',
      drop_off_date: '2027-01-25',
      vehicle_id: '2',
    }
    const api = await site.get(bookUrl(choice, '/api/agent/quotes'))
    assert.equal(api.statusCode, 404)
    const page = assertPage(await site.get(bookUrl(choice)), 404)
    const text = textOf(page)
    // The reason in words, and the dates that would do as a link to their checkout.
    assert.match(
      text,
      /The vehicle you chose cannot be booked for these dates Test Van is sold out at Alpha for Wed, 20 Jan 2027 to Mon, 25 Jan 2027\. Pick up on Tue, 26 Jan 2027 and drop off on Sun, 31 Jan 2027 instead/,
    )
    assert.doesNotMatch(text, /send |pick_up_date/)
    assert.match(
      page,
      /<a href="\/book\?pick_up_depot_id=1&amp;drop_off_depot_id=1&amp;pick_up_date=2027-01-26&amp;drop_off_date=2027-01-31&amp;vehicle_id=2">/,
    )
    assert.match(text, /1 vehicle available .* Test Car/)
  })

  test('a link whose dates have passed goes back to the search form, saying so in words', async () => {
    const choice = { ...CAR_CHOICE, pick_up_date: '2027-01-05' }
    const api = await site.get(bookUrl(choice, '/api/agent/quotes'))
    assert.equal(api.json<{ code: string }>().code, 'date_in_past')
    const page = assertPage(await site.get(bookUrl(choice)), 400)
    assert.equal(
      errorNextTo(page, 'pick_up_date'),
      'The pick-up date has passed: choose Mon, 11 Jan 2027 or later',
    )
  })
})
