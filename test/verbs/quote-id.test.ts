import assert from 'node:assert/strict'
import { test } from 'node:test'
import { newQuoteId } from '../../src/verbs/price-quote.ts'

// What checkout links accept as a quote id (src/pages/book-parameters.ts).
const CHECKOUT_QUOTE_ID = /^q_[A-Za-z0-9_-]{1,64}$/

test('quote ids: unique, 144 random bits after the time of issue, in the order issued', () => {
  const issuedAt = Date.parse('2027-01-10T00:00:00Z')
  const ids = Array.from({ length: 2000 }, (_, n) => newQuoteId(issuedAt + Math.floor(n / 10)))
  assert.equal(new Set(ids).size, ids.length)
  for (const id of ids) {
    assert.match(id, CHECKOUT_QUOTE_ID)
    assert.match(id, /^q_[0-9a-f]{12}[A-Za-z0-9_-]{24}$/)
  }
  // Later ids sort after earlier ones as text, as the database's index orders them.
  for (let n = 10; n < ids.length; n += 10) {
    assert.ok((ids[n - 1] as string).slice(0, 14) < (ids[n] as string).slice(0, 14))
  }
  // The same millisecond gives ids that differ in their random part only.
  assert.equal(ids[0]?.slice(0, 14), ids[9]?.slice(0, 14))
  assert.notEqual(ids[0], ids[9])
})
