import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Quote } from '../../src/domain/quote.ts'
import { expiredQuotesCutoff } from '../../src/store/quote-sweep.ts'

const quote = (createdAt: string) => ({ createdAt }) as Quote

describe('sweeping expired quotes', () => {
  const cases: [string, number, number, string | undefined][] = [
    ['a group below the 500th save', 0, 499, undefined],
    ['the group holding the 500th save', 0, 500, '2027-01-09T12:00:00.000Z'],
    ['a group across the 1,000th save', 998, 5, '2027-01-09T12:00:00.000Z'],
    ['a group just after a sweep', 500, 10, undefined],
    ['no quotes at all', 500, 0, undefined],
  ]
  for (const [name, savedBefore, count, cutoff] of cases) {
    test(`${name}: ${cutoff ?? 'no sweep'}`, () => {
      const quotes = Array.from({ length: count }, () => quote('2027-01-10T12:00:00.000Z'))
      assert.equal(expiredQuotesCutoff(savedBefore, quotes), cutoff)
    })
  }
})
