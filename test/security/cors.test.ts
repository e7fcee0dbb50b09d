import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bookingForm, bookUrl, PERSON, SEARCH, startBookingSite } from '../helpers/booking-pages.ts'

/*
 * CORS: an agent's script on any site may read the read-only API and the discovery documents
 * (preflight included); nothing lets another site's script read the website's pages or get a
 * booking POST through a preflight.
 */

const AGENT_SITE = 'https://agent.example'

describe('CORS', () => {
  let site: Awaited<ReturnType<typeof startBookingSite>>
  const request = (method: 'GET' | 'OPTIONS' | 'POST', url: string, headers = {}) =>
    site.app.inject({ method, url, headers: { origin: AGENT_SITE, ...headers } })
  before(async () => {
    site = await startBookingSite()
  })
  after(async () => {
    await site.close()
  })

  const openPaths = [
    '/api/agent/depots',
    bookUrl(SEARCH, '/api/agent/vehicles/availability'),
    '/api/agent/vehicles/1/accessories',
    '/openapi.json',
    '/openapi.yaml',
    '/.well-known/ai-plugin.json',
    '/llms.txt',
  ]
  for (const url of openPaths) {
    test(`GET ${url} from another site: readable (Access-Control-Allow-Origin: *)`, async () => {
      const response = await request('GET', url)
      assert.equal(response.statusCode, 200)
      assert.equal(response.headers['access-control-allow-origin'], '*')
      assert.equal(response.headers['access-control-allow-credentials'], undefined)
    })
  }

  test('an API error is readable too, with its rate-limit headers exposed to the script', async () => {
    const response = await request('GET', '/api/agent/quotes?pick_up_depot_id=07')
    assert.equal(response.statusCode, 400)
    assert.equal(response.headers['access-control-allow-origin'], '*')
    const exposed = String(response.headers['access-control-expose-headers'])
    for (const header of ['X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After']) {
      assert.ok(exposed.includes(header), `${header} in ${exposed}`)
    }
  })

  test('a preflight for an API GET is allowed for GET and HEAD only, and kept a day', async () => {
    const response = await request('OPTIONS', '/api/agent/quotes', {
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'accept',
    })
    assert.equal(response.statusCode, 204)
    assert.equal(response.headers['access-control-allow-origin'], '*')
    assert.equal(response.headers['access-control-allow-methods'], 'GET, HEAD')
    assert.equal(response.headers['access-control-max-age'], '86400')
  })

  test('the booking pages are not readable from another site', async () => {
    const response = await request('GET', bookUrl(SEARCH))
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['access-control-allow-origin'], undefined)
  })

  test('a preflight for POST /book gets no CORS headers: a page 404', async () => {
    const response = await request('OPTIONS', '/book', {
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    })
    assert.equal(response.headers['access-control-allow-origin'], undefined)
    assert.equal(response.headers['access-control-allow-methods'], undefined)
    assert.equal(response.statusCode, 404)
    assert.match(String(response.headers['content-type']), /^text\/html/)
  })

  test('a booking POST sent from another site carries no Access-Control-Allow-Origin', async () => {
    const checkout = await site.openCheckout({ ...SEARCH, vehicle_id: '1' })
    const response = await site.app.inject({
      method: 'POST',
      url: '/book',
      headers: {
        origin: AGENT_SITE,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: checkout.cookie,
      },
      payload: new URLSearchParams({ ...bookingForm(checkout.page), ...PERSON }).toString(),
    })
    assert.equal(response.headers['access-control-allow-origin'], undefined)
  })
})
