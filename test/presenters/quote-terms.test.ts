import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { QuoteTerms } from '../../src/domain/quote-terms.ts'
import { presentTerms } from '../../src/presenters/quote-terms.ts'
import { quoteExtras } from '../helpers/domain-fixtures.ts'

/*
 * The cancellation figure and its sentence agree: no "free until" a moment already past, and a
 * company that lets travellers cancel up to the pick-up says so even on the pick-up day.
 */

const terms = quoteExtras().terms as QuoteTerms
const ZONE = 'Pacific/Auckland'
// The pick-up day's start (no time chosen yet), and a quote made that morning.
const DAY_START = '2027-01-12T11:00:00.000Z'
const THAT_MORNING = '2027-01-12T18:00:00.000Z'

describe('presentTerms: the cancellation', () => {
  const rows: [string, number, string, string | null, RegExp][] = [
    [
      'a deadline already past when quoted: no figure, and the sentence says there is none',
      48,
      DAY_START,
      null,
      /^No free cancellation: it ends 48 hours before pick-up/,
    ],
    [
      'free until the pick-up itself (0 hours): the figure kept with its sentence, on the day too',
      0,
      DAY_START,
      DAY_START,
      /^Free cancellation until pick-up\.$/,
    ],
  ]
  for (const [rule, hours, freeUntil, shown, says] of rows) {
    test(rule, () => {
      const cancellation = { freeCancellationHours: hours, freeUntil }
      const presented = presentTerms({ ...terms, cancellation }, ZONE, THAT_MORNING).cancellation
      assert.equal(presented.freeUntil, shown)
      assert.match(presented.text, says)
    })
  }
})
