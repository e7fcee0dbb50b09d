import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { InjectOptions } from 'fastify'
import { API, assertError, assertRateLimitHeaders, startApi, type TestApi } from './api-client.ts'

describe('paths that are not endpoints', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
  })
  after(async () => {
    await api.close()
  })

  const unknown: InjectOptions[] = [
    { method: 'GET', url: `${API}/cars` },
    { method: 'GET', url: `${API}/cars?pick_up_depot_id=1` },
    { method: 'POST', url: `${API}/cars` },
    { method: 'GET', url: `${API}/vehicles/1` },
    { method: 'GET', url: API },
  ]
  for (const options of unknown) {
    test(`${options.method} ${options.url} is a 404 JSON not_found with the rate-limit headers`, async () => {
      const response = await api.request(options)
      const body = assertError(response, { status: 404, code: 'not_found' })
      assert.ok(body.error.includes(String(options.url).split('?')[0] as string), body.error)
      assertRateLimitHeaders(response)
    })
  }

  const otherMethods: InjectOptions[] = [
    { method: 'POST', url: `${API}/depots` },
    // A body the API would not read is not read: the method is refused first.
    {
      method: 'POST',
      url: `${API}/quotes`,
      payload: '{"vehicle_id": ',
      headers: { 'content-type': 'application/json' },
    },
    { method: 'DELETE', url: `${API}/quotes?quote_id=q_1` },
    { method: 'PUT', url: `${API}/vehicles/1/accessories` },
    { method: 'PATCH', url: `${API}/vehicles/availability/flexible` },
    // Methods Fastify routes and methods it does not: the path is right either way.
    { method: 'TRACE', url: `${API}/depots` },
    { method: 'SEARCH' as never, url: `${API}/vehicles/2/accessories` },
    { method: 'PROPFIND' as never, url: `${API}/quotes` },
  ]
  for (const options of otherMethods) {
    test(`${options.method} ${options.url} is a 405 with Allow: GET, HEAD and the rate-limit headers`, async () => {
      const response = await api.request(options)
      const body = assertError(response, { status: 405, code: 'method_not_allowed' })
      assert.equal(response.headers.allow, 'GET, HEAD')
      assert.match(
        body.error,
        new RegExp(`^${options.method} is not allowed on .*; this API is read-only: send GET$`),
      )
      assertRateLimitHeaders(response)
    })
  }

  test('a method the API does not take on a path that is no endpoint is still a 404', async () => {
    for (const method of ['TRACE', 'SEARCH', 'POST'] as never[]) {
      assertError(await api.request({ method, url: `${API}/vehicles/2/nope` }), {
        status: 404,
        code: 'not_found',
      })
    }
    // An endpoint's path with a slash after it is no endpoint, whatever the method.
    for (const method of ['GET', 'HEAD', 'SEARCH'] as never[]) {
      for (const path of ['/quotes/', '/depots/', '/vehicles/1/accessories/']) {
        const response = await api.request({ method, url: `${API}${path}` })
        assert.equal(response.statusCode, 404, `${method} ${path}`)
      }
    }
  })

  test('a page outside the API is a 404 JSON not_found', async () => {
    assertError(await api.request('/nope'), { status: 404, code: 'not_found' })
  })

  const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

  test('asked by a browser, an unknown address outside the API is a page leading to the search', async () => {
    for (const url of ['/nope', '/index.html', '/docs/']) {
      const response = await api.request({
        method: 'GET',
        url,
        headers: { accept: BROWSER_ACCEPT },
      })
      assert.equal(response.statusCode, 404, url)
      assert.match(String(response.headers['content-type']), /^text\/html/, url)
      assert.match(response.body, /There is no page at this address/, url)
      assert.match(response.body, /href="\/book"/, url)
    }
    // The API's own addresses answer JSON whoever asks.
    const api404 = await api.request({
      method: 'GET',
      url: `${API}/cars`,
      headers: { accept: BROWSER_ACCEPT },
    })
    assertError(api404, { status: 404, code: 'not_found' })
    // JSON preferred is JSON: first, or by quality.
    for (const accept of ['application/json, text/html', 'text/html;q=0.1, application/json']) {
      const json = await api.request({ method: 'GET', url: '/nope', headers: { accept } })
      assertError(json, { status: 404, code: 'not_found' })
    }
    // The machine-read addresses answer JSON whoever asks.
    for (const url of ['/images/vehicles/nope.png', '/mcp/x', '/.well-known/nope', '/ucp/x']) {
      const response = await api.request({
        method: 'GET',
        url,
        headers: { accept: BROWSER_ACCEPT },
      })
      assert.equal(response.statusCode, 404, url)
      assert.match(String(response.headers['content-type']), /json/, url)
    }
  })

  test("the site's own address leads to the search", async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await api.request({ method, url: '/' })
      assert.equal(response.statusCode, 302, method)
      assert.equal(response.headers.location, '/book', method)
    }
  })
})

describe('vehicle images', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
  })
  after(async () => {
    await api.close()
  })

  test('/images/vehicles/suv.svg is served as SVG', async () => {
    const response = await api.request('/images/vehicles/suv.svg')
    assert.equal(response.statusCode, 200)
    assert.match(String(response.headers['content-type']), /^image\/svg\+xml\b/)
    assert.match(response.body, /<svg/)
  })

  test('every image the availability names is served', async () => {
    for (const name of ['economy', 'compact', 'suv', 'electric', 'campervan', 'motorhome']) {
      const response = await api.request(`/images/vehicles/${name}.svg`)
      assert.equal(response.statusCode, 200, name)
    }
  })

  test('a missing image is a 404 JSON not_found', async () => {
    assertError(await api.request('/images/vehicles/nope.svg'), { status: 404, code: 'not_found' })
  })

  test('an encoded path traversal reaches no file outside the images', async () => {
    const response = await api.request('/images/vehicles/..%2F..%2F..%2Fpackage.json')
    assert.equal(response.statusCode, 404)
    assert.doesNotMatch(response.body, /"dependencies"/)
  })

  for (const [what, path] of [
    ['a NUL in the name', '/images/vehicles/suv.svg%00.png'],
    ['a name longer than the file system takes', `/images/${'a'.repeat(3000)}`],
  ]) {
    test(`${what} is a 404 saying it is no image of the site, not a bare Forbidden`, async () => {
      const body = assertError(await api.request(path as string), {
        status: 404,
        code: 'not_found',
      })
      assert.match(body.error, /is not an image of this site$/)
    })
  }

  test('a Range header that is not one is ignored: the whole image, 200; a real one still 206', async () => {
    const whole = await api.request('/images/vehicles/suv.svg')
    for (const range of ['bytes=abc', 'bytes=-', 'bytes=5-1', 'bytes=0-9,', 'items=0-9']) {
      const ignored = await api.request({
        method: 'GET',
        url: '/images/vehicles/suv.svg',
        headers: { range },
      })
      assert.equal(ignored.statusCode, 200, range)
      assert.equal(ignored.body, whole.body, range)
    }
    const part = await api.request({
      method: 'GET',
      url: '/images/vehicles/suv.svg',
      headers: { range: 'bytes=0-9' },
    })
    assert.equal(part.statusCode, 206)
    assert.equal(part.body, whole.body.slice(0, 10))
  })
})
