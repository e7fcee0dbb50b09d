import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { FleetFileError, type FleetProblem } from '../../src/fleet/fleet-file-error.ts'
import { parseFleet } from '../../src/fleet/read-fleet-file.ts'
import { date, rulesFleetText } from '../helpers/domain-fixtures.ts'

/*
 * The drivers, surcharges, promotions and terms of a fleet file: what the schema takes, the
 * cross-references it cannot check (every problem of a file in one pass), and what they become.
 */

const TODAY = date('2027-01-10')

/** The rules fleet (classes car and van, depots 1 to 3) with a terms section before its plans. */
function rulesFleetWithTerms(terms: string): string {
  const text = rulesFleetText()
  const at = text.indexOf('insurance_plans:')
  assert.ok(at !== -1)
  return `${text.slice(0, at)}${terms}\n${text.slice(at)}`
}

function problemsOf(text: string): FleetProblem[] {
  try {
    parseFleet('fleet.yaml', text, TODAY)
  } catch (error) {
    assert.ok(error instanceof FleetFileError, `expected a FleetFileError, got ${String(error)}`)
    return error.problems
  }
  assert.fail('expected a FleetFileError, but the file loaded')
}

const VALID = `
drivers:
  minimum_age: 21
  young_driver_under: 25
  young_driver_fee: { price: 20, per: day, max_charge: 200 }
  classes:
    van: { minimum_age: 25 }
surcharges:
  - { id: airport, name: Airport fee, price: 30, per: rental, applies: { depots: [1] } }
  - { id: late, name: After-hours hand-over, price: 40.5, per: rental, applies: after_hours }
promotions:
  - { code: SPRING10, name: Spring 10%, percent_off: 10, pick_up_from: 2027-09-01, pick_up_to: today+300, minimum_days: 3, vehicle_classes: [car] }
  - { code: FIFTY, name: 50 off, amount_off: 50 }
terms:
  distance: { default: unlimited, classes: { van: { km_per_day: 250, extra_km_price: 0.4 } } }
  fuel_policy: Full to full.
  bond_without_plan: 2500
  payment: { deposit_percent: 25 }
`

describe('the drivers, surcharges, promotions and terms of a fleet file', () => {
  test('become the catalogue terms, in cents, with relative dates resolved', () => {
    const { catalogue } = parseFleet('fleet.yaml', rulesFleetWithTerms(VALID), TODAY)
    const { terms } = catalogue
    assert.deepEqual(terms.drivers, {
      minimumAge: 21,
      youngDriverUnder: 25,
      youngDriverFee: { price: 2000, per: 'day', maxCharge: 20000 },
      byClass: { van: { minimumAge: 25 } },
    })
    assert.deepEqual(terms.surcharges, [
      {
        id: 'airport',
        name: 'Airport fee',
        price: 3000,
        per: 'rental',
        maxCharge: null,
        condition: { when: 'depots', depotIds: [1] },
      },
      {
        id: 'late',
        name: 'After-hours hand-over',
        price: 4050,
        per: 'rental',
        maxCharge: null,
        condition: { when: 'after_hours' },
      },
    ])
    assert.deepEqual(terms.promotions[0], {
      code: 'SPRING10',
      name: 'Spring 10%',
      percentOff: 10,
      amountOff: null,
      pickUpFrom: '2027-09-01',
      pickUpTo: '2027-11-06',
      minimumDays: 3,
      vehicleClasses: ['car'],
    })
    assert.equal(terms.promotions[1]?.amountOff, 5000)
    assert.deepEqual(terms.distance, {
      default: { unlimited: true },
      byClass: { van: { unlimited: false, kmPerDay: 250, extraKmPrice: 40 } },
    })
    assert.equal(terms.fuelPolicy, 'Full to full.')
    assert.equal(terms.bondWithoutPlan, 250000)
    assert.deepEqual(terms.payment, { depositPercent: 25, balanceDueDaysBeforePickUp: null })
  })

  test('a file that says nothing of them gets the defaults: 18 and over, no extras, pay at pick-up', () => {
    const { catalogue } = parseFleet('fleet.yaml', rulesFleetText(), TODAY)
    assert.equal(catalogue.terms.drivers.minimumAge, 18)
    assert.deepEqual(catalogue.terms.surcharges, [])
    assert.deepEqual(catalogue.terms.promotions, [])
    assert.deepEqual(catalogue.terms.distance.default, { unlimited: true })
    assert.deepEqual(catalogue.terms.payment, {
      depositPercent: 0,
      balanceDueDaysBeforePickUp: null,
    })
  })

  test('every cross-reference problem is listed at once, each at its place', () => {
    const text = rulesFleetWithTerms(`
drivers:
  minimum_age: 25
  young_driver_under: 21
  classes:
    truck: { minimum_age: 30 }
surcharges:
  - { id: airport, name: Airport fee, price: 30.001, per: rental, applies: { depots: [9] } }
  - { id: airport, name: Again, price: 5, per: rental, applies: always }
promotions:
  - { code: BOTH, name: Both kinds, percent_off: 10, amount_off: 5 }
  - { code: NEITHER, name: Neither kind }
  - { code: BACKWARDS, name: Backwards, percent_off: 5, pick_up_from: 2027-05-01, pick_up_to: 2027-04-01, vehicle_classes: [boat] }
  - { code: BOTH, name: Twice, percent_off: 1 }
terms:
  distance: { classes: { boat: unlimited } }
`)
    const problems = problemsOf(text)
    const said = problems.map((problem) => `${problem.path}: ${problem.message}`)
    for (const expected of [
      /^drivers\.young_driver_under: must be above minimum_age \(25\)/,
      /^drivers\.classes\.truck: no vehicle has class truck/,
      /^surcharges\[0\]\.price: 30\.001 has a fraction of a cent/,
      /^surcharges\[0\]\.applies\.depots\[0\]: depot 9 is not in depots/,
      /^surcharges\[1\]: id airport is already used by surcharges\[0\]/,
      /^promotions\[0\]: give percent_off or amount_off, one of the two/,
      /^promotions\[1\]: give percent_off or amount_off, one of the two/,
      /^promotions\[2\]\.pick_up_to: is before pick_up_from/,
      /^promotions\[2\]\.vehicle_classes\[0\]: no vehicle has class boat/,
      /^promotions\[3\]: code BOTH is already used by promotions\[0\]/,
      /^terms\.distance\.classes\.boat: no vehicle has class boat/,
    ]) {
      assert.ok(
        said.some((line) => expected.test(line)),
        `${expected} not among:\n${said.join('\n')}`,
      )
    }
  })

  test('the schema refuses ages out of range, a lower-case code and an unknown condition', () => {
    const problems = problemsOf(
      rulesFleetWithTerms(`
drivers: { minimum_age: 15 }
surcharges:
  - { id: x1, name: Odd, price: 1, per: rental, applies: sometimes }
promotions:
  - { code: spring, name: Lower case, percent_off: 5 }
`),
    )
    const paths = problems.map((problem) => problem.path)
    for (const path of ['drivers.minimum_age', 'surcharges[0].applies', 'promotions[0].code']) {
      assert.ok(paths.includes(path), `${path} not among ${paths.join(', ')}`)
    }
  })
})
