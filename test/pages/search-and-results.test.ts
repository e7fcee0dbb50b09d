import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { CalendarDate } from '../../src/domain/calendar-date.ts'
import { formatCalendarDate } from '../../src/presenters/display-format.ts'
import {
  assertPage,
  type BookingSite,
  bookUrl,
  errorNextTo,
  inputValue,
  SEARCH,
  selectedValue,
  startBookingSite,
  textOf,
} from '../helpers/booking-pages.ts'
import { rulesFleetText } from '../helpers/domain-fixtures.ts'

/*
 * /book, steps 1 and 2 over the rules fleet (clock: Sunday 2027-01-10 in Auckland): the search
 * form, the vehicles for a search, and a bad search answered with the API's own message.
 */

let site: BookingSite
before(async () => {
  site = await startBookingSite()
})
after(async () => site.close())

describe('GET /book without parameters', () => {
  test('is a search form with labelled depot selects and date inputs', async () => {
    const page = assertPage(await site.get('/book'), 200)
    for (const [id, label] of [
      ['pick_up_depot_id', 'Pick-up depot'],
      ['drop_off_depot_id', 'Drop-off depot'],
      ['pick_up_date', 'Pick-up date'],
      ['drop_off_date', 'Drop-off date'],
    ]) {
      assert.match(page, new RegExp(`<label for="${id}">${label}</label>`))
    }
    assert.match(page, /<select id="pick_up_depot_id" name="pick_up_depot_id"/)
    assert.match(
      page,
      /<input type="date" id="pick_up_date" name="pick_up_date" value="" required min="2027-01-10"/,
    )
    assert.match(page, /<form class="search-form" method="get" action="\/book"/)
    // A code the person was given can be typed: it was usable only from a link that carried it.
    assert.match(
      page,
      /<label for="promo_code">Promotion code <span class="hint">\(optional\)<\/span><\/label>/,
    )
    assert.match(page, /<input type="text" id="promo_code" name="promo_code" value=""/)
    assert.doesNotMatch(page, /<input type="date" id="promo_code"[^>]* required/)
  })

  test('lists the active depots only, each with its opening hours and hand-over times', async () => {
    const text = textOf((await site.get('/book')).body)
    assert.match(
      text,
      /Alpha Every day 8:00 to 18:00 Pick-up: weekdays 08:00, 12:00; weekends 09:00/,
    )
    assert.match(text, /Beta Weekdays 9:00 to 17:00 Pick-up: weekdays 09:00; weekends none/)
    assert.doesNotMatch(text, /Gamma/, 'the inactive depot is listed')
  })

  test('is a page for an address the router cannot read, never the API JSON', async () => {
    const response = await site.get('/book/%ZZ')
    assertPage(response, 400)
    assert.match(textOf(response.body), /The link is broken/)
    const api = await site.get('/api/agent/%ZZ')
    assert.match(String(api.headers['content-type']), /^application\/json/)
  })

  test('is a page even for an unknown path under /book, never the API JSON', async () => {
    const response = await site.get('/book/nothing-here')
    assertPage(response, 404)
    assert.match(textOf(response.body), /There is no page at this address/)
  })
})

describe('GET /book with a search', () => {
  test('shows each available vehicle as a card: image, name, daily rate, days, rental fee', async () => {
    const page = assertPage(await site.get(bookUrl(SEARCH)), 200)
    const text = textOf(page)
    assert.match(text, /2 vehicles available/)
    assert.match(text, /Test Car Daily rate NZ\$90\.00 Rental days 5 Rental fee NZ\$450\.00/)
    assert.match(text, /Test Van Daily rate NZ\$180\.00 Rental days 5 Rental fee NZ\$900\.00/)
    assert.match(page, /<img src="https:\/\/rentals\.example\.com\/images\/vehicles\/economy\.svg"/)
    assert.match(page, /<img src="https:\/\/images\.example\.com\/van\.png"/)
    assert.doesNotMatch(text, /route fee/i, 'a return rental shows a route fee')
    // The fleet's own image host is allowed, and no other.
    const policy = String((await site.get(bookUrl(SEARCH))).headers['content-security-policy'])
    assert.match(
      policy,
      /img-src 'self' https:\/\/images\.example\.com https:\/\/rentals\.example\.com;/,
    )
  })

  test('shows the one-way route fee when there is one', async () => {
    const page = (await site.get(bookUrl({ ...SEARCH, drop_off_depot_id: '2' }))).body
    assert.match(textOf(page), /Test Car .* One-way route fee NZ\$75\.50/)
  })

  test('offers each vehicle the accessories for the dates, with a quantity up to the most per rental', async () => {
    const page = (await site.get(bookUrl(SEARCH))).body
    assert.match(
      page,
      /<select id="v1-qty-1" name="qty_1">\s*<option value="0" selected>0<\/option><option value="1">1<\/option><option value="2">2<\/option>\s*<\/select>/,
    )
    assert.match(page, /<select id="v1-qty-2" name="qty_2">/, 'snow chains are offered in January')
    assert.doesNotMatch(page, /id="v1-qty-3"/, 'the van kit is offered on the car')
    assert.match(page, /<select id="v2-qty-3" name="qty_3">/)
    const march = (
      await site.get(
        bookUrl({ ...SEARCH, pick_up_date: '2027-03-08', drop_off_date: '2027-03-12' }),
      )
    ).body
    assert.match(march, /id="v1-qty-1"/)
    assert.doesNotMatch(march, /id="v1-qty-2"/, 'snow chains are offered in March')
  })

  test('offers each vehicle its insurance plans with their excess, the cheapest chosen', async () => {
    const page = (await site.get(bookUrl(SEARCH))).body
    assert.match(
      page,
      /<input type="radio" id="v1-insurance-1" name="insurance_id" value="1" checked>/,
    )
    assert.match(page, /<input type="radio" id="v1-insurance-2" name="insurance_id" value="2">/)
    const text = textOf(page)
    assert.match(text, /Basic · No extra cost Excess NZ\$3,000\.00/)
    assert.match(text, /Full · NZ\$20\.50 per day, at most NZ\$100\.00 per rental Excess NZ\$0\.00/)
    assert.match(text, /Van cover · NZ\$15\.00 per rental Excess NZ\$500\.00/)
  })

  test('with no plan at no cost, "No insurance plan" is a choice, and the one chosen', async () => {
    // The rules fleet with its free Basic plan made a paid one: no vehicle has a plan at no cost.
    const dir = await mkdtemp(join(tmpdir(), 'paid-plans-'))
    const fleetFile = join(dir, 'fleet.yaml')
    await writeFile(
      fleetFile,
      rulesFleetText().replace(
        '    name: Basic\n    description: Basic cover\n    price: 0\n',
        '    name: Basic\n    description: Basic cover\n    price: 5.00\n',
      ),
    )
    const paid = await startBookingSite({ fleetFile })
    try {
      const page = (await paid.get(bookUrl(SEARCH))).body
      assert.match(
        page,
        /<input type="radio" id="v1-insurance-none" name="insurance_id" value="" checked>/,
      )
      assert.match(page, /<input type="radio" id="v1-insurance-1" name="insurance_id" value="1">/)
      assert.match(
        textOf(page),
        /No insurance plan · No extra cost You are liable for damage or theft\./,
      )
      // Chosen, it is a checkout without a plan, as a link without insurance_id.
      const chosen = await paid.get(
        bookUrl({ ...SEARCH, vehicle_id: '1', insurance_id: '', qty_1: '0' }),
      )
      assert.equal(chosen.statusCode, 303, chosen.body)
      assert.doesNotMatch(String(chosen.headers.location), /insurance_id/)
    } finally {
      await paid.close()
      await rm(dir, { recursive: true, force: true })
    }
    // With a plan at no cost (the rules fleet's Basic), no "none": that plan is the least cover.
    assert.doesNotMatch((await site.get(bookUrl(SEARCH))).body, /insurance-none/)
  })

  test('asks to choose only what the company offers: with no accessories or plans, nothing', async () => {
    const text = rulesFleetText()
    const bare = `${text.slice(0, text.indexOf('accessories:\n'))}accessories: []\ninsurance_plans: []\n\n${text.slice(text.indexOf('# The van is sold out'))}`
    const dir = await mkdtemp(join(tmpdir(), 'no-options-'))
    const fleetFile = join(dir, 'fleet.yaml')
    await writeFile(fleetFile, bare)
    const plain = await startBookingSite({ fleetFile })
    try {
      const page = textOf((await plain.get(bookUrl(SEARCH))).body)
      assert.match(page, /Prices include GST\. Choose a vehicle to check the full price\./)
      assert.doesNotMatch(page, /Choose accessories|insurance plan/)
    } finally {
      await plain.close()
      await rm(dir, { recursive: true, force: true })
    }
    assert.match(
      textOf((await site.get(bookUrl(SEARCH))).body),
      /Choose accessories and an insurance plan, then continue to check the full price\./,
    )
  })

  test('says plainly when no vehicle is available, with the search to change', async () => {
    // Beta has no pick-up at weekends: nothing can be rented from it on a Saturday.
    const search = {
      ...SEARCH,
      pick_up_depot_id: '2',
      drop_off_depot_id: '2',
      pick_up_date: '2027-01-16',
    }
    const page = assertPage(await site.get(bookUrl(search)), 200)
    assert.match(
      textOf(page),
      /No vehicle is available .* No vehicle can be rented from Beta to Beta for Sat, 16 Jan 2027/,
    )
    assert.equal(selectedValue(page, 'pick_up_depot_id'), '2')
    assert.equal(inputValue(page, 'pick_up_date'), '2027-01-16')
  })

  test('says why, once per reason, and links the searches that would work, as the unavailable API', async () => {
    const search = {
      ...SEARCH,
      pick_up_depot_id: '2',
      drop_off_depot_id: '2',
      pick_up_date: '2027-01-16',
      driver_age: '30',
    }
    const api = await site.get(bookUrl(search, '/api/agent/vehicles/unavailable'))
    const unavailable = JSON.parse(api.body) as {
      suggestion: Record<string, string | number> | null
    }[]
    assert.ok(unavailable.length > 0, api.body)
    const page = assertPage(await site.get(bookUrl(search)), 200)
    const text = textOf(page)
    // Its date in words, not as the API writes it.
    assert.match(text, /Why Beta has no pick-up times on a weekend \(Sat, 16 Jan 2027\)/i)
    // One depot closed that day is one reason, however many vehicles it stops.
    assert.equal(text.match(/no pick-up times on a weekend/gi)?.length, 1, text)
    const suggested = unavailable[0]?.suggestion ?? {}
    const link = /<ul class="suggestions">\s*<li><a href="([^"]+)">([^<]+)<\/a>/.exec(page)
    assert.ok(link, 'no suggested search')
    const params = new URLSearchParams(
      (link[1] ?? '').replace(/^\/book\?/, '').replaceAll('&amp;', '&'),
    )
    for (const [name, value] of Object.entries(suggested))
      assert.equal(params.get(name), String(value))
    assert.equal(params.get('driver_age'), '30', 'the link keeps what the search carried')
    assert.match(
      textOf(assertPage(await site.get(`/book?${params}`), 200)),
      /\d+ vehicles? available/,
    )
  })
})

describe('GET /book for a driver too young for every vehicle', () => {
  test('says so once, not once per vehicle', async () => {
    const page = assertPage(await site.get(bookUrl({ ...SEARCH, driver_age: '17' })), 200)
    const text = textOf(page)
    assert.match(
      text,
      /Why These vehicles are rented to drivers aged 18 or over(, some only at an older age)?; the driver is 17\./,
    )
    assert.doesNotMatch(text, /Test Car is rented to drivers/)
  })
})

describe("GET /book with a bad search says what to fix next to the API's field, in a traveller's words, filled as sent", () => {
  /** The last date an API message names, as the page shows dates. */
  const lastDate = (message: string) =>
    formatCalendarDate((message.match(/\d{4}-\d{2}-\d{2}/g) ?? []).at(-1) as CalendarDate)
  const rows: {
    why: string
    change: Record<string, string>
    omit?: string
    parameter: string
    says: (api: string) => string
  }[] = [
    {
      why: 'an id that is not plain decimal',
      change: { pick_up_depot_id: '07' },
      parameter: 'pick_up_depot_id',
      says: () => 'Choose one of our depots as the pick-up depot',
    },
    {
      why: 'an unknown depot',
      change: { drop_off_depot_id: '99' },
      parameter: 'drop_off_depot_id',
      says: () => 'Choose one of our depots as the drop-off depot',
    },
    {
      why: 'the inactive depot',
      change: { pick_up_depot_id: '3' },
      parameter: 'pick_up_depot_id',
      says: () => 'Choose one of our depots as the pick-up depot',
    },
    {
      why: 'a date that does not exist',
      change: { pick_up_date: '2027-02-30' },
      parameter: 'pick_up_date',
      says: () => 'There is no such date: choose the pick-up date again',
    },
    {
      why: 'a date in the wrong shape',
      change: { drop_off_date: '18/01/2027' },
      parameter: 'drop_off_date',
      says: () => 'Enter the drop-off date as a date, such as Mon, 1 Mar 2027',
    },
    {
      why: 'a pick-up date in the past',
      change: { pick_up_date: '2027-01-09' },
      parameter: 'pick_up_date',
      says: () => 'The pick-up date has passed: choose Mon, 11 Jan 2027 or later',
    },
    {
      why: 'a drop-off before the pick-up',
      change: { drop_off_date: '2027-01-12' },
      parameter: 'drop_off_date',
      says: () =>
        'The drop-off date is before the pick-up date: choose a drop-off date on or after it',
    },
    {
      why: 'a pick-up beyond the horizon',
      change: { pick_up_date: '2029-01-01', drop_off_date: '2029-01-05' },
      parameter: 'pick_up_date',
      says: (api) => `Bookings are open up to ${lastDate(api)}: choose a pick-up date up to then`,
    },
    {
      why: 'a rental longer than the longest',
      change: { drop_off_date: '2027-06-01' },
      parameter: 'drop_off_date',
      says: (api) =>
        `A rental is at most ${/longest rental is (\d+) days/.exec(api)?.[1]} days: choose a drop-off date up to ${lastDate(api)}`,
    },
    {
      why: 'a missing drop-off date',
      change: {},
      omit: 'drop_off_date',
      parameter: 'drop_off_date',
      says: () => 'Choose a drop-off date',
    },
  ]
  for (const { why, change, omit, parameter, says } of rows) {
    test(`${why}: 400, next to ${parameter}`, async () => {
      const search: Record<string, string> = { ...SEARCH, ...change }
      if (omit) delete search[omit]
      const api = await site.get(bookUrl(search, '/api/agent/vehicles/availability'))
      assert.equal(api.statusCode, 400)
      const expected = api.json<{ error: string; parameter: string }>()
      assert.equal(expected.parameter, parameter)

      const page = assertPage(await site.get(bookUrl(search)), 400)
      assert.equal(errorNextTo(page, parameter), says(expected.error))
      assert.doesNotMatch(errorNextTo(page, parameter) ?? '', /_date|_id|send |Pacific\//)
      assert.match(page, new RegExp(`aria-describedby="${parameter}-error"`))
      for (const [name, value] of Object.entries(search)) {
        const shown = name.endsWith('_id') ? selectedValue(page, name) : inputValue(page, name)
        assert.equal(shown, value, `${name} is not filled as sent`)
      }
    })
  }

  test('both dates left empty are both asked for', async () => {
    const page = assertPage(
      await site.get(bookUrl({ ...SEARCH, pick_up_date: '', drop_off_date: '' })),
      400,
    )
    assert.equal(errorNextTo(page, 'pick_up_date'), 'Choose a pick-up date')
    assert.equal(errorNextTo(page, 'drop_off_date'), 'Choose a drop-off date')
  })

  test('a past pick-up date with a drop-off date before it is told of both at once', async () => {
    const page = assertPage(
      await site.get(
        bookUrl({ ...SEARCH, pick_up_date: '2027-01-08', drop_off_date: '2027-01-06' }),
      ),
      400,
    )
    assert.equal(
      errorNextTo(page, 'drop_off_date'),
      'The drop-off date is before the pick-up date: choose a drop-off date on or after it',
    )
    assert.equal(
      errorNextTo(page, 'pick_up_date'),
      'The pick-up date has passed: choose Mon, 11 Jan 2027 or later',
    )
  })

  test('a parameter sent twice gets the API message too', async () => {
    const url = `${bookUrl(SEARCH)}&pick_up_date=2027-01-14`
    const api = (await site.get(url.replace('/book', '/api/agent/vehicles/availability'))).json<{
      error: string
    }>()
    const page = assertPage(await site.get(url), 400)
    assert.equal(errorNextTo(page, 'pick_up_date'), api.error)
  })

  test('markup in a parameter is shown as text, never as markup', async () => {
    const page = (await site.get(bookUrl({ ...SEARCH, pick_up_date: '<b>x</b>' }))).body
    assert.doesNotMatch(page, /<b>x<\/b>/)
    assert.match(page, /&lt;b&gt;x&lt;\/b&gt;/)
  })
})
