import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, test } from 'node:test'
import { formatNzd } from '../../src/presenters/display-format.ts'
import {
  assertPage,
  type BookingSite,
  bookingForm,
  bookUrl,
  type Checkout,
  cookieOf,
  errorNextTo,
  inputValue,
  PERSON,
  SEARCH,
  startBookingSite,
  textOf,
} from '../helpers/booking-pages.ts'
import { DEMO_FLEET_FILE, FIXED_NOW } from '../helpers/test-app.ts'

/*
 * POST /book: confirming a checkout. The van (2) has one unit at Alpha and the car (1) two, both
 * free from 13 to 18 January; the clock is Sunday 2027-01-10 13:00 in Auckland.
 */

const VAN = { ...SEARCH, vehicle_id: '2', insurance_id: '3', accessory_ids: '3' }
const CAR = { ...SEARCH, vehicle_id: '1', insurance_id: '2', accessory_ids: '1,1' }

let site: BookingSite
beforeEach(async () => {
  site = await startBookingSite()
})
afterEach(async () => site.close())

function assertKept(page: string, typed: Record<string, string>): void {
  for (const [name, value] of Object.entries(typed)) {
    assert.equal(inputValue(page, name), value, `${name} is not kept`)
  }
}

describe('confirming a checkout', () => {
  test('books one unit at once and shows the reference, the booked price and the rental (201)', async () => {
    const checkout = await site.openCheckout(VAN)
    const response = await site.post({ ...checkout.fields, ...PERSON }, checkout.cookie)
    const page = assertPage(response, 201)
    const text = textOf(page)
    assert.match(text, /Booking confirmed Your booking reference is RTR-[2-9A-HJKMNP-Z]{8}/)
    assert.match(
      text,
      /Vehicle Test Van Pick-up Wed, 13 Jan 2027 at 08:00, Alpha .* Drop-off Mon, 18 Jan 2027 at 17:00, Alpha .* Rental length 5 days Name Aroha Ngata Email aroha@example\.com Phone \+64 21 555 0101/,
    )
    // 5 days x 180 = 900, kit 20, van cover 15: every line and the total.
    for (const line of [
      'Rental fee 5 days × NZ$180.00 NZ$900.00',
      'Route fee Returned to the pick-up depot NZ$0.00',
      'Kit Quantity 1 NZ$20.00',
      'Accessories fee NZ$20.00',
      'Van cover Insurance plan NZ$15.00',
      'Insurance fee NZ$15.00',
      'Total GST included NZ$935.00',
      'GST included in the total 15% NZ$121.96',
    ]) {
      assert.ok(text.includes(line), `no "${line}" in ${text}`)
    }
    // What to bring: a traveller without a licence cannot take the vehicle.
    assert.match(
      text,
      // The rules fleet holds no bond: no card line (the email test has one with a bond).
      /Bring to the pick-up The main driver's full, current driver's licence; one not in English needs an International Driving Permit or an approved English translation with it Your booking reference, RTR-[2-9A-HJKMNP-Z]{8}/,
    )
    assert.equal(await site.unitsBooked(2), 1)
  })

  test('uses up the unit for the API at once: gone from availability, its quote a 404 sold out', async () => {
    const checkout = await site.openCheckout(VAN)
    assertPage(await site.post({ ...checkout.fields, ...PERSON }, checkout.cookie), 201)
    const available = await site.get(bookUrl(SEARCH, '/api/agent/vehicles/availability'))
    assert.deepEqual(
      available.json<{ vehicleId: number }[]>().map((vehicle) => vehicle.vehicleId),
      [1],
    )
    const quote = await site.get(bookUrl(VAN, '/api/agent/quotes'))
    assert.equal(quote.statusCode, 404)
    assert.equal(quote.json<{ code: string }>().code, 'vehicle_sold_out')
    // And the website's own search leaves it out too.
    assert.doesNotMatch(textOf((await site.get(bookUrl(SEARCH))).body), /Test Van/)
  })

  test('the same confirmation sent again answers the booking already made (200), and books nothing more', async () => {
    const checkout = await site.openCheckout(CAR)
    const form: Record<string, string> = { ...checkout.fields, ...PERSON }
    const first = assertPage(await site.post(form, checkout.cookie), 201)
    const reference = /id="booking-reference">([^<]+)</.exec(first)?.[1]
    assert.ok(reference)
    assert.match(
      first,
      /id="manage-link" href="https:\/\/rentals\.example\.com\/book\/manage\/[A-Za-z0-9_-]{32}"/,
    )
    for (let again = 0; again < 9; again++) {
      const page = assertPage(await site.post(form, checkout.cookie), 200)
      assert.ok(page.includes(`id="booking-reference">${reference}<`), 'the same reference')
      assert.match(
        textOf(page),
        /This booking was already made Your first confirmation booked it; nothing was booked twice/,
      )
      // The manage link is shown once, to the confirmation that booked.
      assert.doesNotMatch(page, /book\/manage\//)
    }
    assert.equal(await site.unitsBooked(1), 1)
    assert.equal(
      (await site.store.listBookings()).filter((b) => b.quoteId === checkout.fields.quote_id)
        .length,
      1,
    )
  })

  test('the same checkout sent again with other details says they were not applied; the booking keeps the first', async () => {
    const checkout = await site.openCheckout(CAR)
    const form: Record<string, string> = { ...checkout.fields, ...PERSON }
    assertPage(await site.post(form, checkout.cookie), 201)
    const same = textOf(assertPage(await site.post(form, checkout.cookie), 200))
    assert.doesNotMatch(same, /Your changes were not applied/)
    const edited = { ...form, full_name: 'Aroha T. Ngata', phone: '+64 21 555 0199' }
    const page = textOf(assertPage(await site.post(edited, checkout.cookie), 200))
    assert.match(page, /Your changes were not applied This booking was already confirmed/)
    const [booking] = (await site.store.listBookings()).filter(
      (b) => b.quoteId === checkout.fields.quote_id,
    )
    assert.equal(booking?.customer?.fullName, PERSON.full_name)
  })

  test('the same confirmation sent ten times at once books once; every answer is that booking', async () => {
    const checkout = await site.openCheckout(CAR)
    const form = { ...checkout.fields, ...PERSON }
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => site.post(form, checkout.cookie)),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 200, 200, 200, 201])
    const references = new Set(
      responses.map((response) => /id="booking-reference">([^<]+)</.exec(response.body)?.[1]),
    )
    assert.equal(references.size, 1)
    assert.equal(await site.unitsBooked(1), 1)
  })

  test('the confirmation that took the last unit, sent again, answers its booking, not "no longer available"', async () => {
    const checkout = await site.openCheckout(VAN)
    const form = { ...checkout.fields, ...PERSON }
    const first = assertPage(await site.post(form, checkout.cookie), 201)
    const reference = /id="booking-reference">([^<]+)</.exec(first)?.[1]
    const again = assertPage(await site.post(form, checkout.cookie), 200)
    assert.ok(again.includes(`id="booking-reference">${reference}<`), 'the same reference')
    assert.equal(await site.unitsBooked(2), 1)
  })

  test('sent again after its quote expired, it is still that booking, and no second one is made', async () => {
    const checkout = await site.openCheckout(CAR)
    const form = { ...checkout.fields, ...PERSON }
    const first = assertPage(await site.post(form, checkout.cookie), 201)
    const reference = /id="booking-reference">([^<]+)</.exec(first)?.[1]
    site.setNow(new Date(FIXED_NOW.getTime() + 40 * 60_000))
    const again = assertPage(await site.post(form, checkout.cookie), 200)
    assert.ok(again.includes(`id="booking-reference">${reference}<`), 'the same reference')
    assert.equal((await site.store.listBookings()).filter((b) => b.quoteId !== null).length, 1)
    assert.equal(await site.unitsBooked(1), 1)
  })

  test('sent again after the booking was cancelled, it says so and books nothing again', async () => {
    const checkout = await site.openCheckout(VAN)
    const form = { ...checkout.fields, ...PERSON }
    const first = assertPage(await site.post(form, checkout.cookie), 201)
    const reference = /id="booking-reference">([^<]+)</.exec(first)?.[1] ?? ''
    await site.store.cancelBooking(
      reference,
      { at: '2027-01-10T01:00:00.000Z', by: 'operator', reason: 'vehicle off the road' },
      () => [],
    )
    const again = assertPage(await site.post(form, checkout.cookie), 200)
    const text = textOf(again)
    assert.match(text, /This booking was cancelled .* by Rules Test Rentals on /)
    assert.match(text, /Booking cancelled Your booking reference is/)
    assert.doesNotMatch(text, /Booking confirmed/)
    // Nothing to bring to a pick-up that will not happen.
    assert.doesNotMatch(text, /Bring to the pick-up/)
    assert.equal(await site.unitsBooked(2), 0)
    assert.equal((await site.store.listBookings()).length, 3, "the fleet file's two and this one")
  })

  test('the back button: the checkout loaded again in the same browser, confirmed again, shows its booking', async () => {
    const checkout = await site.openCheckout(CAR)
    const first = assertPage(
      await site.post({ ...checkout.fields, ...PERSON }, checkout.cookie),
      201,
    )
    const reference = /id="booking-reference">([^<]+)</.exec(first)?.[1]
    // Never cached, the page is fetched again, with the browser's cookie: its booking, not a
    // form to confirm again.
    const reloaded = await site.app.inject({
      method: 'GET',
      url: bookUrl({ ...CAR, quote_id: checkout.fields.quote_id ?? '' }),
      headers: { cookie: checkout.cookie },
    })
    const again = assertPage(reloaded, 200)
    assert.ok(again.includes(`id="booking-reference">${reference}<`), 'its own booking')
    assert.match(textOf(again), /This booking was already made/)
    assert.doesNotMatch(again, /action="\/book"|already been booked|another browser/)
    // Long after its quote expired, too: not a new quote whose confirmation would book again.
    site.setNow(new Date(FIXED_NOW.getTime() + 3 * 3600_000))
    try {
      const later = await site.app.inject({
        method: 'GET',
        url: bookUrl({ ...CAR, quote_id: checkout.fields.quote_id ?? '' }),
        headers: { cookie: checkout.cookie },
      })
      assert.ok(assertPage(later, 200).includes(`id="booking-reference">${reference}<`))
    } finally {
      site.setNow(FIXED_NOW)
    }
    // A page of the checkout loaded before the booking (another tab), confirmed again: the same.
    const tab = assertPage(await site.post({ ...checkout.fields, ...PERSON }, checkout.cookie), 200)
    assert.ok(tab.includes(`id="booking-reference">${reference}<`), 'its own booking')
    assert.equal(await site.unitsBooked(1), 1)
  })

  test('the back button after booking from the site’s own search (a link without a quote) shows its booking too', async () => {
    // The results page links to the checkout without a quote; the checkout makes one and sends
    // the browser on to the same link with it, which is the link its history keeps.
    const opened = await site.get(bookUrl(CAR))
    assert.equal(opened.statusCode, 303)
    const kept = String(opened.headers.location)
    assert.match(kept, /^\/book\?pick_up_depot_id=1&.*&quote_id=q_[\w-]+$/)
    const checkout = await site.openCheckout(
      Object.fromEntries(new URL(kept, 'http://x').searchParams),
    )
    const first = assertPage(
      await site.post({ ...checkout.fields, ...PERSON }, checkout.cookie),
      201,
    )
    const reference = /id="booking-reference">([^<]+)</.exec(first)?.[1]
    const back = await site.app.inject({
      method: 'GET',
      url: kept,
      headers: { cookie: checkout.cookie },
    })
    assert.ok(assertPage(back, 200).includes(`id="booking-reference">${reference}<`), 'its booking')
    assert.equal(await site.unitsBooked(1), 1, 'booked once')
  })

  test("the back button to an agent's link whose quote had expired shows the booking made from it", async () => {
    const quoted = await site.get(bookUrl(CAR, '/api/agent/quotes'))
    const link = new URL(quoted.json<{ checkoutUrl: string }>().checkoutUrl)
    const path = `${link.pathname}${link.search}`
    // Opened two hours later: a new quote is shown and booked, the address still the link's.
    site.setNow(new Date(FIXED_NOW.getTime() + 2 * 3600_000))
    try {
      const opened = await site.get(path)
      const fields = bookingForm(assertPage(opened, 200))
      assert.notEqual(fields.quote_id, link.searchParams.get('quote_id'))
      assert.equal(fields.opened_as, link.searchParams.get('quote_id'))
      const cookie = cookieOf(opened)
      const first = assertPage(await site.post({ ...fields, ...PERSON }, cookie), 201)
      const reference = /id="booking-reference">([^<]+)</.exec(first)?.[1]
      const back = await site.app.inject({ method: 'GET', url: path, headers: { cookie } })
      assert.ok(assertPage(back, 200).includes(`id="booking-reference">${reference}<`))
      // The form of before, sent again: the same booking.
      const again = assertPage(await site.post({ ...fields, ...PERSON }, cookie), 200)
      assert.ok(again.includes(`id="booking-reference">${reference}<`))
      assert.equal(await site.unitsBooked(1), 1, 'booked once')
    } finally {
      site.setNow(FIXED_NOW)
    }
  })

  test('another checkout of a quote already booked books nothing and shows nothing of that booking', async () => {
    const checkout = await site.openCheckout(CAR)
    // Someone else has the same checkout link (same quote) open, with a form token of their own.
    const other = await site.openCheckout({ ...CAR, quote_id: checkout.fields.quote_id ?? '' })
    assert.equal(other.fields.quote_id, checkout.fields.quote_id)
    assertPage(await site.post({ ...checkout.fields, ...PERSON }, checkout.cookie), 201)
    const someone = {
      full_name: 'Tama Rewi',
      email: 'tama@example.com',
      phone: '+64 21 555 0199',
      date_of_birth: '1980-02-02',
    }
    const page = assertPage(await site.post({ ...other.fields, ...someone }, other.cookie), 409)
    assert.match(
      textOf(page),
      /This quote has already been booked Nothing was booked This quote was booked in another browser or on another device\. If you booked it, your confirmation email has the booking reference/,
    )
    assert.doesNotMatch(page, /Aroha|aroha@example|RTR-/)
    // Opened after the booking (the traveller's own phone, say): said at once, not after the
    // whole form, with a way to book the vehicle anew.
    const later = await site.get(bookUrl({ ...CAR, quote_id: checkout.fields.quote_id ?? '' }))
    const said = assertPage(later, 409)
    assert.match(
      textOf(said),
      /This quote has already been booked .*If you booked it, your confirmation email/,
    )
    assert.doesNotMatch(said, /Aroha|aroha@example|RTR-|action="\/book"/)
    assert.match(
      said,
      /<a href="\/book\?pick_up_depot_id=1&amp;[^"]*vehicle_id=1[^"]*">Book this vehicle again for these dates<\/a>/,
    )
    assert.doesNotMatch(said, /quote_id=/)
    assert.equal(await site.unitsBooked(1), 1)
  })

  test('the checkout states the free cancellation the booking gets: counted from the pick-up time chosen', async () => {
    // The quote has no time: its terms count from the start of Wed 13 Jan. The form chooses 08:00.
    const checkout = await site.openCheckout(VAN)
    const shown = textOf(checkout.page)
    assert.match(
      shown,
      /Free cancellation until Mon, 11 Jan 2027, 8:00 am NZDT, 48 hours before pick-up/,
    )
    assert.match(
      shown,
      /Free cancellation is counted from the pick-up time you choose below: as shown, from 08:00\./,
    )
    assert.doesNotMatch(shown, /the end of Sun, 10 Jan 2027/)
    const booked = textOf(
      assertPage(await site.post({ ...checkout.fields, ...PERSON }, checkout.cookie), 201),
    )
    assert.match(booked, /Free cancellation until Mon, 11 Jan 2027, 8:00 am NZDT/)
  })

  test('a checkout with no free cancellation left does not say how it is counted', async () => {
    // Picked up tomorrow: sooner than the 48 hours' notice, whatever the time chosen.
    const checkout = await site.openCheckout({
      ...VAN,
      pick_up_date: '2027-01-11',
      drop_off_date: '2027-01-14',
    })
    const shown = textOf(checkout.page)
    assert.match(shown, /No free cancellation: it ends 48 hours before pick-up/)
    assert.doesNotMatch(shown, /Free cancellation is counted from the pick-up time/)
  })

  test('a time the depot does not offer that day is refused next to the field, nothing booked', async () => {
    const checkout = await site.openCheckout(VAN)
    const response = await site.post(
      { ...checkout.fields, ...PERSON, pick_up_time: '09:00' },
      checkout.cookie,
    )
    const page = assertPage(response, 400)
    assert.equal(
      errorNextTo(page, 'pick_up_time'),
      'Pick-up time 09:00 is not a pick-up time of Alpha on a weekday (Wed, 13 Jan 2027); choose one of 08:00, 12:00.',
    )
    assert.equal(await site.unitsBooked(2), 0)
  })

  test('a rental on one day whose drop-off is not after its pick-up is refused next to the drop-off time', async () => {
    const checkout = await site.openCheckout({ ...VAN, drop_off_date: '2027-01-13' })
    const response = await site.post(
      { ...checkout.fields, ...PERSON, pick_up_time: '12:00', drop_off_time: '10:00' },
      checkout.cookie,
    )
    const page = assertPage(response, 400)
    assert.equal(
      errorNextTo(page, 'drop_off_time'),
      'Drop-off time 10:00 is not after pick-up time 12:00 on the same day (Wed, 13 Jan 2027); choose a drop-off time after 12:00 (one of 17:00) or a later drop-off date.',
    )
    assert.equal(await site.unitsBooked(2), 0)
  })

  test('honours the quoted price while the quote is valid, even when the price has changed since', async () => {
    const checkout = await site.openCheckout(CAR)
    const quoted = await site.store.findQuote(checkout.fields.quote_id ?? '')
    assert.ok(quoted)
    // The same choices quoted at a price that differs from today's, as after a price change.
    const special = {
      ...quoted,
      id: 'q_specialpricespecialpric',
      dailyRate: 8000,
      rentalFee: 40000,
      totalAmount: quoted.totalAmount - (quoted.rentalFee - 40000),
    }
    await site.store.saveQuote(special)
    const link = await site.openCheckout({ ...CAR, quote_id: special.id })
    assert.equal(link.fields.quote_id, special.id)
    assert.ok(textOf(link.page).includes(`Total GST included ${formatNzd(special.totalAmount)}`))

    const page = assertPage(await site.post({ ...link.fields, ...PERSON }, link.cookie), 201)
    const text = textOf(page)
    assert.ok(text.includes('Rental fee 5 days × NZ$80.00 NZ$400.00'), text)
    assert.ok(text.includes(`Total GST included ${formatNzd(special.totalAmount)}`), text)
    assert.notEqual(special.totalAmount, quoted.totalAmount)
  })

  test('after the quote expired: the new price to confirm, nothing booked, everything typed kept (409)', async () => {
    const checkout = await site.openCheckout(CAR)
    site.setNow(new Date('2027-01-10T00:31:00Z'))
    const response = await site.post({ ...checkout.fields, ...PERSON }, checkout.cookie)
    const page = assertPage(response, 409)
    assert.match(
      textOf(page),
      /Your quote has expired, so nothing was booked .* Check the new total/,
    )
    assertKept(page, PERSON)
    const fresh = bookingForm(page)
    assert.notEqual(fresh.quote_id, checkout.fields.quote_id)
    assert.match(textOf(page), /This price is held until Sun, 10 Jan 2027, 2:01 pm NZDT/)
    assert.equal(await site.unitsBooked(1), 0)

    // Confirming the new price books it.
    assertPage(await site.post({ ...fresh, ...PERSON }, checkout.cookie), 201)
    assert.equal(await site.unitsBooked(1), 1)
  })
})

describe('bad details: what to fix next to each field, what was typed kept, nothing created (400)', () => {
  const rows = [
    {
      why: 'a missing name',
      typed: { ...PERSON, full_name: '   ' },
      field: 'full_name',
      message: 'Enter your full name',
    },
    {
      why: 'a name on two lines',
      typed: { ...PERSON, full_name: 'Aroha Ngata\r\nBcc: someone@example.com' },
      field: 'full_name',
      message: 'Enter your name on one line, without control or direction-changing characters',
    },
    {
      why: 'a name carrying a web address (it opens the emails sent to the address given)',
      typed: { ...PERSON, full_name: 'Customer. URGENT: dispute at https://refund.example' },
      field: 'full_name',
      message: 'Enter your name without a web or email address in it',
    },
    {
      why: 'a name carrying a bare domain',
      typed: { ...PERSON, full_name: 'Pay now at kiwi-refunds.com' },
      field: 'full_name',
      message: 'Enter your name without a web or email address in it',
    },
    {
      why: 'a name carrying an email address',
      typed: { ...PERSON, full_name: 'Write to help@refund.example' },
      field: 'full_name',
      message: 'Enter your name without a web or email address in it',
    },
    {
      why: 'a name with a control character',
      typed: { ...PERSON, full_name: 'Aroha\u0007 Ngata' },
      field: 'full_name',
      message: 'Enter your name on one line, without control or direction-changing characters',
    },
    {
      why: 'a name that reads backwards (a right-to-left override)',
      typed: { ...PERSON, full_name: 'Aroha \u202eatagN' },
      field: 'full_name',
      message: 'Enter your name on one line, without control or direction-changing characters',
    },
    {
      why: 'an email with a NUL',
      typed: { ...PERSON, email: 'aroha\u0000@example.com' },
      field: 'email',
      message: 'Enter an email address such as name@example.com',
    },
    {
      why: 'an invalid email',
      typed: { ...PERSON, email: 'aroha.example.com' },
      field: 'email',
      message: 'Enter an email address such as name@example.com',
    },
    {
      why: 'a phone with letters',
      typed: { ...PERSON, phone: '021 CALL ME' },
      field: 'phone',
      message: 'Use only digits, spaces and + ( ) - in the phone number',
    },
    {
      why: 'a phone too short',
      typed: { ...PERSON, phone: '12 34' },
      field: 'phone',
      message: 'Enter a phone number of 7 to 15 digits, such as +64 21 123 4567',
    },
  ]
  for (const { why, typed, field, message } of rows) {
    test(why, async () => {
      const checkout = await site.openCheckout(VAN)
      const page = assertPage(
        await site.post({ ...checkout.fields, ...typed }, checkout.cookie),
        400,
      )
      assert.equal(errorNextTo(page, field), message)
      assert.match(page, new RegExp(`<a href="#${field}">`), 'the summary links to the field')
      assertKept(page, typed)
      assert.equal(bookingForm(page).quote_id, checkout.fields.quote_id, 'the quote is kept')
      assert.match(page, /Confirm booking/)
      assert.equal(await site.unitsBooked(2), 0)
    })
  }

  test('every problem at once', async () => {
    const checkout = await site.openCheckout(VAN)
    const typed = { full_name: '', email: 'nobody', phone: 'phone me' }
    const page = assertPage(await site.post({ ...checkout.fields, ...typed }, checkout.cookie), 400)
    assert.equal(errorNextTo(page, 'full_name'), 'Enter your full name')
    assert.equal(errorNextTo(page, 'email'), 'Enter an email address such as name@example.com')
    assert.equal(
      errorNextTo(page, 'phone'),
      'Use only digits, spaces and + ( ) - in the phone number',
    )
    assertKept(page, typed)
    assert.equal(await site.unitsBooked(2), 0)
  })

  test('a name over 100 characters: the form says the limit to the browser, and the error names the field', async () => {
    const checkout = await site.openCheckout(VAN)
    assert.match(
      checkout.page,
      /<input type="text" id="full_name" name="full_name"[^>]* maxlength="100"/,
    )
    const typed = { ...PERSON, full_name: 'A'.repeat(101) }
    const page = assertPage(await site.post({ ...checkout.fields, ...typed }, checkout.cookie), 400)
    assert.equal(errorNextTo(page, 'full_name'), 'Enter your full name in at most 100 characters')
    assert.equal(await site.unitsBooked(2), 0)
  })

  test('dates that became past: the API message next to the pick-up date, nothing booked', async () => {
    const checkout = await site.openCheckout({
      ...VAN,
      pick_up_date: '2027-01-11',
      drop_off_date: '2027-01-13',
    })
    // Two days later the checkout is posted: its pick-up date is now yesterday.
    site.setNow(new Date('2027-01-12T00:00:00Z'))
    const api = await site.get(
      bookUrl(
        { ...VAN, pick_up_date: '2027-01-11', drop_off_date: '2027-01-13' },
        '/api/agent/quotes',
      ),
    )
    const page = assertPage(
      await site.post({ ...checkout.fields, ...PERSON }, checkout.cookie),
      400,
    )
    assert.equal(errorNextTo(page, 'pick_up_date'), api.json<{ error: string }>().error)
    assert.match(textOf(page), /Nothing was booked/)
    assert.match(
      page,
      /<a href="\/book\?pick_up_depot_id=1&amp;drop_off_depot_id=1&amp;pick_up_date=2027-01-11&amp;drop_off_date=2027-01-13">Choose new dates or depots<\/a>/,
    )
    assert.doesNotMatch(page, /Confirm booking<\/button>/)
    assertKept(page, PERSON)
    assert.equal(await site.unitsBooked(2, 1, '2027-01-11', '2027-01-13'), 0)
  })

  test('changed hidden fields: the API message, nothing booked', async () => {
    const checkout = await site.openCheckout(VAN)
    const page = assertPage(
      await site.post({ ...checkout.fields, ...PERSON, vehicle_id: '02' }, checkout.cookie),
      400,
    )
    assert.match(textOf(page), /Nothing was booked vehicle_id "02" is not valid/)
    assertKept(page, PERSON)
    assert.equal(await site.unitsBooked(2), 0)
  })
})

describe('a vehicle gone between checkout and confirmation', () => {
  test('says it is no longer available, with a link to the search and what was typed kept (409)', async () => {
    const first = await site.openCheckout(VAN)
    const second = await site.openCheckout(VAN)
    assertPage(await site.post({ ...first.fields, ...PERSON }, first.cookie), 201)
    const typed = {
      full_name: 'Mere Parata',
      email: 'mere@example.com',
      phone: '027 555 0199',
      date_of_birth: '1975-11-30',
    }
    const page = assertPage(await site.post({ ...second.fields, ...typed }, second.cookie), 409)
    assert.match(
      textOf(page),
      /This vehicle is no longer available Nothing was booked\. Test Van is sold out at Alpha/,
    )
    // In words, with the dates that would do as a link to their checkout, not "send ...".
    assert.doesNotMatch(textOf(page), /send |pick_up_date|\d{4}-\d{2}-\d{2}/)
    const [, href] =
      /<a href="([^"]*)">Pick up on \w{3}, \d+ \w{3} 2027 and drop off on \w{3}, \d+ \w{3} 2027 instead<\/a>/.exec(
        page,
      ) ?? []
    assert.ok(href, 'a link to the dates that would do')
    const kept = new URLSearchParams(href.replaceAll('&amp;', '&').replace('/book?', ''))
    // The same van and options; the times are chosen again for the new dates.
    assert.equal(kept.get('vehicle_id'), '2')
    assert.equal(kept.get('accessory_ids'), '3')
    assert.equal(kept.get('insurance_id'), '3')
    assert.equal(kept.get('pick_up_time'), null)
    assert.notEqual(kept.get('pick_up_date'), '2027-01-13')
    assertKept(page, typed)
    assert.equal(await site.unitsBooked(2), 1)
  })

  for (const { vehicle, units } of [
    { vehicle: CAR, units: 2 },
    { vehicle: VAN, units: 1 },
  ]) {
    test(`${units + 3} concurrent confirmations for ${units} unit(s) give exactly ${units} booking(s)`, async () => {
      const people = Array.from({ length: units + 3 }, (_, index) => ({
        full_name: `Person ${index + 1}`,
        email: `person${index + 1}@example.com`,
        phone: `021 555 01${String(index).padStart(2, '0')}`,
        date_of_birth: '1986-05-14',
      }))
      const checkouts: Checkout[] = []
      for (const _ of people) checkouts.push(await site.openCheckout(vehicle))
      const responses = await Promise.all(
        people.map((person, index) => {
          const checkout = checkouts[index]
          assert.ok(checkout)
          return site.post({ ...checkout.fields, ...person }, checkout.cookie)
        }),
      )
      const statuses = responses.map((response) => response.statusCode)
      assert.equal(statuses.filter((status) => status === 201).length, units, String(statuses))
      assert.equal(statuses.filter((status) => status === 409).length, 3, String(statuses))
      responses.forEach((response, index) => {
        if (response.statusCode !== 409) return
        assert.match(textOf(response.body), /This vehicle is no longer available/)
        assertKept(response.body, people[index] ?? {})
      })
      assert.equal(await site.unitsBooked(Number(vehicle.vehicle_id)), units)
    })
  }
})

describe('cross-site forgery protection', () => {
  test('a POST without the form token is a 403 page that books nothing and echoes nothing', async () => {
    const checkout = await site.openCheckout(VAN)
    const { _csrf: _, ...withoutToken } = checkout.fields
    const response = await site.post({ ...withoutToken, ...PERSON }, checkout.cookie)
    const page = assertPage(response, 403)
    assert.match(textOf(page), /This form can no longer be sent Nothing was booked/)
    assert.doesNotMatch(page, /Aroha|aroha@example|555 0101|q_/)
    assert.equal(await site.unitsBooked(2), 0)
  })

  test('a POST with a token but without its cookie, or with another cookie, is refused', async () => {
    const checkout = await site.openCheckout(VAN)
    const other = await startBookingSite()
    try {
      const stranger = await other.openCheckout(VAN)
      assertPage(await site.post({ ...checkout.fields, ...PERSON }), 403)
      assertPage(await site.post({ ...checkout.fields, ...PERSON }, stranger.cookie), 403)
      assertPage(await site.post({ ...stranger.fields, ...PERSON }, checkout.cookie), 403)
      assert.equal(await site.unitsBooked(2), 0)
    } finally {
      await other.close()
    }
  })

  test('the token cookie is HttpOnly, SameSite and only for /book', async () => {
    const response = await site.getFollowing(bookUrl(VAN))
    const cookie = String(response.headers['set-cookie'])
    assert.match(cookie, /^_csrf=[^;]+; Path=\/book; HttpOnly; Secure; SameSite=Lax$/)
  })

  test('a body that is not a form is a page too', async () => {
    const response = await site.app.inject({
      method: 'POST',
      url: '/book',
      headers: { 'content-type': 'application/xml' },
      payload: '<full_name>x</full_name>',
    })
    assertPage(response, 415)
  })
})

describe('the booking limit per client', () => {
  test('over BOOKING_RATE_LIMIT_MAX booking posts a minute: a 429 page with Retry-After', async () => {
    const limited = await startBookingSite({ env: { BOOKING_RATE_LIMIT_MAX: '2' } })
    try {
      const checkout = await limited.openCheckout(CAR)
      const typed = { ...PERSON, email: 'wrong' }
      assertPage(await limited.post({ ...checkout.fields, ...typed }, checkout.cookie), 400)
      assertPage(await limited.post({ ...checkout.fields, ...typed }, checkout.cookie), 400)
      const response = await limited.post({ ...checkout.fields, ...PERSON }, checkout.cookie)
      const page = assertPage(response, 429)
      assert.match(String(response.headers['retry-after']), /^\d+$/)
      assert.match(textOf(page), /Too many booking attempts .* at most 2 booking attempts a minute/)
      assert.equal(await limited.unitsBooked(1), 0)
      // Pages and the API are outside that limit.
      assertPage(await limited.get(bookUrl(SEARCH)), 200)
      assert.equal((await limited.get('/api/agent/depots')).statusCode, 200)
    } finally {
      await limited.close()
    }
  })
})

describe('the checkouts a client opens count against the API limit', () => {
  test('over RATE_LIMIT_MAX a minute, opening a checkout (which prices and keeps a quote) is a 429 page; searches are not counted', async () => {
    const limited = await startBookingSite({ env: { RATE_LIMIT_MAX: '4' } })
    try {
      for (let search = 0; search < 5; search++) assertPage(await limited.get(bookUrl(SEARCH)), 200)
      // A checkout link without a quote counts twice: it is sent on (303) to the link with the
      // quote it priced, which is opened in turn.
      const opened = [] as number[]
      for (let open = 0; open < 3; open++) {
        opened.push((await limited.getFollowing(bookUrl(CAR))).statusCode)
      }
      assert.deepEqual(opened, [200, 200, 429])
      const refused = await limited.get(bookUrl(CAR))
      const page = assertPage(refused, 429)
      assert.match(String(refused.headers['retry-after']), /^\d+$/)
      assert.match(textOf(page), /Too many checkouts opened .* at most 4 checkouts a minute/)
      assert.equal(
        (await limited.get('/api/agent/depots')).statusCode,
        429,
        'one count with the API',
      )
    } finally {
      await limited.close()
    }
  })
})

describe('when the store cannot be reached', () => {
  test('a confirmation is a 503 page that keeps what was typed and says to try again', async () => {
    const checkout = await site.openCheckout(VAN)
    await site.store.close()
    const response = await site.post({ ...checkout.fields, ...PERSON }, checkout.cookie)
    const page = assertPage(response, 503)
    assert.match(String(response.headers['retry-after']), /^\d+$/)
    assert.match(
      textOf(page),
      /We could not reach our booking system Nothing was booked\. .* try again/,
    )
    assertKept(page, PERSON)
    assert.equal(bookingForm(page).quote_id, checkout.fields.quote_id)
    assert.match(page, /Confirm booking<\/button>/)
    assert.doesNotMatch(textOf(page), /sqlite|database|StoreUnavailable/i)
  })

  test('a search is a 503 page, not JSON', async () => {
    await site.store.close()
    const response = await site.get(bookUrl(SEARCH))
    assertPage(response, 503)
    assert.match(String(response.headers['retry-after']), /^\d+$/)
  })
})

describe('a rental of today whose times pass while the checkout is open (the demo fleet)', () => {
  test('is refused on the checkout with what was typed kept, in words, not an error page', async () => {
    const demo = await startBookingSite({ fleetFile: DEMO_FLEET_FILE })
    try {
      // 15:50 on Wednesday 2027-01-13 in Auckland: a pick-up at Auckland Airport at 16:00 and a
      // drop-off in Queenstown at 17:00, its last of the day.
      demo.setNow(new Date('2027-01-13T02:50:00Z'))
      const checkout = await demo.openCheckout({
        pick_up_depot_id: '1',
        drop_off_depot_id: '5',
        pick_up_date: '2027-01-13',
        drop_off_date: '2027-01-13',
        vehicle_id: '1',
        pick_up_time: '16:00',
        drop_off_time: '17:00',
      })
      // Confirmed at 17:30: both times have passed, and no drop-off is left that day.
      demo.setNow(new Date('2027-01-13T04:30:00Z'))
      const page = assertPage(
        await demo.post({ ...checkout.fields, ...PERSON }, checkout.cookie),
        400,
      )
      const text = textOf(page)
      assert.match(text, /Nothing was booked: this rental cannot be booked as it is/)
      assert.match(
        text,
        /Queenstown's last drop-off time on Wed, 13 Jan 2027 \(17:00\) has passed \(it is 17:30 there now\); choose a later drop-off date\./,
      )
      for (const [field, value] of Object.entries(PERSON)) {
        assert.equal(inputValue(page, field), value, `${field} is not kept`)
      }
    } finally {
      await demo.close()
    }
  })
})
