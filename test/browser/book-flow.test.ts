import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { type BookingSite, startBookingSite } from '../helpers/booking-pages.ts'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'

/*
 * The website's booking in Debian's chromium, driven by playwright-core, with JavaScript turned
 * off (the site needs none): search, results, options, checkout, confirmation, on a desktop and
 * a 390px phone; a vehicle booked until sold out; concurrent confirmations for the last units;
 * every form error. The demo fleet, the clock at Sunday 2027-01-10 13:00 in Auckland; the service
 * listens on a real port and its PUBLIC_URL is that address. Screenshots go to test-output/.
 */

const CHROMIUM = '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--lang=en-NZ',
]
const OUTPUT = resolve(import.meta.dirname, '../../test-output')
const skip = existsSync(CHROMIUM)
  ? false
  : `chromium is not installed at ${CHROMIUM} (apt-get install chromium; .ci/run installs it)`

const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 390, height: 844 }

/** A port nothing listens on right now: the OS picks one, and it is given back at once. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  await new Promise<void>((done) => server.close(() => done()))
  assert.ok(address !== null && typeof address === 'object')
  return address.port
}

let site: BookingSite | undefined
let browser: Browser | undefined
let origin = ''
const requested: string[] = []
/** What the browser reported of Content-Security-Policy violations on any page, with its page. */
const violations: string[] = []

before(async () => {
  if (skip) return
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  site = await startBookingSite({ fleetFile: DEMO_FLEET_FILE, env: { PUBLIC_URL: origin } })
  await site.app.listen({ port, host: '127.0.0.1' })
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  await mkdir(OUTPUT, { recursive: true })
})
after(async () => {
  await browser?.close()
  await site?.close()
})

/** A fresh browser profile (its own cookies), without JavaScript, in New Zealand English. */
async function newContext(viewport = DESKTOP): Promise<BrowserContext> {
  assert.ok(browser)
  const context = await browser.newContext({ viewport, javaScriptEnabled: false, locale: 'en-NZ' })
  context.on('request', (request) => requested.push(request.url()))
  context.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) {
      violations.push(`${message.page()?.url()}: ${message.text()}`)
    }
  })
  return context
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: resolve(OUTPUT, `book-${name}.png`), fullPage: true })
}

async function search(page: Page, from: string, to: string, pickUp: string, dropOff: string) {
  await page.goto(`${origin}/book`)
  await page.getByLabel('Pick-up depot').selectOption({ label: from })
  await page.getByLabel('Drop-off depot').selectOption({ label: to })
  await page.getByLabel('Pick-up date').fill(pickUp)
  await page.getByLabel('Drop-off date').fill(dropOff)
  await page.getByRole('button', { name: 'Show available vehicles' }).click()
}

async function fillDetails(page: Page, details: { name: string; email: string; phone: string }) {
  await page.getByLabel('Full name').fill(details.name)
  await page.getByLabel('Email').fill(details.email)
  await page.getByLabel('Phone').fill(details.phone)
  await page.getByLabel("Driver's date of birth").fill('1986-05-14')
}

/** The API's availability, as an agent sees it. */
async function availableIds(query: string): Promise<number[]> {
  const response = await fetch(`${origin}/api/agent/vehicles/availability?${query}`)
  assert.equal(response.status, 200)
  return ((await response.json()) as { vehicleId: number }[]).map((vehicle) => vehicle.vehicleId)
}

const AROHA = { name: 'Aroha Ngata', email: 'aroha@example.com', phone: '+64 21 555 0101' }

describe('booking on the website in a browser, without JavaScript', () => {
  for (const [device, viewport] of [
    ['', DESKTOP],
    ['-phone', PHONE],
  ] as const) {
    test(`search, results, options, checkout, confirmation${device ? ' on a phone' : ''}`, {
      skip,
      timeout: 60_000,
    }, async () => {
      const context = await newContext(viewport)
      const page = await context.newPage()
      await page.goto(`${origin}/book`)
      await page.getByLabel('Pick-up depot').selectOption({ label: 'Auckland Airport' })
      await page.getByLabel('Drop-off depot').selectOption({ label: 'Wellington Airport' })
      await page.getByLabel('Pick-up date').fill('2027-02-01')
      await page.getByLabel('Drop-off date').fill('2027-02-08')
      await assertVisible(
        page.getByText(
          'Open every day 6:00 to 22:00; hand-overs at 6:00, 20:00 and 21:00 are after hours, with a fee; closed Christmas Day.',
        ),
      )
      await shot(page, `search${device}`)

      await page.getByRole('button', { name: 'Show available vehicles' }).click()
      await page.getByRole('heading', { name: /vehicles available/ }).waitFor()
      const card = page.locator('#vehicle-2')
      await assertVisible(card.getByRole('heading', { name: 'Toyota Corolla or similar' }))
      const cardText = await card.innerText()
      for (const shown of [
        'Daily rate',
        'NZ$82.00',
        'Rental days',
        '7',
        'NZ$574.00',
        'One-way route fee',
        'NZ$150.00',
      ]) {
        assert.ok(cardText.includes(shown), `the card does not show ${shown}: ${cardText}`)
      }
      assert.ok(
        await card
          .locator('img')
          .evaluate((image) => (image as { naturalWidth: number }).naturalWidth > 0),
        'the vehicle image did not load',
      )
      await shot(page, `results${device}`)

      await card.getByText('Add accessories').click()
      await card.getByLabel(/Child car seat/).selectOption('2')
      await card.getByLabel(/GPS navigation unit/).selectOption('1')
      await card.getByLabel(/Standard cover/).check()
      await card.scrollIntoViewIfNeeded()
      await card.screenshot({ path: resolve(OUTPUT, `book-options${device}.png`) })

      await card.getByRole('button', { name: 'Choose Toyota Corolla or similar' }).click()
      await page.getByRole('heading', { name: 'Check and confirm your booking' }).waitFor()
      const url = new URL(page.url())
      assert.equal(url.pathname, '/book')
      assert.equal(url.searchParams.get('vehicle_id'), '2')
      assert.equal(url.searchParams.get('accessory_ids'), '1,1,3')
      assert.equal(url.searchParams.get('insurance_id'), '2')
      const summary = await page.locator('.panel').first().innerText()
      for (const line of [
        'Rental fee',
        '7 days × NZ$82.00',
        'NZ$574.00',
        'Route fee',
        'NZ$150.00',
        'Quantity 2',
        'NZ$168.00',
        'Quantity 1',
        'NZ$70.00',
        'Accessories fee',
        'NZ$238.00',
        'Standard cover',
        'Insurance fee',
        // Auckland Airport's concession fee: the price shown is the price paid.
        'Airport concession fee',
        'NZ$38.00',
        'Total',
        'NZ$1,168.00',
        'GST included',
        'NZ$152.35',
        'NZDT',
      ]) {
        assert.ok(summary.includes(line), `the checkout does not show ${line}: ${summary}`)
      }
      await page.getByLabel('Pick-up time').selectOption('10:00')
      await page.getByLabel('Drop-off time').selectOption('16:00')
      // On the phone, an address as long as many are: it wraps, the page does not widen.
      await fillDetails(
        page,
        device ? { ...AROHA, email: 'alexandra.whitcombe@outlook.co.nz' } : AROHA,
      )
      await shot(page, `checkout${device}`)

      await page.getByRole('button', { name: 'Confirm booking' }).click()
      await page.getByRole('heading', { name: 'Booking confirmed' }).waitFor()
      const reference = await page.locator('#booking-reference').innerText()
      assert.match(reference, /^KR-[2-9A-HJKMNP-Z]{8}$/)
      const confirmation = await page.locator('main').innerText()
      for (const shown of [
        'Toyota Corolla or similar',
        'Mon, 1 Feb 2027 at 10:00, Auckland Airport',
        'Mon, 8 Feb 2027 at 16:00, Wellington Airport',
        'NZ$1,168.00',
        'Aroha Ngata',
      ]) {
        assert.ok(confirmation.includes(shown), `the confirmation does not show ${shown}`)
      }
      await shot(page, `confirmation${device}`)
      // Read in the page, whose globals this Node program does not type.
      const widths = (await page.evaluate(
        '({ page: document.documentElement.scrollWidth, window: window.innerWidth })',
      )) as { page: number; window: number }
      assert.ok(
        widths.page <= widths.window,
        `the confirmation scrolls sideways: ${JSON.stringify(widths)}`,
      )

      // A reload re-posts the form: the booking already made is shown again, nothing more booked.
      const reload = await page.reload()
      assert.equal(reload?.status(), 200)
      assert.equal(await page.locator('#booking-reference').innerText(), reference)
      await assertVisible(page.getByText('This booking was already made'))
      await context.close()
    })
  }

  test('a vehicle booked until it is sold out leaves availability and its quote is a 404', {
    skip,
    timeout: 60_000,
  }, async () => {
    // The Tesla has 2 units at Auckland Airport.
    const query =
      'pick_up_depot_id=1&drop_off_depot_id=1&pick_up_date=2027-03-01&drop_off_date=2027-03-06'
    assert.ok((await availableIds(query)).includes(6))
    for (const person of ['Tama Rewi', 'Ana Kahu']) {
      const context = await newContext()
      const page = await context.newPage()
      await search(page, 'Auckland Airport', 'Auckland Airport', '2027-03-01', '2027-03-06')
      await page.locator('#vehicle-6').getByRole('button', { name: 'Choose Tesla Model 3' }).click()
      await fillDetails(page, { ...AROHA, name: person })
      await page.getByRole('button', { name: 'Confirm booking' }).click()
      await page.getByRole('heading', { name: 'Booking confirmed' }).waitFor()
      await context.close()
    }
    assert.ok(!(await availableIds(query)).includes(6), 'the sold-out Tesla is still available')
    const quote = await fetch(`${origin}/api/agent/quotes?${query}&vehicle_id=6`)
    assert.equal(quote.status, 404)
    assert.equal(((await quote.json()) as { code: string }).code, 'vehicle_sold_out')

    const context = await newContext()
    const page = await context.newPage()
    await page.goto(`${origin}/book?${query}`)
    assert.equal(await page.locator('#vehicle-6').count(), 0, 'the website still lists the Tesla')
    await page.goto(`${origin}/book?${query}&vehicle_id=6`)
    await assertVisible(page.getByText('The vehicle you chose cannot be booked for these dates'))
    await shot(page, 'sold-out')
    await context.close()
  })

  test('N+3 concurrent confirmations for the N last units give exactly N bookings', {
    skip,
    timeout: 90_000,
  }, async () => {
    // The Mercedes Sprinter has 2 units at Auckland Airport: 5 people confirm at once.
    const units = 2
    const choice =
      'pick_up_depot_id=1&drop_off_depot_id=1&pick_up_date=2027-03-08&drop_off_date=2027-03-15&vehicle_id=8&insurance_id=4'
    const people = Array.from({ length: units + 3 }, (_, index) => ({
      name: `Person ${index + 1}`,
      email: `person${index + 1}@example.com`,
      phone: `021 555 01${String(index).padStart(2, '0')}`,
    }))
    const contexts = await Promise.all(people.map(() => newContext()))
    const pages = await Promise.all(contexts.map((context) => context.newPage()))
    for (const [index, page] of pages.entries()) {
      await page.goto(`${origin}/book?${choice}`)
      await fillDetails(page, people[index] ?? AROHA)
    }
    const statuses = await Promise.all(
      pages.map(async (page) => {
        const [response] = await Promise.all([
          page.waitForResponse((answer) => answer.request().method() === 'POST'),
          page.getByRole('button', { name: 'Confirm booking' }).click(),
        ])
        await page.waitForLoadState()
        return response.status()
      }),
    )
    assert.equal(statuses.filter((status) => status === 201).length, units, String(statuses))
    assert.equal(statuses.filter((status) => status === 409).length, 3, String(statuses))
    for (const [index, page] of pages.entries()) {
      if (statuses[index] !== 409) continue
      await assertVisible(page.getByText('This vehicle is no longer available'))
      assert.equal(await page.getByLabel('Full name').inputValue(), people[index]?.name)
      assert.equal(await page.getByLabel('Email').inputValue(), people[index]?.email)
      assert.equal(await page.getByLabel('Phone').inputValue(), people[index]?.phone)
    }
    const lost = pages[statuses.indexOf(409)]
    assert.ok(lost)
    await shot(lost, 'no-longer-available')
    const query =
      'pick_up_depot_id=1&drop_off_depot_id=1&pick_up_date=2027-03-08&drop_off_date=2027-03-15'
    assert.ok(!(await availableIds(query)).includes(8))
    await Promise.all(contexts.map((context) => context.close()))
  })
})

describe('form errors in a browser: shown next to the field, what was typed kept', () => {
  const checkout =
    'pick_up_depot_id=2&drop_off_depot_id=2&pick_up_date=2027-01-11&drop_off_date=2027-01-13&vehicle_id=1'

  for (const { why, typed, label, message } of [
    {
      why: 'a missing name',
      typed: { ...AROHA, name: '' },
      label: 'Full name',
      message: 'Enter your full name',
    },
    {
      why: 'an invalid email',
      typed: { ...AROHA, email: 'aroha.example.com' },
      label: 'Email',
      message: 'Enter an email address such as name@example.com',
    },
    {
      why: 'a phone with letters',
      typed: { ...AROHA, phone: '021 CALL ME' },
      label: 'Phone',
      message: 'Use only digits, spaces and + ( ) - in the phone number',
    },
  ]) {
    test(why, { skip, timeout: 30_000 }, async () => {
      const context = await newContext()
      const page = await context.newPage()
      await page.goto(`${origin}/book?${checkout}`)
      await fillDetails(page, typed)
      await page.getByRole('button', { name: 'Confirm booking' }).click()
      const field = page.getByLabel(label)
      // The message is the field's description, so it is read out with it.
      assert.equal(await field.getAttribute('aria-invalid'), 'true')
      const describedBy = await field.getAttribute('aria-describedby')
      const shown = await page.locator(`#${describedBy}`).textContent()
      assert.equal(shown?.replace(/^Error: /, ''), message)
      assert.equal(await page.getByLabel('Full name').inputValue(), typed.name)
      assert.equal(await page.getByLabel('Email').inputValue(), typed.email)
      assert.equal(await page.getByLabel('Phone').inputValue(), typed.phone)
      // The keyboard starts at the list of what to fix, not at the masthead's link.
      assert.equal(
        await page.evaluate('document.activeElement && document.activeElement.className'),
        'error-summary',
      )
      if (label === 'Email') await shot(page, 'errors')
      await context.close()
    })
  }

  test("the date of birth's hint is read out with the field", { skip }, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await page.goto(`${origin}/book?${checkout}`)
    const field = page.getByLabel("Driver's date of birth")
    const describedBy = (await field.getAttribute('aria-describedby')) ?? ''
    assert.equal(describedBy, 'date_of_birth-hint')
    assert.match(
      (await page.locator(`#${describedBy}`).textContent()) ?? '',
      /The driver's age on the pick-up day decides/,
    )
    await context.close()
  })

  test('a 320 px phone zoomed to 200% (160 CSS px): nothing scrolls sideways or is cut off', {
    skip,
    timeout: 60_000,
  }, async () => {
    const context = await newContext({ width: 160, height: 640 })
    const page = await context.newPage()
    const fits = async (where: string) => {
      const widths = (await page.evaluate(
        '({ page: document.documentElement.scrollWidth, window: window.innerWidth })',
      )) as { page: number; window: number }
      if (widths.page <= widths.window) return
      // What sticks out, to say where to look.
      const wide = await page.evaluate(
        "[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 || e.scrollWidth > e.clientWidth + 1).map((e) => e.tagName + '.' + e.className + ': ' + (e.textContent || '').trim().slice(0, 40)).slice(0, 5)",
      )
      assert.fail(`${where} scrolls sideways: ${JSON.stringify(widths)} ${JSON.stringify(wide)}`)
    }
    await page.goto(`${origin}/book`)
    await fits('the search')
    await page.goto(
      `${origin}/book?pick_up_depot_id=1&drop_off_depot_id=3&pick_up_date=2027-02-01&drop_off_date=2027-02-08`,
    )
    await fits('the results')
    await page.goto(`${origin}/book?${checkout}`)
    await fits('the checkout')
    // The total's amount is whole, not cut to "NZ".
    const total = page.locator('table.price tr.total td.amount').first()
    const amount = await total.evaluate((cell) => {
      const box = cell as unknown as {
        scrollWidth: number
        clientWidth: number
        textContent: string
      }
      return { scroll: box.scrollWidth, client: box.clientWidth, text: box.textContent }
    })
    assert.match(amount.text, /NZ\$[\d,]+\.\d\d/)
    assert.ok(amount.scroll <= amount.client, `the total is cut off: ${JSON.stringify(amount)}`)
    await shot(page, 'checkout-160')
    await fillDetails(page, AROHA)
    await page.getByRole('button', { name: 'Confirm booking' }).click()
    await page.getByRole('heading', { name: 'Booking confirmed' }).waitFor()
    await fits('the confirmation')
    await shot(page, 'confirmation-160')
    await context.close()
  })

  test('dates that became past', { skip, timeout: 30_000 }, async () => {
    assert.ok(site)
    const context = await newContext()
    const page = await context.newPage()
    await page.goto(`${origin}/book?${checkout}`)
    await fillDetails(page, AROHA)
    site.setNow(new Date('2027-01-12T00:00:00Z'))
    try {
      await page.getByRole('button', { name: 'Confirm booking' }).click()
      await assertVisible(
        page.getByText('Nothing was booked: this rental cannot be booked as it is'),
      )
      await assertVisible(
        page.locator('#pick_up_date-error', { hasText: 'pick_up_date 2027-01-11 is in the past' }),
      )
      assert.equal(await page.getByLabel('Full name').inputValue(), AROHA.name)
      assert.equal(await page.getByLabel('Email').inputValue(), AROHA.email)
      await page.getByRole('link', { name: 'Choose new dates or depots' }).click()
      await assertVisible(page.locator('#pick_up_date-error'))
      assert.equal(await page.getByLabel('Pick-up date').inputValue(), '2027-01-11')
    } finally {
      site.setNow(new Date('2027-01-10T00:00:00Z'))
      await context.close()
    }
  })

  test('a search with the drop-off before the pick-up', { skip, timeout: 30_000 }, async () => {
    const context = await newContext(PHONE)
    const page = await context.newPage()
    await search(page, 'Auckland City', 'Queenstown', '2027-02-10', '2027-02-03')
    const message = page.locator('#drop_off_date-error')
    await assertVisible(message)
    assert.match(
      await message.innerText(),
      /The drop-off date is before the pick-up date: choose a drop-off date on or after it/,
    )
    assert.equal(await page.getByLabel('Pick-up depot').inputValue(), '2')
    assert.equal(await page.getByLabel('Drop-off depot').inputValue(), '5')
    assert.equal(await page.getByLabel('Drop-off date').inputValue(), '2027-02-03')
    await shot(page, 'search-error-phone')
    await context.close()
  })
})

describe('what the booking pages load', () => {
  test('nothing from another origin', { skip }, () => {
    assert.ok(requested.length > 0, 'no page was requested')
    const elsewhere = requested.filter((url) => !url.startsWith(`${origin}/`))
    assert.deepEqual(elsewhere, [], `requests to other origins: ${elsewhere.join(', ')}`)
  })

  test('no Content-Security-Policy violation reported on any page of these tests', { skip }, () => {
    assert.ok(requested.length > 0, 'no page was requested')
    assert.deepEqual(violations, [])
  })
})

async function assertVisible(locator: ReturnType<Page['locator']>): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout: 5_000 })
}
