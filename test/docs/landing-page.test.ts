import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { buildTestApp, DEMO_FLEET_FILE, SITE_URL } from '../helpers/test-app.ts'
import { cents, hrefs, requestUrls, responseJson } from './page-parts.ts'

type TestApp = Awaited<ReturnType<typeof buildTestApp>>

type QuoteShown = {
  quoteId: string
  totalAmount: number
  priceBreakdown: {
    rentalFee: number
    routeFee: number
    accessoriesFee: number
    insuranceFee: number
    accessories: { id: number; cost: number; quantity: number }[]
    insurance: { id: number; cost: number } | null
    surchargesFee: number
    discount: number
  }
  checkoutUrl: string
}

const API_URL = `${SITE_URL}/api/agent`

describe('GET /docs, the landing page', () => {
  let testApp: TestApp
  let page: string
  before(async () => {
    testApp = await buildTestApp({ fleetFile: DEMO_FLEET_FILE })
    const response = await testApp.app.inject('/docs')
    assert.equal(response.statusCode, 200)
    assert.match(String(response.headers['content-type']), /^text\/html; charset=utf-8/)
    page = response.body
  })
  after(async () => {
    await testApp.close()
  })

  test('is an HTML document with a title, a viewport for phones and semantic headings', () => {
    assert.match(page, /^<!doctype html>\n<html lang="en">/)
    assert.match(page, /<meta name="viewport" content="width=device-width, initial-scale=1">/)
    assert.match(page, /<title>Kiwi Roads Rentals Agent API<\/title>/)
    assert.equal(page.match(/<h1[ >]/g)?.length, 1)
    for (const id of ['call-order', 'example', 'rules', 'errors', 'rate-limits', 'terms']) {
      assert.match(page, new RegExp(`<section id="${id}" aria-labelledby="${id}-heading">\\s*<h2`))
    }
  })

  test('says how to connect over MCP, with the HTTP endpoint of this site', () => {
    assert.match(page, /<section id="mcp" aria-labelledby="mcp-heading">/)
    assert.match(page, /<a href="#mcp">Connect over MCP<\/a>/)
    assert.ok(page.includes(`&quot;url&quot;: &quot;${SITE_URL}/mcp&quot;`), 'the HTTP snippet')
    assert.match(page, /&quot;run&quot;,\s*&quot;mcp&quot;/)
  })

  test('links to every discovery document', () => {
    const links = hrefs(page)
    for (const path of [
      '/docs/api',
      '/openapi.yaml',
      '/openapi.json',
      '/.well-known/ai-plugin.json',
      '/llms.txt',
      '/.well-known/mcp/server.json',
      '/mcp/server-card',
      '/.well-known/ai-catalog.json',
      '/.well-known/ucp',
    ]) {
      assert.ok(links.includes(path), `no link to ${path}`)
    }
    // Each says which platforms read it.
    assert.match(page, /UCP business profile<\/a><span>[^<]*Read by Google/)
    assert.match(page, /Plugin manifest \(legacy\)<\/a><span>[^<]*retired in 2024/)
  })

  test('has the UCP checkout at #ucp, the spec its business profile names for the rental extension', () => {
    assert.match(page, /<section id="ucp" aria-labelledby="ucp-heading">/)
    assert.match(page, /<a href="#ucp">Check out over UCP<\/a>/)
    assert.ok(page.includes(`${SITE_URL}/ucp/checkout-sessions`))
  })

  test('every document it links to is served', async () => {
    const local = hrefs(page).filter((link) => link.startsWith('/'))
    for (const link of new Set(local)) {
      const response = await testApp.app.inject(link)
      assert.equal(response.statusCode, 200, `${link} answered ${response.statusCode}`)
    }
  })

  test("has the terms of use at #terms, and links the company's own terms", () => {
    assert.match(page, /<section id="terms"[^>]*>\s*<h2 id="terms-heading">Terms of use<\/h2>/)
    assert.ok(page.includes('<a href="https://www.kiwiroads.example.com/terms">'))
  })

  test('names the company and its contacts in the masthead and the footer', () => {
    assert.match(page, /<header class="masthead">[\s\S]*<p>Kiwi Roads Rentals<\/p>/)
    assert.ok(page.includes('<a href="mailto:bookings@kiwiroads.example.com">'))
    assert.ok(page.includes('+64 9 555 0100'))
    assert.ok(page.includes('<img src="/images/kiwi-roads-logo.svg"'))
  })

  test('loads no script, style sheet, font or image from another origin', async () => {
    assert.doesNotMatch(page, /<script/i)
    assert.doesNotMatch(page, /@import|url\(/i)
    const sources = [...page.matchAll(/\ssrc="([^"]*)"/g)].map((match) => match[1] ?? '')
    const linked = [...page.matchAll(/<link\b[^>]*\shref="([^"]*)"/g)].map(
      (match) => match[1] ?? '',
    )
    assert.ok(sources.length > 0)
    for (const url of [...sources, ...linked]) {
      assert.match(url, /^\/[^/]/, `${url} is not on this site`)
    }
    const csp = String((await testApp.app.inject('/docs')).headers['content-security-policy'])
    assert.match(csp, /default-src 'none'/)
    assert.doesNotMatch(csp, /script-src/)
  })

  test('renders the rules of api-rules.ts, not a copy of them', () => {
    assert.match(page, /<h3 id="rules-dates-and-rental-days">Dates and rental days<\/h3>/)
    assert.match(page, /<code>rentalFee = rentalDailyRate x rentalDays<\/code>/)
    assert.match(page, /The longest rental is 90 days\./)
    assert.match(page, /<li><code>GET \/depots<\/code>: pick a pickup and a drop-off depot\.<\/li>/)
  })

  test('lists the error codes and the rate-limit headers', () => {
    for (const code of ['unknown_depot', 'vehicle_sold_out', 'service_unavailable']) {
      assert.match(page, new RegExp(`<code>${code}</code>`))
    }
    for (const header of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
      assert.match(page, new RegExp(`<code>${header}</code>`))
    }
    assert.match(page, /100 requests per 60 seconds per client address/)
  })

  describe('the worked example', () => {
    test('follows the call order with real URLs under the API base URL', () => {
      const urls = requestUrls(page)
      assert.deepEqual(
        urls.map((url) => new URL(url).pathname.replace(/\/\d+\//, '/{vehicleId}/')),
        [
          '/api/agent/depots',
          '/api/agent/vehicles/availability',
          '/api/agent/vehicles/{vehicleId}/accessories',
          '/api/agent/vehicles/{vehicleId}/insurance-types',
          '/api/agent/quotes',
          '/api/agent/vehicles/availability',
        ],
      )
      for (const url of urls) assert.ok(url.startsWith(`${API_URL}/`), url)
    })

    test('rents a few weeks ahead of today in the company zone, Monday to Monday', () => {
      // The test clock is 2027-01-10 in Auckland: three weeks on, the next Monday is 1 February.
      const availability = new URL(requestUrls(page)[1] ?? '')
      assert.equal(availability.searchParams.get('pick_up_date'), '2027-02-01')
      assert.equal(availability.searchParams.get('drop_off_date'), '2027-02-08')
    })

    test('prices a quote with one accessory and an insurance plan', () => {
      const quoteUrl = new URL(requestUrls(page)[4] ?? '')
      assert.match(quoteUrl.searchParams.get('accessory_ids') ?? '', /^\d+$/)
      assert.match(quoteUrl.searchParams.get('insurance_id') ?? '', /^\d+$/)
      const quote = responseJson<QuoteShown>(page, 'example-5-response')
      assert.equal(quote.priceBreakdown.accessories.length, 1)
      assert.notEqual(quote.priceBreakdown.insurance, null)
      assert.match(quote.checkoutUrl, new RegExp(`^${SITE_URL}/book\\?`))
    })

    test('shows a quote whose total is the sum of its fees, to the cent', () => {
      const quote = responseJson<QuoteShown>(page, 'example-5-response')
      const fees = quote.priceBreakdown
      assert.ok(cents(fees.routeFee) > 0, 'the example prefers a one-way trip with a route fee')
      assert.equal(
        cents(quote.totalAmount),
        cents(fees.rentalFee) +
          cents(fees.routeFee) +
          cents(fees.accessoriesFee) +
          cents(fees.insuranceFee) +
          cents(fees.surchargesFee) -
          cents(fees.discount),
      )
    })

    test('each of its requests really answers 200, and the quote the same amounts', async () => {
      const [depots, availability, accessories, plans, quote] = requestUrls(page)
      for (const url of [depots, availability, accessories, plans, quote]) {
        const response = await testApp.app.inject(url?.slice(SITE_URL.length) ?? '')
        assert.equal(response.statusCode, 200, `${url} answered ${response.statusCode}`)
      }
      const shown = responseJson<QuoteShown>(page, 'example-5-response')
      const fresh = JSON.parse(
        (await testApp.app.inject(quote?.slice(SITE_URL.length) ?? '')).body,
      ) as QuoteShown
      assert.notEqual(fresh.quoteId, shown.quoteId)
      assert.deepEqual(fresh.priceBreakdown, shown.priceBreakdown)
      assert.equal(fresh.totalAmount, shown.totalAmount)
    })

    test('shows the error body a refused request really answers', async () => {
      const refused = requestUrls(page)[5] ?? ''
      const response = await testApp.app.inject(refused.slice(SITE_URL.length))
      assert.equal(response.statusCode, 400)
      assert.deepEqual(responseJson(page, 'example-error-response'), JSON.parse(response.body))
    })

    test('is built once and kept, so reading the page does not price a quote each time', async () => {
      const again = await testApp.app.inject('/docs')
      assert.equal(again.body, page)
    })
  })
})

describe('GET /docs when the store cannot be reached', () => {
  test('still answers, without the worked example', async () => {
    const testApp = await buildTestApp({ fleetFile: DEMO_FLEET_FILE })
    try {
      await testApp.store.close()
      const response = await testApp.app.inject('/docs')
      assert.equal(response.statusCode, 200)
      assert.match(response.body, /<section id="example"/)
      assert.equal(requestUrls(response.body).length, 0)
      assert.match(response.body, /<section id="terms"/)
    } finally {
      await testApp.close()
    }
  })
})
