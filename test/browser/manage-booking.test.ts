import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { simpleParser } from 'mailparser'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { type BookingSite, bookingForm, startBookingSite } from '../helpers/booking-pages.ts'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import {
  ADMIN_URL,
  MUST_NOT_SKIP,
  TestDatabases,
  unreachableReason,
} from '../store/postgres-test-databases.ts'

/*
 * After the booking, in Debian's chromium without JavaScript, on both stores (the embedded SQLite
 * and PostgreSQL): one checkout confirmed twice at once and ten times in a row books once; the
 * booking's own page from the confirmation's link; cancelling it there, and the unit freed; the
 * page once free cancellation has ended; the emails the outbox wrote (.eml files, no mail server
 * configured), opened in the browser. The demo fleet, the clock at Sunday 2027-01-10 13:00 in
 * Auckland. Screenshots go to test-output/.
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
const noBrowser = existsSync(CHROMIUM)
  ? false
  : `chromium is not installed at ${CHROMIUM} (apt-get install chromium; .ci/run installs it)`

const postgresProblem = await unreachableReason(ADMIN_URL)
const noPostgres =
  postgresProblem === undefined || MUST_NOT_SKIP
    ? false
    : `PostgreSQL does not answer at TEST_POSTGRES_URL: ${postgresProblem}`

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  await new Promise<void>((done) => server.close(() => done()))
  assert.ok(address !== null && typeof address === 'object')
  return address.port
}

const AROHA = { name: 'Aroha Ngata', email: 'aroha@example.com', phone: '+64 21 555 0101' }
/** Far enough ahead for free cancellation: Mon 1 to Mon 8 Feb 2027 at Auckland Airport. */
const LATER =
  'pick_up_depot_id=1&drop_off_depot_id=1&pick_up_date=2027-02-01&drop_off_date=2027-02-08&vehicle_id=2'
/** Tomorrow, within the 48 hours before pick-up: Mon 11 to Sat 16 Jan 2027. */
const TOMORROW =
  'pick_up_depot_id=1&drop_off_depot_id=1&pick_up_date=2027-01-11&drop_off_date=2027-01-16&vehicle_id=2'

let browser: Browser | undefined
const databases = new TestDatabases(ADMIN_URL)

before(async () => {
  if (noBrowser) return
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  await mkdir(OUTPUT, { recursive: true })
})
after(async () => {
  await browser?.close()
  if (!noPostgres) await databases.dropAll()
})

for (const store of ['sqlite', 'postgres'] as const) {
  const skip = noBrowser || (store === 'postgres' ? noPostgres : false)
  describe(`after the booking, on ${store === 'sqlite' ? 'the embedded store' : 'PostgreSQL'}`, () => {
    let site: BookingSite | undefined
    let origin = ''
    let dataDir = ''

    before(async () => {
      if (skip) return
      const port = await freePort()
      origin = `http://127.0.0.1:${port}`
      dataDir = await mkdtemp(join(tmpdir(), 'rental-manage-'))
      site = await startBookingSite({
        fleetFile: DEMO_FLEET_FILE,
        deliverMessages: true,
        env: {
          PUBLIC_URL: origin,
          DATA_DIR: dataDir,
          ...(store === 'postgres' ? { DATABASE_URL: await databases.create() } : {}),
        },
      })
      await site.app.listen({ port, host: '127.0.0.1' })
    })
    after(async () => {
      await site?.close()
      if (dataDir) await rm(dataDir, { recursive: true, force: true })
    })

    async function newContext(): Promise<BrowserContext> {
      assert.ok(browser)
      return browser.newContext({
        viewport: { width: 1280, height: 900 },
        javaScriptEnabled: false,
        locale: 'en-NZ',
      })
    }

    async function shot(page: Page, name: string): Promise<void> {
      await page.screenshot({ path: resolve(OUTPUT, `${store}-${name}.png`), fullPage: true })
    }

    /** Opens a checkout link, picks the times, types the traveller's details. */
    async function checkout(page: Page, link: string, person = AROHA): Promise<void> {
      await page.goto(`${origin}/book?${link}`)
      await page.getByLabel('Pick-up time').selectOption('10:00')
      await page.getByLabel('Drop-off time').selectOption('17:00')
      await page.getByLabel('Full name').fill(person.name)
      await page.getByLabel('Email').fill(person.email)
      await page.getByLabel('Phone').fill(person.phone)
      await page.getByLabel("Driver's date of birth").fill('1986-05-14')
    }

    async function bookingsOf(email: string) {
      assert.ok(site)
      const all = await site.store.listBookings()
      return all.filter((booking) => booking.customer?.email === email)
    }

    test('one checkout confirmed twice at once, then ten times in a row, books once', {
      skip,
      timeout: 90_000,
    }, async () => {
      const context = await newContext()
      const page = await context.newPage()
      const person = { ...AROHA, email: 'twice@example.com' }
      await checkout(page, LATER, person)
      // A double click sends the form twice: the browser keeps the second answer.
      // The form as the browser would send it, posted twice at the same moment with the browser's
      // own cookies (a double click may or may not send twice, depending on timing).
      const form = {
        ...bookingForm(await page.content()),
        pick_up_time: '10:00',
        drop_off_time: '17:00',
        full_name: person.name,
        email: person.email,
        phone: person.phone,
        date_of_birth: '1986-05-14',
      }
      const twice = await Promise.all(
        [0, 1].map(() => context.request.post(`${origin}/book`, { form, maxRedirects: 0 })),
      )
      assert.deepEqual(twice.map((answer) => answer.status()).sort(), [200, 201])
      const references = await Promise.all(
        twice.map(
          async (answer) => /id="booking-reference">([^<]+)</.exec(await answer.text())?.[1],
        ),
      )
      assert.equal(references[0], references[1])
      // And a double click on the page itself: the same booking.
      const posts: string[] = []
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url())
      })
      await page.getByRole('button', { name: 'Confirm booking' }).dblclick()
      await page.locator('#booking-reference').waitFor()
      const reference = await page.locator('#booking-reference').innerText()
      assert.equal(reference, references[0])
      // Ten more confirmations of the same checkout: the browser re-posts the form on reload.
      for (let time = 0; time < 10; time += 1) {
        const again = await page.reload()
        assert.equal(again?.status(), 200)
        assert.equal(await page.locator('#booking-reference').innerText(), reference)
      }
      await page.getByText('This booking was already made').first().waitFor()
      await shot(page, 'already-booked')
      const booked = await bookingsOf(person.email)
      assert.equal(booked.length, 1, `bookings made: ${booked.map((b) => b.reference).join(', ')}`)
      assert.equal(booked[0]?.reference, reference)
      assert.ok(posts.length >= 11, `only ${posts.length} confirmations were sent`)
      await context.close()
    })

    test('the booking page from the confirmation, and cancelling there frees the unit', {
      skip,
      timeout: 60_000,
    }, async () => {
      assert.ok(site)
      const context = await newContext()
      const page = await context.newPage()
      const person = { ...AROHA, email: 'manage@example.com' }
      await checkout(page, LATER, person)
      await page.getByRole('button', { name: 'Confirm booking' }).click()
      const reference = await page.locator('#booking-reference').innerText()
      const unitsBefore = await site.unitsBooked(2, 1, '2027-02-01', '2027-02-08')

      await page.locator('#manage-link').click()
      await page.getByRole('heading', { name: 'Your booking' }).waitFor()
      assert.equal(await page.locator('#booking-reference').innerText(), reference)
      const details = await page.locator('main').innerText()
      for (const shown of [
        'Toyota Corolla or similar',
        'Mon, 1 Feb 2027 at 10:00',
        'Mon, 8 Feb 2027 at 17:00',
        'Auckland Airport',
        'Aroha Ngata',
        'NZ$',
        'You can cancel free of charge until',
      ]) {
        assert.ok(details.includes(shown), `the booking's page does not show ${shown}: ${details}`)
      }
      await shot(page, 'manage')

      await page.getByLabel(/Why are you cancelling/).fill('Plans changed')
      // Without the tick, nothing is cancelled: the page asks for it, the reason kept.
      await page.getByRole('button', { name: 'Cancel booking' }).click()
      await page
        .getByText('Tick the box to confirm that you want to cancel this booking')
        .first()
        .waitFor()
      assert.equal(await page.getByLabel(/Why are you cancelling/).inputValue(), 'Plans changed')
      await page.getByLabel(/Yes, cancel it/).check()
      await page.getByRole('button', { name: 'Cancel booking' }).click()
      await page.getByRole('heading', { name: 'Booking cancelled' }).waitFor()
      const cancelled = await page.locator('#booking-status').innerText()
      assert.match(cancelled, /cancelled by you/)
      assert.match(cancelled, /Plans changed/)
      assert.equal(await page.getByRole('button', { name: 'Cancel booking' }).count(), 0)
      await shot(page, 'cancelled')
      // A reload of the page after the cancel (a GET: the cancel answered with a redirect).
      const reload = await page.reload()
      assert.equal(reload?.status(), 200)
      assert.equal(await page.getByRole('heading', { name: 'Booking cancelled' }).count(), 1)

      const [booking] = await bookingsOf(person.email)
      assert.equal(booking?.status, 'cancelled')
      assert.equal(booking?.cancellation?.by, 'traveller')
      assert.equal(
        await site.unitsBooked(2, 1, '2027-02-01', '2027-02-08'),
        unitsBefore - 1,
        'the cancelled booking still holds its unit',
      )
      await context.close()
    })

    test('within the hours before pick-up, the page says to call the depot', {
      skip,
      timeout: 60_000,
    }, async () => {
      const context = await newContext()
      const page = await context.newPage()
      await checkout(page, TOMORROW, { ...AROHA, email: 'late@example.com' })
      await page.getByRole('button', { name: 'Confirm booking' }).click()
      await page.locator('#manage-link').click()
      await page.getByRole('heading', { name: 'Your booking' }).waitFor()
      assert.equal(await page.getByRole('button', { name: 'Cancel booking' }).count(), 0)
      const section = await page.locator('section[aria-labelledby="cancel-heading"]').innerText()
      // Booked for tomorrow, inside the 48 hours: it never had free cancellation, as its checkout said.
      assert.match(
        section,
        /No free cancellation: it ends 48 hours before pick-up, and this rental starts sooner/,
      )
      assert.match(section, /call Auckland Airport on \+64 9 555 0101/)
      await shot(page, 'manage-too-late')
      await context.close()
    })

    test('the emails of a booking and its cancellation, as the traveller and the company see them', {
      skip,
      timeout: 60_000,
    }, async () => {
      const outbox = join(dataDir, 'outbox')
      // The booking and the cancel above wrote them; the sender delivers within a second or two.
      const emails = await waitForEmails(outbox, 4)
      const context = await newContext()
      const page = await context.newPage()
      const subjects: string[] = []
      for (const [index, email] of emails.entries()) {
        subjects.push(String(email.subject))
        assert.ok(email.html, `${email.subject} has no HTML part`)
        await page.setContent(email.html)
        await page.screenshot({
          path: resolve(OUTPUT, `${store}-email-${index + 1}.png`),
          fullPage: true,
        })
      }
      const toTraveller = emails.find(
        (email) =>
          /^Booking confirmed/.test(String(email.subject)) &&
          addresses(email).includes('manage@example.com'),
      )
      assert.ok(toTraveller, `no confirmation to the traveller among: ${subjects.join(' | ')}`)
      for (const line of [
        'Rental: 7 days',
        'Total (GST included)',
        'Auckland Airport',
        '10:00',
        '/book/manage/',
      ]) {
        assert.ok(toTraveller.text?.includes(line), `the confirmation does not say ${line}`)
      }
      assert.ok(
        emails.some(
          (email) =>
            /cancel/i.test(String(email.subject)) &&
            addresses(email).includes('manage@example.com'),
        ),
        `no cancellation email to the traveller among: ${subjects.join(' | ')}`,
      )
      await context.close()
    })
  })
}

type Parsed = Awaited<ReturnType<typeof simpleParser>>

function addresses(email: Parsed): string[] {
  const to = Array.isArray(email.to) ? email.to : email.to ? [email.to] : []
  return to.flatMap((group) => group.value.map((address) => address.address ?? ''))
}

/** The .eml files of the outbox folder, parsed, once there are at least `count` of them. */
async function waitForEmails(folder: string, count: number): Promise<Parsed[]> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const names = existsSync(folder)
      ? (await readdir(folder)).filter((name) => name.endsWith('.eml'))
      : []
    if (names.length >= count || Date.now() > deadline) {
      assert.ok(names.length >= count, `${names.length} email(s) in ${folder}, expected ${count}`)
      return Promise.all(
        names.sort().map(async (name) => simpleParser(await readFile(join(folder, name)))),
      )
    }
    await sleep(200)
  }
}
