import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { MAX_QUERY_LENGTH } from '../../src/http/query-limit.ts'
import { assertPage, bookUrl, SEARCH, textOf } from '../helpers/booking-pages.ts'
import {
  API,
  assertBadParameter,
  assertRateLimitHeaders,
  startApi,
  type TestApi,
} from './api-client.ts'

/*
 * A query string longer than any useful request is refused with a 400 naming `query` before any
 * parameter is read; the longest useful request still passes.
 */

const QUOTE = { ...SEARCH, vehicle_id: '1' }

describe('the query-string length limit', () => {
  let api: TestApi
  before(async () => {
    api = await startApi()
  })
  after(async () => {
    await api.close()
  })

  const tooLong = (path: string) => {
    const base = `${path}?pick_up_depot_id=1&junk=`
    return base + 'x'.repeat(MAX_QUERY_LENGTH + 1 - (base.length - path.length - 1))
  }

  for (const path of [
    '/vehicles/availability',
    '/vehicles/1/accessories',
    '/vehicles/1/insurance-types',
    '/quotes',
  ]) {
    test(`${path}: one character over the limit is a 400 naming query, counted by the rate limit`, async () => {
      const response = await api.request(tooLong(`${API}${path}`))
      const body = assertBadParameter(response, 'invalid_parameter', 'query')
      assert.match(
        body.error,
        new RegExp(`is ${MAX_QUERY_LENGTH + 1} characters long; send at most ${MAX_QUERY_LENGTH}`),
      )
      assertRateLimitHeaders(response)
    })
  }

  test('/depots reads no parameter: it ignores a long query, as the spec gives it no 400', async () => {
    assert.equal((await api.request(tooLong(`${API}/depots`))).statusCode, 200)
  })

  test('a query of exactly the limit is read as usual (here: a quote with junk parameters ignored)', async () => {
    const base = bookUrl(QUOTE, `${API}/quotes`)
    const padding = `&junk=${'x'.repeat(MAX_QUERY_LENGTH - (base.length - base.indexOf('?') - 1) - 6)}`
    const url = base + padding
    assert.equal(url.length - url.indexOf('?') - 1, MAX_QUERY_LENGTH)
    assert.equal((await api.request(url)).statusCode, 200)
  })

  test('the longest useful request, 50 accessory ids of 10 digits with encoded commas, is under the limit', () => {
    const ids = Array.from({ length: 50 }, () => '9999999999').join('%2C')
    const url = `${bookUrl({ ...QUOTE, insurance_id: '9999999999' }, `${API}/quotes`)}&accessory_ids=${ids}`
    assert.ok(url.length - url.indexOf('?') - 1 < MAX_QUERY_LENGTH, `${url.length}`)
  })

  test('the website: a link over the limit is a 400 page', async () => {
    const response = await api.app.inject(tooLong('/book'))
    const page = assertPage(response, 400)
    assert.match(textOf(page), /The query string is \d+ characters long/)
  })
})
