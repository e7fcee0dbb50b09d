import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { CalendarDate } from '../../src/domain/calendar-date.ts'
import type { Depot, Vehicle } from '../../src/domain/catalogue.ts'
import {
  type CompanyTerms,
  defaultCompanyTerms,
  type Promotion,
} from '../../src/domain/company-terms.ts'
import { ageOn, driverAgeFromBirth } from '../../src/domain/driver-age.ts'
import {
  afterHoursHandOvers,
  discountOn,
  isYoungDriver,
  minimumDriverAge,
  promotionDiscount,
  surchargeLines,
} from '../../src/domain/rental-extras.ts'
import { totalAmountOf } from '../../src/domain/rental-price.ts'
import { depotOf, domainErrorFrom, loadRulesFleet, vehicleOf } from '../helpers/domain-fixtures.ts'

const day = (text: string) => text as CalendarDate
const { catalogue } = loadRulesFleet()
const car = vehicleOf(catalogue, 1)
const van = vehicleOf(catalogue, 2)
/** Alpha, with its weekday 08:00 pick-up and 17:00 drop-off after hours. */
const alpha: Depot = {
  ...depotOf(catalogue, 1),
  afterHours: {
    pickUp: { weekday: ['08:00'], weekend: [] },
    dropOff: { weekday: ['17:00'], weekend: ['16:00'] },
  },
}
const beta = depotOf(catalogue, 2)

const terms: CompanyTerms = {
  ...defaultCompanyTerms(),
  drivers: {
    minimumAge: 18,
    youngDriverUnder: 25,
    youngDriverFee: { price: 1000, per: 'day', maxCharge: 4500 },
    byClass: { van: { minimumAge: 21, youngDriverUnder: 26 } },
  },
  surcharges: [
    {
      id: 'station',
      name: 'Station fee',
      price: 750,
      per: 'rental',
      maxCharge: null,
      condition: { when: 'depots', depotIds: [2] },
    },
    {
      id: 'late',
      name: 'After hours',
      price: 3000,
      per: 'rental',
      maxCharge: null,
      condition: { when: 'after_hours' },
    },
    {
      id: 'levy',
      name: 'Levy',
      price: 125,
      per: 'day',
      maxCharge: 500,
      condition: { when: 'always' },
    },
    {
      id: 'young',
      name: 'Young levy',
      price: 300,
      per: 'day',
      maxCharge: null,
      condition: { when: 'young_driver' },
    },
  ],
}

/** A rental of `days` days from Wednesday 13 January 2027 at Alpha, by default. */
function rental(overrides: Partial<Parameters<typeof surchargeLines>[1]> = {}) {
  return {
    vehicle: car,
    pickUpDepot: alpha,
    dropOffDepot: alpha,
    pickUpDate: day('2027-01-13'),
    dropOffDate: day('2027-01-18'),
    days: 5,
    pickUpTime: null,
    dropOffTime: null,
    driverAge: null,
    ...overrides,
  }
}

describe('surcharges apply by their condition, each at its charge rule', () => {
  const rows: { rule: string; ask: ReturnType<typeof rental>; lines: string[] }[] = [
    { rule: 'always: every rental, capped', ask: rental(), lines: ['levy 500'] },
    {
      rule: 'always, per day under its cap',
      ask: rental({ days: 2, dropOffDate: day('2027-01-15') }),
      lines: ['levy 250'],
    },
    {
      rule: 'at a depot: a drop-off there',
      ask: rental({ dropOffDepot: beta }),
      lines: ['station 750', 'levy 500'],
    },
    {
      rule: 'at a depot: a pick-up there',
      ask: rental({ pickUpDepot: beta }),
      lines: ['station 750', 'levy 500'],
    },
    {
      rule: 'after hours: a weekday pick-up at a time the depot lists as after hours',
      ask: rental({ pickUpTime: '08:00' }),
      lines: ['late 3000', 'levy 500'],
    },
    {
      rule: 'after hours: the weekday list does not apply on a weekend pick-up',
      ask: rental({ pickUpDate: day('2027-01-16'), pickUpTime: '08:00' }),
      lines: ['levy 500'],
    },
    {
      rule: 'after hours: a weekend drop-off time of the weekend list',
      ask: rental({ dropOffDate: day('2027-01-17'), dropOffTime: '16:00' }),
      lines: ['late 3000', 'levy 500'],
    },
    {
      rule: 'after hours: no time given, none assumed',
      ask: rental(),
      lines: ['levy 500'],
    },
    {
      rule: 'after hours: no time given, and every pick-up time left is after hours: the fee applies',
      ask: rental({ timesLeft: { pickUp: ['08:00'], dropOff: ['09:00', '17:00'] } }),
      lines: ['late 3000', 'levy 500'],
    },
    {
      rule: 'after hours: no time given, and every drop-off time left is after hours: the fee applies',
      ask: rental({ timesLeft: { pickUp: ['08:00', '10:00'], dropOff: ['17:00'] } }),
      lines: ['late 3000', 'levy 500'],
    },
    {
      rule: 'after hours: no time given, an in-hours time left for each hand-over: none',
      ask: rental({ timesLeft: { pickUp: ['08:00', '10:00'], dropOff: ['09:00', '17:00'] } }),
      lines: ['levy 500'],
    },
    {
      rule: 'after hours: no time left to choose at all: none (the rental is refused elsewhere)',
      ask: rental({ timesLeft: { pickUp: [], dropOff: [] } }),
      lines: ['levy 500'],
    },
    {
      rule: 'after hours, one day: a drop-off given in hours, and the only pick-up before it after hours',
      ask: rental({
        dropOffDate: day('2027-01-13'),
        days: 1,
        dropOffTime: '10:00',
        timesLeft: { pickUp: ['08:00', '12:00'], dropOff: ['10:00', '17:00'] },
      }),
      lines: ['late 3000', 'levy 125'],
    },
    {
      rule: 'after hours, one day, no time given: every choice of the two has one after hours',
      ask: rental({
        dropOffDate: day('2027-01-13'),
        days: 1,
        timesLeft: { pickUp: ['08:00', '12:00'], dropOff: ['10:00', '17:00'] },
      }),
      lines: ['late 3000', 'levy 125'],
    },
    {
      rule: 'after hours, one day, no time given: one choice has none (09:00 to 10:00)',
      ask: rental({
        dropOffDate: day('2027-01-13'),
        days: 1,
        timesLeft: { pickUp: ['08:00', '09:00'], dropOff: ['10:00', '17:00'] },
      }),
      lines: ['levy 125'],
    },
    {
      rule: 'after hours: a time given in hours stands, whatever else is left',
      ask: rental({
        pickUpTime: '10:00',
        dropOffTime: '09:00',
        timesLeft: { pickUp: ['08:00'], dropOff: ['17:00'] },
      }),
      lines: ['levy 500'],
    },
    {
      rule: 'young driver: the fee (per day, capped) first, then the young levy',
      ask: rental({ driverAge: 24 }),
      lines: ['young-driver-fee 4500', 'levy 500', 'young 1500'],
    },
    {
      rule: 'young driver: the fee under its cap',
      ask: rental({ driverAge: 24, days: 3, dropOffDate: day('2027-01-16') }),
      lines: ['young-driver-fee 3000', 'levy 375', 'young 900'],
    },
    {
      rule: 'young driver: 25 is not young',
      ask: rental({ driverAge: 25 }),
      lines: ['levy 500'],
    },
    {
      rule: "young driver: a class's own young-driver age (26 for vans)",
      ask: rental({ vehicle: van, driverAge: 25 }),
      lines: ['young-driver-fee 4500', 'levy 500', 'young 1500'],
    },
  ]
  for (const { rule, ask, lines } of rows) {
    test(rule, () => {
      assert.deepEqual(
        surchargeLines(terms, ask).map((line) => `${line.id} ${line.cost}`),
        lines,
      )
    })
  }
})

describe('driver ages', () => {
  const rows: [string, Vehicle, number | null, boolean][] = [
    ['no age is never young', car, null, false],
    ['18 is young', car, 18, true],
    ['24 is young', car, 24, true],
    ['25 is not', car, 25, false],
    ['25 is young for a van (under 26)', van, 25, true],
  ]
  for (const [rule, vehicle, age, young] of rows) {
    test(rule, () => assert.equal(isYoungDriver(terms, vehicle, age), young))
  }
  test("the minimum is the class's own, else the company's", () => {
    assert.equal(minimumDriverAge(terms, car), 18)
    assert.equal(minimumDriverAge(terms, van), 21)
  })

  const ages: [string, string, number][] = [
    ['the day before the birthday', '2027-05-13', 39],
    ['on the birthday', '2027-05-14', 40],
    ['the day after', '2027-05-15', 40],
  ]
  for (const [rule, date, age] of ages) {
    test(`born 1987-05-14: ${rule} (${date}) the driver is ${age}`, () => {
      assert.equal(ageOn(day('1987-05-14'), day(date)), age)
    })
  }
  test('born on 29 February, a year older on 1 March of a year without one', () => {
    assert.equal(ageOn(day('2004-02-29'), day('2027-02-28')), 22)
    assert.equal(ageOn(day('2004-02-29'), day('2027-03-01')), 23)
    assert.equal(ageOn(day('2004-02-29'), day('2028-02-29')), 24)
  })

  const births: [string, string, { age: number } | RegExp][] = [
    ['an adult', '1987-05-14', { age: 39 }],
    ['empty', ' ', /Enter the driver's date of birth/],
    ['not a date', '1987-02-30', /a date of birth that exists/],
    ['in the future', '2027-01-11', /in the past/],
    [
      "15 on the pick-up day: told the company's youngest (18), not the field's floor (16)",
      '2011-06-01',
      /^The driver would be 15 on the pick-up date; every vehicle of ours needs a driver aged 18 or over$/,
    ],
    ['a year of birth 200 years ago', '1827-01-01', /Check the year/],
  ]
  for (const [rule, text, expected] of births) {
    test(`a date of birth ${rule}`, () => {
      const found = driverAgeFromBirth(text, day('2027-05-13'), day('2027-01-10'), 18)
      if (expected instanceof RegExp) {
        assert.ok('problem' in found, JSON.stringify(found))
        assert.match(found.problem, expected)
      } else assert.deepEqual(found, expected)
    })
  }
})

describe('promotions', () => {
  const promotion = (overrides: Partial<Promotion>): Promotion => ({
    code: 'CODE',
    name: 'A code',
    percentOff: null,
    amountOff: null,
    pickUpFrom: null,
    pickUpTo: null,
    minimumDays: 1,
    vehicleClasses: null,
    ...overrides,
  })
  const discounts: [string, Promotion, number, number][] = [
    ['10% of 450.00', promotion({ percentOff: 10 }), 45_000, 4500],
    ['33% of 227.50 = 75.075 rounds half up to 75.08', promotion({ percentOff: 33 }), 22_750, 7508],
    ['33% of 0.01 = 0.0033 rounds to 0', promotion({ percentOff: 33 }), 1, 0],
    ['15% of 123.45 = 18.5175 rounds to 18.52', promotion({ percentOff: 15 }), 12_345, 1852],
    ['100% is the whole rental fee', promotion({ percentOff: 100 }), 45_000, 45_000],
    ['an amount under the fee', promotion({ amountOff: 5000 }), 45_000, 5000],
    ['an amount over the fee is the fee', promotion({ amountOff: 5000 }), 3000, 3000],
  ]
  for (const [rule, given, fee, off] of discounts) {
    test(rule, () => assert.equal(discountOn(given, fee), off))
  }

  const windowed: CompanyTerms = {
    ...terms,
    promotions: [
      promotion({
        code: 'WIN',
        percentOff: 10,
        pickUpFrom: day('2027-01-15'),
        pickUpTo: day('2027-02-28'),
        minimumDays: 3,
        vehicleClasses: ['van'],
      }),
    ],
  }
  const asked = (pickUpDate: string, days: number, vehicle = van) => ({
    vehicle,
    pickUpDate: day(pickUpDate),
    days,
    rentalFee: 60_000,
  })
  const refusals: [string, ReturnType<typeof asked>, RegExp][] = [
    ['the day before its window', asked('2027-01-14', 3), /is only for pick-ups from 2027-01-15/],
    ['the day after its window', asked('2027-03-01', 3), /is only for pick-ups up to /],
    ['a rental a day too short', asked('2027-01-15', 2), /needs at least 3 days; this one is 2/],
    ['a vehicle of another class', asked('2027-01-15', 3, car), /is not for this vehicle/],
  ]
  for (const [rule, rental, says] of refusals) {
    test(`refused for ${rule}`, () => {
      const error = domainErrorFrom(() => promotionDiscount(windowed, 'win', rental))
      assert.equal(error.code, 'promotion_not_applicable')
      assert.equal(error.parameter, 'promo_code')
      assert.match(error.message, says)
    })
  }
  test('applies on the first and the last day of its window', () => {
    assert.equal(promotionDiscount(windowed, 'WIN', asked('2027-01-15', 3)).amount, 6000)
    assert.equal(promotionDiscount(windowed, 'WIN', asked('2027-02-28', 3)).amount, 6000)
  })
  test('an unknown code is its own refusal', () => {
    const error = domainErrorFrom(() => promotionDiscount(windowed, 'NOPE', asked('2027-01-15', 3)))
    assert.equal(error.code, 'unknown_promotion')
  })
})

describe('the total', () => {
  test('is the four fees and the surcharges, less the discount', () => {
    assert.equal(
      totalAmountOf({
        rentalFee: 45_000,
        routeFee: 7550,
        accessoriesFee: 2400,
        insuranceFee: 10_000,
        surchargesFee: 1250,
        discount: 4500,
      }),
      45_000 + 7550 + 2400 + 10_000 + 1250 - 4500,
    )
  })
})

describe('afterHoursHandOvers names the hand-overs whose fee no choice left escapes', () => {
  const oneDay = (overrides: Partial<Parameters<typeof surchargeLines>[1]>) =>
    rental({ dropOffDate: day('2027-01-13'), days: 1, ...overrides })
  const rows: { rule: string; ask: ReturnType<typeof rental>; named: string[] }[] = [
    {
      rule: 'the only pick-up before the drop-off given is after hours: the pick-up',
      ask: oneDay({
        dropOffTime: '10:00',
        timesLeft: { pickUp: ['08:00', '12:00'], dropOff: ['10:00', '17:00'] },
      }),
      named: ['pick_up_time'],
    },
    {
      rule: 'each choice has one, neither always: both',
      ask: oneDay({ timesLeft: { pickUp: ['08:00', '12:00'], dropOff: ['10:00', '17:00'] } }),
      named: ['pick_up_time', 'drop_off_time'],
    },
    {
      rule: 'a choice without one: none',
      ask: oneDay({ timesLeft: { pickUp: ['08:00', '09:00'], dropOff: ['10:00', '17:00'] } }),
      named: [],
    },
    {
      rule: 'times given: those after hours, whatever is left',
      ask: rental({ pickUpTime: '08:00', dropOffTime: '09:00' }),
      named: ['pick_up_time'],
    },
  ]
  for (const { rule, ask, named } of rows) {
    test(rule, () => {
      assert.deepEqual(afterHoursHandOvers(ask), named)
    })
  }
})
