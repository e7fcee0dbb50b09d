import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { dollarsToCents } from '../../src/fleet/check-fleet.ts'

describe('dollarsToCents turns a dollar amount into whole cents, or refuses a fraction of a cent', () => {
  const rows = [
    { dollars: 19.99, cents: 1999, why: '19.99 x 100 is 1998.9999999999998 in floating point' },
    { dollars: 0.1 + 0.2, cents: 30, why: 'the float noise of 0.1 + 0.2 is tolerated' },
    { dollars: 1.1 * 3, cents: 330, why: 'the float noise of 1.1 x 3 is tolerated' },
    { dollars: 0.07, cents: 7, why: '0.07 x 100 is 7.000000000000001 in floating point' },
    { dollars: 9.95, cents: 995, why: 'odd cents' },
    { dollars: 75.5, cents: 7550, why: 'one decimal' },
    { dollars: 0, cents: 0, why: 'zero' },
    { dollars: 3000, cents: 300000, why: 'whole dollars' },
    { dollars: 1234567.89, cents: 123456789, why: 'a large amount' },
    { dollars: 1.005, cents: undefined, why: 'half a cent' },
    { dollars: 12.345, cents: undefined, why: 'three decimals' },
    { dollars: 0.001, cents: undefined, why: 'a tenth of a cent' },
    { dollars: 45.505, cents: undefined, why: 'half a cent on a rate' },
  ]
  for (const { dollars, cents, why } of rows) {
    test(`${dollars} dollars is ${cents === undefined ? 'refused' : `${cents} cents`} (${why})`, () => {
      assert.equal(dollarsToCents(dollars), cents)
    })
  }
})
