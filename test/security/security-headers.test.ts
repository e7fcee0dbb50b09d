import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { LightMyRequestResponse } from 'fastify'
import { bookUrl, SEARCH } from '../helpers/booking-pages.ts'
import { buildTestApp, SITE_URL } from '../helpers/test-app.ts'

/*
 * Helmet's headers on every area of the site, and one Content-Security-Policy per area: the API
 * and documents (nothing may load), the booking pages and the landing page (no script), and the
 * reference (scripts from this site only). The browser tests check that each page works under
 * its policy with no violation reported (test/browser/).
 */

type Response = LightMyRequestResponse

const API_POLICY = "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'"

function policyOf(response: Response): Map<string, string> {
  const text = String(response.headers['content-security-policy'] ?? '')
  return new Map(
    text
      .split(';')
      .map((directive) => directive.trim())
      .filter((directive) => directive !== '')
      .map((directive) => {
        const [name = '', ...values] = directive.split(/\s+/)
        return [name, values.join(' ')]
      }),
  )
}

describe('security headers', () => {
  let testApp: Awaited<ReturnType<typeof buildTestApp>>
  const get = (url: string) => testApp.app.inject({ method: 'GET', url })
  before(async () => {
    testApp = await buildTestApp()
  })
  after(async () => {
    await testApp.close()
  })

  const everyArea = [
    '/api/agent/depots',
    '/api/agent/nothing-here',
    '/openapi.json',
    '/llms.txt',
    '/docs',
    '/docs/api',
    bookUrl(SEARCH),
    '/book/nothing-here',
    '/health',
    '/no-such-page',
  ]
  for (const url of everyArea) {
    test(`${url}: no sniffing, no framing, a policy that forbids framing, no plain-http downgrade`, async () => {
      const response = await get(url)
      assert.equal(response.headers['x-content-type-options'], 'nosniff')
      assert.equal(response.headers['x-frame-options'], 'DENY')
      assert.equal(policyOf(response).get('frame-ancestors'), "'none'")
      assert.ok(response.headers['referrer-policy'], 'a referrer policy')
      assert.equal(response.headers['cross-origin-opener-policy'], 'same-origin')
      // The site in these tests is https: browsers are told to keep to it.
      assert.match(String(response.headers['strict-transport-security']), /^max-age=\d+$/)
      assert.equal(response.headers['x-powered-by'], undefined)
    })
  }

  test('the API, the documents and errors: a policy under which nothing loads or runs', async () => {
    for (const url of ['/api/agent/depots', '/openapi.json', '/llms.txt', '/no-such-page']) {
      assert.equal((await get(url)).headers['content-security-policy'], API_POLICY, url)
    }
  })

  test('vehicle images and the API may be shown or read by other sites (an agent chat window)', async () => {
    assert.equal(
      (await get('/api/agent/depots')).headers['cross-origin-resource-policy'],
      'cross-origin',
    )
    const image = await get('/images/vehicles/economy.svg')
    assert.equal(image.statusCode, 200)
    assert.equal(image.headers['cross-origin-resource-policy'], 'cross-origin')
  })

  test('booking pages: no script at all, images from the site and the fleet image hosts, forms to the site', async () => {
    const policy = policyOf(await get(bookUrl(SEARCH)))
    assert.equal(policy.get('default-src'), "'none'")
    assert.equal(policy.has('script-src'), false)
    assert.equal(policy.get('form-action'), "'self'")
    assert.match(policy.get('img-src') ?? '', /^'self'( https:\/\/\S+)*$/)
  })

  test('the landing page: no script, no form, nothing from another origin', async () => {
    const policy = policyOf(await get('/docs'))
    assert.equal(policy.get('default-src'), "'none'")
    assert.equal(policy.has('script-src'), false)
    assert.equal(policy.get('form-action'), "'none'")
  })

  test('the reference (Swagger UI): scripts and styles from the site only, calls to the API only', async () => {
    for (const url of ['/docs/api', '/docs/api/static/swagger-ui-bundle.js']) {
      const policy = policyOf(await get(url))
      assert.equal(policy.get('script-src'), "'self'", url)
      assert.match(policy.get('style-src') ?? '', /^'self'( 'sha256-[\w+/=]+')*$/, url)
      assert.equal(policy.get('connect-src'), `'self' ${SITE_URL}`, url)
      assert.equal(policy.get('object-src'), "'none'", url)
      assert.equal(policy.has('upgrade-insecure-requests'), false, url)
    }
  })

  test('over plain http, no Strict-Transport-Security is sent', async () => {
    const local = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } })
    try {
      const response = await local.app.inject('/api/agent/depots')
      assert.equal(response.headers['strict-transport-security'], undefined)
    } finally {
      await local.close()
    }
  })
})
