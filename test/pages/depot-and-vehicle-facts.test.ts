import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  assertPage,
  type BookingSite,
  bookUrl,
  PERSON,
  startBookingSite,
  textOf,
} from '../helpers/booking-pages.ts'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'

/*
 * A traveller finds where each depot is (address, map, directions, phone) on the search page,
 * the checkout and the confirmation, and what each vehicle is like on its card; the company's
 * name, logo and contacts frame every page.
 */

const WEEK = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '3',
  pick_up_date: '2027-03-01',
  drop_off_date: '2027-03-08',
}
const AIRPORT_MAP =
  'https://www.openstreetmap.org/?mlat=-37.00822&amp;mlon=174.78497#map=17/-37.00822/174.78497'

describe('the website shows where depots are and what vehicles are like', () => {
  let site: BookingSite
  before(async () => {
    site = await startBookingSite({ fleetFile: DEMO_FLEET_FILE })
  })
  after(() => site.close())

  test('the search page lists every depot with its address, a plain map link, directions and phone', async () => {
    const page = assertPage(await site.get('/book'), 200)
    const airport = /<li id="depot-1">[\s\S]*?<\/li>/.exec(page)?.[0] ?? ''
    assert.ok(airport.includes('4 Ray Emery Drive, Auckland Airport, Auckland 2022'))
    assert.ok(
      airport.includes(
        `<a href="${AIRPORT_MAP}" rel="noopener noreferrer">Map of Auckland Airport</a>`,
      ),
    )
    assert.ok(airport.includes('Free shuttle from both terminals'))
    assert.ok(airport.includes('<a href="tel:+6495550101">+64 9 555 0101</a>'))
    // The inactive depot is not offered.
    assert.doesNotMatch(page, /Rotorua/)
  })

  test("each vehicle's card lists its seats, doors, bags, transmission, fuel and features", async () => {
    const page = assertPage(await site.get(bookUrl(WEEK)), 200)
    const santaFe = /<li class="vehicle" id="vehicle-4">[\s\S]*?<\/li>\n/.exec(page)?.[0] ?? ''
    assert.match(
      textOf(santaFe),
      /7 seats 5 doors 2 large bags Automatic Diesel all-wheel drive third row of seats Apple CarPlay/,
    )
  })

  test('the checkout and the confirmation say where to pick up and drop off, with the map links', async () => {
    const checkout = await site.openCheckout({ ...WEEK, vehicle_id: '2' })
    assert.ok(checkout.page.includes(AIRPORT_MAP), 'the pick-up depot on the checkout')
    assert.ok(
      checkout.page.includes('Stewart Duff Drive, Rongotai, Wellington 6022'),
      'the drop-off depot',
    )
    const booked = assertPage(
      await site.post({ ...checkout.fields, ...PERSON }, checkout.cookie),
      201,
    )
    const text = textOf(booked)
    assert.match(text, /Your booking reference is KR-[2-9A-HJKMNP-Z]{8}/)
    assert.ok(booked.includes(AIRPORT_MAP))
    assert.match(text, /In the terminal car park, level 1; walk across from arrivals\./)
    assert.match(
      text,
      /contact Kiwi Roads Rentals \(\+64 9 555 0100 or bookings@kiwiroads\.example\.com\)/,
    )
  })

  test('every page is framed by the company: its name in the title, its logo, its contacts and terms', async () => {
    const page = assertPage(await site.get('/book'), 200)
    assert.match(page, /<title>Book a vehicle · Kiwi Roads Rentals<\/title>/)
    assert.ok(
      page.includes('<img src="/images/kiwi-roads-logo.svg" alt="" width="44" height="44">'),
    )
    assert.ok(page.includes('<a href="mailto:bookings@kiwiroads.example.com">'))
    assert.ok(
      page.includes('<a href="https://www.kiwiroads.example.com/terms">Terms and conditions</a>'),
    )
  })
})
