import assert from 'node:assert/strict'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildTestApp, type TestAppOptions } from '../helpers/test-app.ts'
import { loadContract, type ResponseContract } from './openapi-contract.ts'

/*
 * What every HTTP test shares: the app with a client whose every response is checked for the
 * things no response may ever do (a 500, a leaked driver message or stack frame) and against the
 * service's own OpenAPI document (status, content type, body schema, headers), URL building
 * that percent-encodes hostile values as an agent would send them, and the shapes of the bodies.
 */

export const API = '/api/agent'

export type Response = LightMyRequestResponse

export type ErrorBody = {
  error: string
  code: string
  parameter?: string
  /** A quote 404: the parameters to send instead, or null. */
  suggestion?: Record<string, string | number> | null
}

export type HandoverTime = { time: string; day: string }

export type DepotBody = {
  id: number
  name: string
  pickup_times: HandoverTime[]
  drop_off_times: HandoverTime[]
  opening_hours_description: string
}

export type VehicleBody = {
  vehicleId: number
  name: string
  rentalDailyRate: number
  imageUrl: string
  rentalDays?: number
  rentalFee?: number
  routeFee?: number
  totalFromAmount?: number
}

export type AccessoryBody = {
  id: number
  name: string
  price: number
  per: 'day' | 'rental'
  maxCharge: number | null
  maxQuantity: number
}

export type InsurancePlanBody = {
  id: number
  name: string
  price: number
  per: 'day' | 'rental'
  maxCharge: number | null
  excess: number
  description: string
}

export type QuoteBody = {
  quoteId: string
  expiresAt: string
  currency: string
  priceBreakdown: {
    rentalFee: number
    routeFee: number
    accessoriesFee: number
    insuranceFee: number
    accessories: { id: number; name: string; cost: number; quantity: number }[]
    insurance: { id: number; name: string; cost: number } | null
  }
  totalAmount: number
  note: string
  checkoutUrl: string
  rentalDays: number
}

export type Params = Record<string, string | readonly string[] | undefined>

/** `path?name=value&...` with each value percent-encoded (a space is `%20`); arrays repeat the name. */
export function url(path: string, params: Params = {}): string {
  const pairs: string[] = []
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue
    for (const item of typeof value === 'string' ? [value] : value) {
      pairs.push(`${name}=${encodeURIComponent(item)}`)
    }
  }
  return pairs.length === 0 ? `${API}${path}` : `${API}${path}?${pairs.join('&')}`
}

/** An amount in dollars as whole cents, so sums compare exactly. */
export function cents(dollars: number): number {
  return Math.round(dollars * 100)
}

const LEAKS: [RegExp, string][] = [
  [/SQLITE/i, 'a SQLite driver message'],
  [/\bat (?:async )?\S+ \(\S+:\d+:\d+\)/, 'a stack frame'],
  [/\bat (?:file:\/\/)?\/\S+:\d+:\d+/, 'a stack frame'],
  [/node:/, 'a Node.js internal module name'],
]

/** No response may be a 500, nor show the driver's text or a stack frame. */
export function assertNothingLeaks(response: Response): void {
  assert.notEqual(response.statusCode, 500, `unexpected 500: ${response.body}`)
  for (const [pattern, what] of LEAKS) {
    assert.doesNotMatch(response.body, pattern, `the body shows ${what}: ${response.body}`)
  }
}

export type TestApi = Awaited<ReturnType<typeof startApi>>

/**
 * The service in-process over the rules fleet and the fixed clock. The rate limit is raised so
 * that long tables of requests do not run into it, unless the test sets RATE_LIMIT_MAX itself.
 */
export async function startApi(options: TestAppOptions = {}) {
  const testApp = await buildTestApp({
    ...options,
    env: { RATE_LIMIT_MAX: '1000000', ...options.env },
  })
  // The document is fetched once per app, past the checks (it is not an API response itself).
  let contract: Promise<ResponseContract> | undefined
  async function request(target: string | InjectOptions): Promise<Response> {
    const options: InjectOptions =
      typeof target === 'string' ? { method: 'GET', url: target } : target
    const response = await testApp.app.inject(options)
    assertNothingLeaks(response)
    contract ??= loadContract((path) => testApp.app.inject({ method: 'GET', url: path }))
    const openApi = await contract
    openApi.check(sentRequest(options), response)
    return response
  }
  return {
    ...testApp,
    request,
    get: (path: string, params?: Params) => request(url(path, params)),
  }
}

/** The method and URL an inject call sends, for the OpenAPI check. */
function sentRequest(options: InjectOptions): { method: string; url: string } {
  const target = options.url ?? options.path ?? '/'
  const url = typeof target === 'string' ? target : (target.pathname ?? '/')
  return { method: String(options.method ?? 'GET'), url }
}

export function assertJson(response: Response): void {
  assert.match(String(response.headers['content-type']), /^application\/json\b/)
}

/** The body of a 200 JSON response. */
export function okBody<T>(response: Response): T {
  assert.equal(
    response.statusCode,
    200,
    `expected 200, got ${response.statusCode}: ${response.body}`,
  )
  assertJson(response)
  return response.json<T>()
}

/** A JSON error with the status and code; when a parameter is at fault, the body names it. */
export function assertError(
  response: Response,
  expected: { status: number; code: string; parameter?: string },
): ErrorBody {
  assert.equal(
    response.statusCode,
    expected.status,
    `expected ${expected.status}, got ${response.statusCode}: ${response.body}`,
  )
  assertJson(response)
  const body = response.json<ErrorBody>()
  assert.equal(typeof body.error, 'string')
  assert.ok(body.error.length > 0, 'the error message is empty')
  assert.equal(body.code, expected.code, `wrong code in ${response.body}`)
  if (expected.parameter !== undefined) {
    assert.equal(body.parameter, expected.parameter, `wrong parameter in ${response.body}`)
    assert.ok(
      body.error.includes(expected.parameter),
      `the message does not name ${expected.parameter}: ${body.error}`,
    )
  }
  return body
}

/** A 400 naming the parameter at fault. */
export function assertBadParameter(response: Response, code: string, parameter: string): ErrorBody {
  return assertError(response, { status: 400, code, parameter })
}

export function assertRateLimitHeaders(response: Response): void {
  assert.match(String(response.headers['x-ratelimit-limit']), /^\d+$/)
  assert.match(String(response.headers['x-ratelimit-remaining']), /^\d+$/)
  assert.match(
    String(response.headers['x-ratelimit-reset']),
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/,
  )
}
