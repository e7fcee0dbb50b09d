import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, test } from 'node:test'
import { CatalogueIndex } from '../../src/domain/catalogue-index.ts'
import {
  assertPage,
  type BookingSite,
  cookieOf,
  PERSON,
  startBookingSite,
  textOf,
} from '../helpers/booking-pages.ts'

/*
 * A booking's own page, opened from the link the confirmation (and the email) gives: every
 * detail, and "Cancel booking" while the company's rule allows: up to 48 hours (the fleet's
 * free_cancellation_hours, by default) before the pick-up. The rules fleet, clock at Sunday
 * 2027-01-10 13:00 in Auckland; the van is picked up Wednesday 13 January at 08:00.
 */

const VAN = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-01-13',
  drop_off_date: '2027-01-18',
  vehicle_id: '2',
  accessory_ids: '3',
  insurance_id: '3',
}

let site: BookingSite
beforeEach(async () => {
  site = await startBookingSite()
})
afterEach(async () => site.close())

/** Books the van and returns the manage page's path from the confirmation. */
async function bookVan(rental: Record<string, string> = VAN): Promise<string> {
  const checkout = await site.openCheckout(rental)
  const page = assertPage(await site.post({ ...checkout.fields, ...PERSON }, checkout.cookie), 201)
  const link =
    /id="manage-link" href="https:\/\/rentals\.example\.com(\/book\/manage\/[^"]+)"/.exec(page)?.[1]
  assert.ok(link, 'the confirmation gives the manage link')
  return link
}

/** Posts the page's cancel form as a browser would, the confirming box ticked unless `tick` is false. */
async function cancelOn(path: string, reason = '', tick = true) {
  const shown = await site.get(path)
  const form = /<form method="post" action="([^"]+)"[\s\S]*?name="_csrf" value="([^"]+)"/.exec(
    shown.body,
  )
  assert.ok(form, 'the page has a cancel form')
  return site.app.inject({
    method: 'POST',
    url: form[1] ?? '',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieOf(shown) },
    payload: new URLSearchParams({
      _csrf: form[2] ?? '',
      reason,
      ...(tick ? { confirm: 'yes' } : {}),
    }).toString(),
  })
}

describe("a booking's own page", () => {
  test('shows every detail, the free cancellation deadline and a Cancel booking button', async () => {
    const path = await bookVan()
    const response = await site.get(path)
    const page = assertPage(response, 200)
    assert.equal(response.headers['x-robots-tag'], 'noindex, nofollow')
    assert.equal(response.headers['referrer-policy'], 'same-origin')
    const text = textOf(page)
    assert.match(text, /Your booking RTR-[2-9A-HJKMNP-Z]{8}/)
    assert.match(text, /Confirmed\. See you at the pick-up\./)
    assert.match(text, /Pick-up Wed, 13 Jan 2027 at 08:00, Alpha/)
    assert.match(text, /Total GST included NZ\$935\.00/)
    assert.match(text, /You can cancel free of charge until Mon, 11 Jan 2027, 8:00 am NZDT\./)
    assert.match(page, /<button type="submit" class="danger">Cancel booking<\/button>/)
  })

  test('cancelling there keeps the booking, marked cancelled by the traveller, and frees the van at once', async () => {
    const path = await bookVan()
    assert.equal(await site.unitsBooked(2), 1)
    const cancelled = await cancelOn(path, 'Plans changed')
    assert.equal(cancelled.statusCode, 303)
    assert.equal(cancelled.headers.location, path)
    assert.equal(await site.unitsBooked(2), 0)
    const text = textOf(assertPage(await site.get(path), 200))
    assert.match(text, /Booking cancelled RTR-/)
    assert.match(
      text,
      /This booking was cancelled by you on Sun, 10 Jan 2027, 1:00 pm NZDT\. Reason: Plans changed/,
    )
    // What it cost: nothing, as it was in the free cancellation time (the only time it can be).
    assert.match(
      text,
      /The vehicle is no longer held for you\. It was cancelled free of charge, within its free cancellation time: nothing is owed for it, and anything you paid for it is refunded in full\./,
    )
    assert.doesNotMatch(text, /Cancel booking/)
    // Its terms bind nothing any more: no payment due, no deadline to cancel by.
    assert.doesNotMatch(text, /Terms of this rental|Free cancellation until|due at pick-up/)
    const [booking] = await site.store.listBookings({ status: 'cancelled' })
    assert.equal(booking?.cancellation?.by, 'traveller')
    assert.equal(booking?.cancellation?.reason, 'Plans changed')
  })

  test('a reason with control or direction-changing characters is kept without them, its lines kept', async () => {
    const path = await bookVan()
    const cancelled = await cancelOn(path, 'Plans\u0000 changed\r\nSorry \u202eyrros\u0007')
    assert.equal(cancelled.statusCode, 303)
    const reasons = (await site.store.listBookings({ status: 'cancelled' })).map(
      (booking) => booking.cancellation?.reason,
    )
    assert.ok(reasons.includes('Plans changed\nSorry yrros'), JSON.stringify(reasons))
  })

  test('a cancel form sent twice cancels once; the second answer is the cancelled page', async () => {
    const path = await bookVan()
    const shown = await site.get(path)
    const form = /<form method="post" action="([^"]+)"[\s\S]*?name="_csrf" value="([^"]+)"/.exec(
      shown.body,
    )
    const post = () =>
      site.app.inject({
        method: 'POST',
        url: form?.[1] ?? '',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieOf(shown) },
        payload: new URLSearchParams({ _csrf: form?.[2] ?? '', confirm: 'yes' }).toString(),
      })
    const answers = await Promise.all([post(), post()])
    assert.deepEqual(
      answers.map((answer) => answer.statusCode),
      [303, 303],
    )
    assert.equal((await site.store.listBookings({ status: 'cancelled' })).length, 1)
    assert.equal(await site.unitsBooked(2), 0)
  })

  test('within 48 hours of pick-up the page says to call the depot, and a cancel sent anyway is refused', async () => {
    const path = await bookVan()
    const shown = await site.get(path)
    site.setNow(new Date('2027-01-11T20:00:00Z')) // Tuesday 09:00 in Auckland: 23 hours before
    const text = textOf(assertPage(await site.get(path), 200))
    assert.match(
      text,
      /Free cancellation online ended on Mon, 11 Jan 2027, 8:00 am NZDT, 48 hours before pick-up\./,
    )
    assert.match(text, /To cancel or change it now, call Alpha/)
    assert.doesNotMatch(text, /Cancel booking/)
    // A form shown earlier, sent now, cancels nothing.
    const form = /<form method="post" action="([^"]+)"[\s\S]*?name="_csrf" value="([^"]+)"/.exec(
      shown.body,
    )
    const late = await site.app.inject({
      method: 'POST',
      url: form?.[1] ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieOf(shown) },
      payload: new URLSearchParams({ _csrf: form?.[2] ?? '', confirm: 'yes' }).toString(),
    })
    assert.match(textOf(assertPage(late, 409)), /This booking was not cancelled/)
    assert.equal(await site.unitsBooked(2), 1)
  })

  test('a change of the company’s free cancellation hours binds new bookings only', async () => {
    const path = await bookVan()
    const { accessory_ids: _kit, insurance_id: _cover, ...plain } = VAN
    const second = await bookVan({ ...plain, vehicle_id: '1' })
    // The company goes from 48 hours to 14 days: these bookings were promised 48.
    const { catalogue } = site.ctx.catalogue()
    const longer = new CatalogueIndex({
      ...catalogue,
      company: { ...catalogue.company, freeCancellationHours: 336 },
    })
    site.ctx.catalogue = () => longer
    const page = textOf(assertPage(await site.get(path), 200))
    assert.match(page, /You can cancel free of charge until Mon, 11 Jan 2027, 8:00 am NZDT\./)
    assert.doesNotMatch(page, /ended|336 hours/)
    assert.equal((await cancelOn(path, 'Plans changed')).statusCode, 303)
    assert.equal(await site.unitsBooked(2), 0, 'cancelled under the rule it was booked with')
    // And the other way: down to 2 hours does not stretch it either.
    site.ctx.catalogue = () =>
      new CatalogueIndex({
        ...catalogue,
        company: { ...catalogue.company, freeCancellationHours: 2 },
      })
    site.setNow(new Date('2027-01-11T20:00:00Z')) // Tue 12 Jan 09:00 in Auckland: past the 48 hours
    const late = textOf(assertPage(await site.get(second), 200))
    assert.match(
      late,
      /Free cancellation online ended on Mon, 11 Jan 2027, 8:00 am NZDT, 48 hours before pick-up\./,
    )
  })

  test('a depot made inactive since the booking is still named, with where it is', async () => {
    const path = await bookVan()
    const { catalogue } = site.ctx.catalogue()
    const inactive = new CatalogueIndex({
      ...catalogue,
      depots: catalogue.depots.map((depot) =>
        depot.id === 1 ? { ...depot, active: false } : depot,
      ),
    })
    site.ctx.catalogue = () => inactive
    const text = textOf(assertPage(await site.get(path), 200))
    assert.match(text, /Pick-up Wed, 13 Jan 2027 at 08:00, Alpha Every day 8:00 to 18:00/)
    assert.doesNotMatch(text, /depot 1\b/)
  })

  test('a booking made inside the free cancellation hours never had any, and its page says so', async () => {
    // Monday 08:00 is 43 hours after the clock: booked, its free cancellation was already over.
    const path = await bookVan({ ...VAN, pick_up_date: '2027-01-11', drop_off_date: '2027-01-16' })
    const text = textOf(assertPage(await site.get(path), 200))
    assert.match(
      text,
      /Cancel this booking No free cancellation: it ends 48 hours before pick-up, and this rental starts sooner\./,
    )
    assert.doesNotMatch(text, /ended on/)
  })

  test('the button alone cancels nothing: the page asks for the tick, the reason kept (400)', async () => {
    const path = await bookVan()
    const page = assertPage(await cancelOn(path, 'Plans changed', false), 400)
    assert.match(textOf(page), /Tick the box to confirm that you want to cancel this booking/)
    assert.match(page, /<input type="text" id="reason" name="reason"[^>]* value="Plans changed">/)
    assert.match(
      page,
      /<input type="checkbox" id="confirm" name="confirm" value="yes" aria-invalid="true"/,
    )
    // Said at the top too, before anything else, linked to the box: far down the page alone, the
    // booking looked cancelled.
    assert.match(page, /<title>Error: /)
    const summary = /<div class="error-summary" role="alert"[\s\S]*?<\/div>/.exec(page)?.[0] ?? ''
    assert.match(
      summary,
      /<a href="#confirm">Not cancelled: Tick the box to confirm that you want to cancel this booking<\/a>/,
    )
    assert.ok(page.indexOf('error-summary') < page.indexOf('booking-reference'))
    assert.equal(await site.unitsBooked(2), 1)
    assert.match(textOf(assertPage(await site.get(path), 200)), /Confirmed\./)
    // The address the refusal leaves in the browser, opened again, is the booking's page.
    const again = await site.get(`${path}/cancel`)
    assert.equal(again.statusCode, 303)
    assert.equal(again.headers.location, path)
  })

  test("the cancel form has the booking form's forgery protection: no token, no cancellation", async () => {
    const path = await bookVan()
    const response = await site.app.inject({
      method: 'POST',
      url: `${path}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'reason=forged',
    })
    const text = textOf(assertPage(response, 403))
    assert.match(text, /Nothing was cancelled/)
    assert.doesNotMatch(text, /booked/i, 'a cancel form is told about booking')
    assert.equal(await site.unitsBooked(2), 1)
  })

  test('an unknown or malformed token is a 404 page that says nothing of any booking', async () => {
    await bookVan()
    for (const token of [
      'A'.repeat(32),
      'short',
      '..%2F..%2Fetc%2Fpasswd',
      `${'B'.repeat(31)}%00`,
    ]) {
      const response = await site.get(`/book/manage/${token}`)
      const page = assertPage(response, 404)
      assert.match(textOf(page), /There is no booking at this address/)
      assert.doesNotMatch(page, /RTR-|Aroha/)
    }
  })
})
