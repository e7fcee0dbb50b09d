import assert from 'node:assert/strict'
import type { LightMyRequestResponse } from 'fastify'
import type { CalendarDate } from '../../src/domain/calendar-date.ts'
import { unescapeHtml } from '../docs/page-parts.ts'
import { buildTestApp, type TestAppOptions } from './test-app.ts'

/*
 * Driving the website's /book in-process as a browser would: reading its pages back (fields,
 * messages, the checkout form's hidden fields), keeping the form-token cookie, posting forms.
 */

export type Response = LightMyRequestResponse
export type BookingSite = Awaited<ReturnType<typeof startBookingSite>>

/** A return rental at Alpha, Wed 13 to Mon 18 Jan 2027 (5 days), when both vehicles are free. */
export const SEARCH = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-01-13',
  drop_off_date: '2027-01-18',
}

export const PERSON = {
  full_name: 'Aroha Ngata',
  email: 'aroha@example.com',
  phone: '+64 21 555 0101',
  // 40 on the rules fleet's dates: no young-driver fee, so the quote is honoured as it is.
  date_of_birth: '1986-05-14',
}

/** `/book?...`, or any path, with its parameters percent-encoded (commas kept, as the site writes them). */
export function bookUrl(parameters: Record<string, string>, path = '/book'): string {
  const query = new URLSearchParams(parameters).toString().replaceAll('%2C', ',')
  return query === '' ? path : `${path}?${query}`
}

/**
 * The service over the rules fleet with the fixed clock, which the tests may move. The booking
 * limit is raised unless a test sets it, so that only the limit's own test meets it.
 */
export async function startBookingSite(options: TestAppOptions = {}) {
  const testApp = await buildTestApp({
    ...options,
    env: { BOOKING_RATE_LIMIT_MAX: '1000', RATE_LIMIT_MAX: '1000000', ...options.env },
  })
  const clock = { now: testApp.ctx.now() }
  const getFollowing = (url: string) => injectFollowing(testApp.app, url)
  testApp.ctx.now = () => clock.now
  return {
    ...testApp,
    /** Moves the service's clock: a quote expires, a date passes. */
    setNow(now: Date) {
      clock.now = now
    },
    get: (url: string) => testApp.app.inject({ method: 'GET', url }),
    /**
     * Opens a page as a browser does, following the site's own redirect: a checkout link without
     * a quote is sent on to the same link with one.
     */
    getFollowing,
    /** Opens a checkout link and keeps what its booking form needs. */
    async openCheckout(parameters: Record<string, string>): Promise<Checkout> {
      const response = await getFollowing(bookUrl(parameters))
      assert.equal(response.statusCode, 200, `checkout answered ${response.statusCode}`)
      return { page: response.body, fields: bookingForm(response.body), cookie: cookieOf(response) }
    },
    /** Posts the booking form as a browser does: form-encoded, with the token's cookie. */
    post(fields: Record<string, string>, cookie?: string) {
      return testApp.app.inject({
        method: 'POST',
        url: '/book',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(cookie ? { cookie } : {}),
        },
        payload: new URLSearchParams(fields).toString(),
      })
    },
    /** Most units of the vehicle booked at the depot on any day of the range. */
    async unitsBooked(
      vehicleId: number,
      depotId = 1,
      from = SEARCH.pick_up_date,
      to = SEARCH.drop_off_date,
    ) {
      const booked = await testApp.store.bookedUnits({
        depotId,
        vehicleIds: [vehicleId],
        from: from as CalendarDate,
        to: to as CalendarDate,
      })
      return booked.get(vehicleId) ?? 0
    },
  }
}

export type Checkout = { page: string; fields: Record<string, string>; cookie: string }

/**
 * GET as a browser does, on an app of the tests: the site's own redirect followed (a checkout
 * link without a quote is sent on to the same link with the quote it made).
 */
export async function injectFollowing(
  app: { inject(options: { method: 'GET'; url: string }): Promise<Response> },
  url: string,
): Promise<Response> {
  let response = await app.inject({ method: 'GET', url })
  // A link with a promotion code that cannot be used is sent on without it, then to its quote.
  for (let hop = 0; hop < 3; hop++) {
    const location = response.headers.location
    if (response.statusCode !== 303 || typeof location !== 'string') return response
    response = await app.inject({ method: 'GET', url: location })
  }
  return response
}

/**
 * What the page's booking form (POST /book) sends as it stands, by name: its hidden fields and
 * its selects' chosen options (the hand-over times), as a browser would send them.
 */
export function bookingForm(page: string): Record<string, string> {
  const form = /<form method="post" action="\/book"[^>]*>([\s\S]*?)<\/form>/.exec(page)
  assert.ok(form, 'the page has no booking form')
  const fields: Record<string, string> = {}
  for (const match of (form[1] ?? '').matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)">/g,
  )) {
    fields[unescapeHtml(match[1] ?? '')] = unescapeHtml(match[2] ?? '')
  }
  for (const match of (form[1] ?? '').matchAll(
    /<select id="[^"]*" name="([^"]*)"[\s\S]*?<\/select>/g,
  )) {
    const selected = /<option value="([^"]*)" selected>/.exec(match[0])
    if (selected) fields[unescapeHtml(match[1] ?? '')] = unescapeHtml(selected[1] ?? '')
  }
  return fields
}

/** The `name=value` of the form-token cookie the response sets. */
export function cookieOf(response: Response): string {
  const header = response.headers['set-cookie']
  const cookies = Array.isArray(header) ? header : header ? [header] : []
  const cookie = cookies.find((text) => text.startsWith('_csrf='))
  assert.ok(cookie, `no form-token cookie in ${JSON.stringify(header)}`)
  return cookie.split(';')[0] ?? ''
}

/** The message shown next to the field with this id, unescaped; undefined when there is none. */
export function errorNextTo(page: string, id: string): string | undefined {
  const match = new RegExp(
    `<span class="field-error" id="${id}-error"><span class="visually-hidden">Error: </span>([^<]*)</span>`,
  ).exec(page)
  return match ? unescapeHtml(match[1] ?? '') : undefined
}

/** The value an input with this id is filled with, unescaped. */
export function inputValue(page: string, id: string): string | undefined {
  const input = new RegExp(`<input [^>]*id="${id}"[^>]*>`).exec(page)?.[0]
  const value = input && /value="([^"]*)"/.exec(input)
  return value ? unescapeHtml(value[1] ?? '') : undefined
}

/** The value of the option selected in the select with this id. */
export function selectedValue(page: string, id: string): string | undefined {
  const select = new RegExp(`<select id="${id}"[\\s\\S]*?</select>`).exec(page)?.[0]
  const option = select && /<option value="([^"]*)" selected>/.exec(select)
  return option ? unescapeHtml(option[1] ?? '') : undefined
}

/** The page's text with tags removed and entities read, for looking for what a person reads. */
export function textOf(page: string): string {
  return unescapeHtml(
    page
      .replace(/<style>[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  )
}

/** A booking page: HTML under the strict policy, never cached. */
export function assertPage(response: Response, status: number): string {
  assert.equal(
    response.statusCode,
    status,
    `expected ${status}, got ${response.statusCode}: ${textOf(response.body).slice(0, 600)}`,
  )
  assert.match(String(response.headers['content-type']), /^text\/html; charset=utf-8/)
  const policy = String(response.headers['content-security-policy'])
  assert.match(policy, /default-src 'none'/)
  assert.match(policy, /form-action 'self'/)
  assert.doesNotMatch(policy, /script-src/)
  assert.equal(response.headers['cache-control'], 'no-store')
  assert.doesNotMatch(response.body, /<script/i)
  return response.body
}

/**
 * The API's message as a page shows it to a person: without the clause that names the endpoint
 * listing the valid values (`; GET /depots lists the valid ids`), which is for agents.
 */
export function asPageMessage(apiMessage: string): string {
  return apiMessage.replace(/; GET \/[^;]*$/, '')
}
