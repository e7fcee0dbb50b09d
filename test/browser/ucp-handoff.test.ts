import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { type Browser, chromium } from 'playwright-core'
import { type BookingSite, startBookingSite } from '../helpers/booking-pages.ts'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import { assertUcpCheckout } from '../ucp/ucp-sdk-schemas.ts'

/*
 * A UCP platform's hand-over, as a person meets it: an agent creates a checkout over the protocol
 * (on the service listening on a real port, PUBLIC_URL its address), and the person's browser
 * (Debian's chromium, JavaScript off) opens its continue_url and lands on the website's checkout
 * for that very quote, showing the same total, ready to confirm.
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
const skip = existsSync(CHROMIUM)
  ? false
  : `chromium is not installed at ${CHROMIUM} (apt-get install chromium; .ci/run installs it)`

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  await new Promise<void>((done) => server.close(() => done()))
  assert.ok(address !== null && typeof address === 'object')
  return address.port
}

/** `NZ$1,130.00`: cents as the website shows them. */
function nzd(cents: number): string {
  const dollars = (cents / 100).toLocaleString('en-NZ', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
  return `NZ$${dollars}`
}

describe('a UCP checkout handed over to the website', { skip }, () => {
  let site: BookingSite
  let browser: Browser
  let origin = ''
  before(async () => {
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    site = await startBookingSite({ fleetFile: DEMO_FLEET_FILE, env: { PUBLIC_URL: origin } })
    await site.app.listen({ port, host: '127.0.0.1' })
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  })
  after(async () => {
    await browser?.close()
    await site?.close()
  })

  test('continue_url opens the checkout of the same quote, with the same total', async () => {
    const created = await fetch(`${origin}/ucp/checkout-sessions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'ucp-agent': 'profile="https://agent.example/profile"',
      },
      body: JSON.stringify({
        line_items: [
          { item: { id: 'vehicle:2' } },
          { item: { id: 'accessory:1' }, quantity: 2 },
          { item: { id: 'insurance:2' } },
        ],
        rental: {
          pick_up_depot_id: 1,
          drop_off_depot_id: 2,
          pick_up_date: '2027-02-03',
          drop_off_date: '2027-02-10',
        },
      }),
    })
    assert.equal(created.status, 201)
    const body: unknown = await created.json()
    assertUcpCheckout(body)
    const session = body as {
      id: string
      status: string
      continue_url: string
      totals: { type: string; amount: number }[]
    }
    assert.equal(session.status, 'requires_escalation')
    const total = session.totals.find((entry) => entry.type === 'total')?.amount
    assert.ok(total && total > 0)

    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-NZ' })
    try {
      const page = await context.newPage()
      const response = await page.goto(session.continue_url)
      assert.equal(response?.status(), 200)
      await page.getByRole('heading', { name: 'Check and confirm your booking' }).waitFor()
      const url = new URL(page.url())
      assert.equal(url.searchParams.get('quote_id'), session.id, 'the quote handed over')
      assert.equal(url.searchParams.get('vehicle_id'), '2')
      const shownTotal = await page.locator('table.price tr.total td.amount').first().innerText()
      assert.equal(shownTotal.trim(), nzd(total))
      // The quote's price is honoured, not priced afresh: the page says nothing changed.
      assert.doesNotMatch(await page.locator('main').innerText(), /price has changed|expired/i)
      await page.getByRole('button', { name: 'Confirm booking' }).waitFor()
    } finally {
      await context.close()
    }
  })
})
