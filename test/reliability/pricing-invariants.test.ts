import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { fleetWithRentals, type PricingOutcome, priceOverFleet } from './pricing-invariants.ts'
import { PROPERTY_SEED } from './property-settings.ts'

/** Generated fleets in `npm test`; `npm run reliability` prices 10,000 rentals or more. */
const FLEETS = 150

test(`pricing invariants over ${FLEETS} generated fleets (seed ${PROPERTY_SEED}): total = sum of the fees to the cent, rental fee = rate x days, caps kept, nothing negative`, async (t) => {
  const outcome: PricingOutcome = { priced: 0, refused: new Map(), problems: [] }
  await fc.assert(
    fc.asyncProperty(fleetWithRentals, async ([catalogue, rentals]) => {
      const before = outcome.problems.length
      await priceOverFleet(catalogue, rentals, outcome)
      assert.deepEqual(outcome.problems.slice(before), [])
    }),
    { seed: PROPERTY_SEED, numRuns: FLEETS },
  )
  const refused = [...outcome.refused].map(([code, count]) => `${code} x${count}`).join(', ')
  t.diagnostic(`${outcome.priced} quotes priced; refused: ${refused}`)
  // Enough real quotes that the invariants were tested, not only the refusals.
  assert.ok(outcome.priced >= FLEETS, `only ${outcome.priced} quotes were priced`)
})
