import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { type DepotBody, okBody, startApi, type TestApi } from '../http/api-client.ts'

/*
 * /docs/api in Debian's chromium, driven by playwright-core: a person opens the reference, tries
 * GET /depots from the page and sees the answer. The service listens on a real port, and its
 * PUBLIC_URL is that address, since Swagger UI sends "Try it out" calls to the document's server.
 */

const CHROMIUM = '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const SCREENSHOT = resolve(import.meta.dirname, '../../test-output/docs-api.png')
const skip = existsSync(CHROMIUM)
  ? false
  : `chromium is not installed at ${CHROMIUM} (apt-get install chromium; .ci/run installs it)`

/** A port nothing listens on right now: the OS picks one, and it is given back at once. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  await new Promise<void>((done) => server.close(() => done()))
  assert.ok(address !== null && typeof address === 'object')
  return address.port
}

describe('the interactive reference at /docs/api in a browser', () => {
  let api: TestApi | undefined
  let browser: Browser | undefined
  let page: Page
  let origin = ''
  const requested: string[] = []
  /** Content-Security-Policy violations the browser reported, with the page's address. */
  const violations: string[] = []

  before(async () => {
    if (skip) return
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    api = await startApi({ env: { PUBLIC_URL: origin } })
    await api.app.listen({ port, host: '127.0.0.1' })
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    page = await browser.newPage({ viewport: { width: 1280, height: 1400 } })
    page.on('request', (request) => requested.push(request.url()))
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) {
        violations.push(`${page.url()}: ${message.text()}`)
      }
    })
  })
  after(async () => {
    await browser?.close()
    await api?.close()
  })

  test('runs GET /depots from the page and shows its 200 response', {
    skip,
    timeout: 60_000,
  }, async () => {
    assert.ok(api)
    const depots = okBody<DepotBody[]>(await api.get('/depots'))
    assert.ok(depots.length > 0, 'the fleet has no depot to show')

    const opened = await page.goto(`${origin}/docs/api`)
    assert.equal(opened?.status(), 200)
    const operation = page.locator('.opblock', {
      has: page.locator('.opblock-summary-path[data-path="/depots"]'),
    })
    await operation.locator('.opblock-summary').first().click()
    const tryItOut = operation.getByRole('button', { name: 'Try it out' })
    // With tryItOutEnabled the form is open already; otherwise the button opens it.
    if ((await tryItOut.count()) > 0) await tryItOut.click()

    const [call] = await Promise.all([
      page.waitForResponse((response) => response.url().startsWith(`${origin}/api/agent/depots`)),
      operation.getByRole('button', { name: 'Execute' }).click(),
    ])
    assert.equal(call.url(), `${origin}/api/agent/depots`)
    assert.equal(call.status(), 200)

    const live = operation.locator('.live-responses-table')
    const status = live.locator('tbody .response-col_status').first()
    await status.waitFor()
    assert.equal((await status.innerText()).trim(), '200')
    const shown = live.locator('.response-col_description pre').first()
    await shown.waitFor()
    const text = await shown.innerText()
    const firstDepot = depots[0] as DepotBody
    assert.ok(text.includes(firstDepot.name), `the page shows no ${firstDepot.name}:\n${text}`)
    assert.deepEqual(JSON.parse(text), depots)

    // The operation's heading at the top of the picture, its live response below it.
    await operation.evaluate((element) => element.scrollIntoView({ block: 'start' }))
    await mkdir(resolve(SCREENSHOT, '..'), { recursive: true })
    await page.screenshot({ path: SCREENSHOT })
  })

  test('the reference and the landing page work under their policies: no violation reported', {
    skip,
    timeout: 30_000,
  }, async () => {
    const landing = await page.goto(`${origin}/docs`)
    assert.equal(landing?.status(), 200)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    assert.deepEqual(violations, [])
  })

  test('loads nothing from another origin', { skip }, () => {
    assert.ok(requested.length > 0, 'the page made no request')
    const elsewhere = requested.filter((url) => !url.startsWith(`${origin}/`))
    assert.deepEqual(elsewhere, [], `requests to other origins: ${elsewhere.join(', ')}`)
  })
})
