import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { InvalidRequestCode } from '../../src/domain/errors.ts'
import {
  parseDateParameter,
  parseRentalPeriod,
  type RentalRules,
  rentalDays,
} from '../../src/domain/rental-period.ts'
import { date, domainErrorFrom } from '../helpers/domain-fixtures.ts'

const RULES: RentalRules = {
  timeZone: 'Pacific/Auckland',
  bookingHorizonDays: 548,
  maxRentalDays: 90,
}
/** 2027-01-10 13:00 in Auckland; the horizon's last pick-up date is 2027-01-10 + 548 = 2028-07-11. */
const NOW = new Date('2027-01-10T00:00:00Z')

describe('rentalDays is drop-off minus pick-up in days, a same-day rental counting as 1', () => {
  const rows = [
    { pickUp: '2027-01-10', dropOff: '2027-01-10', days: 1, why: 'same day' },
    { pickUp: '2027-01-10', dropOff: '2027-01-11', days: 1, why: 'one night' },
    { pickUp: '2027-01-10', dropOff: '2027-01-12', days: 2, why: 'two nights' },
    { pickUp: '2027-01-10', dropOff: '2027-01-17', days: 7, why: 'seven nights' },
    { pickUp: '2026-12-28', dropOff: '2027-01-04', days: 7, why: 'seven nights over the new year' },
    { pickUp: '2028-02-27', dropOff: '2028-03-01', days: 3, why: 'over 29 February' },
    { pickUp: '2026-09-26', dropOff: '2026-09-28', days: 2, why: 'over the NZ DST start' },
  ]
  for (const { pickUp, dropOff, days, why } of rows) {
    test(`${pickUp} to ${dropOff} is ${days} rental day(s) (${why})`, () => {
      assert.equal(rentalDays(date(pickUp), date(dropOff)), days)
    })
  }
})

describe('parseRentalPeriod accepts dates within the rules', () => {
  const rows = [
    { pickUp: '2027-01-10', dropOff: '2027-01-10', days: 1, why: 'today, same day' },
    { pickUp: '2027-01-10', dropOff: '2027-01-17', days: 7, why: 'today, one week' },
    { pickUp: '2028-07-11', dropOff: '2028-07-12', days: 1, why: 'pick-up exactly at the horizon' },
    { pickUp: '2027-02-01', dropOff: '2027-05-02', days: 90, why: 'exactly the longest rental' },
    {
      pickUp: '2028-07-11',
      dropOff: '2028-10-09',
      days: 90,
      why: 'longest rental from the horizon, drop-off beyond it',
    },
  ]
  for (const { pickUp, dropOff, days, why } of rows) {
    test(`${pickUp} to ${dropOff} is accepted as ${days} day(s) (${why})`, () => {
      assert.deepEqual(
        parseRentalPeriod({ pickUpDate: pickUp, dropOffDate: dropOff }, RULES, NOW),
        {
          pickUpDate: pickUp,
          dropOffDate: dropOff,
          days,
        },
      )
    })
  }
})

type Refusal = {
  rule: string
  pickUp: string
  dropOff: string
  now?: Date
  code: InvalidRequestCode
  parameter: 'pick_up_date' | 'drop_off_date'
  /** Parts the message must hold: the parameter, and what to send instead. */
  says: string[]
}

describe('parseRentalPeriod refuses dates against the rules with a code, the parameter and what to send', () => {
  const rows: Refusal[] = [
    {
      rule: 'a pick_up_date that does not exist is invalid_date',
      pickUp: '2027-02-30',
      dropOff: '2027-03-02',
      code: 'invalid_date',
      parameter: 'pick_up_date',
      says: ['pick_up_date', '"2027-02-30"', 'YYYY-MM-DD'],
    },
    {
      rule: 'a drop_off_date that does not exist is invalid_date',
      pickUp: '2027-02-20',
      dropOff: '2027-02-29',
      code: 'invalid_date',
      parameter: 'drop_off_date',
      says: ['drop_off_date', '"2027-02-29"', 'YYYY-MM-DD'],
    },
    {
      rule: 'a pick_up_date in another format is invalid_date',
      pickUp: '10/01/2027',
      dropOff: '2027-01-12',
      code: 'invalid_date',
      parameter: 'pick_up_date',
      says: ['pick_up_date', 'YYYY-MM-DD'],
    },
    {
      rule: 'an empty drop_off_date is invalid_date',
      pickUp: '2027-01-12',
      dropOff: '',
      code: 'invalid_date',
      parameter: 'drop_off_date',
      says: ['drop_off_date', 'YYYY-MM-DD'],
    },
    {
      rule: 'a drop-off before the pick-up is drop_off_before_pick_up',
      pickUp: '2027-01-20',
      dropOff: '2027-01-19',
      code: 'drop_off_before_pick_up',
      parameter: 'drop_off_date',
      says: ['drop_off_date 2027-01-19', 'pick_up_date 2027-01-20', 'on or after the pick-up date'],
    },
    {
      rule: 'a pick-up yesterday is date_in_past',
      pickUp: '2027-01-09',
      dropOff: '2027-01-12',
      code: 'date_in_past',
      parameter: 'pick_up_date',
      says: [
        'pick_up_date 2027-01-09',
        'Pacific/Auckland is 2027-01-10',
        'send 2027-01-10 or a later date',
      ],
    },
    {
      rule: 'a pick-up yesterday in Auckland is date_in_past although it is still today in UTC',
      pickUp: '2027-01-09',
      dropOff: '2027-01-12',
      now: new Date('2027-01-09T23:30:00Z'),
      code: 'date_in_past',
      parameter: 'pick_up_date',
      says: ['pick_up_date 2027-01-09', 'today in Pacific/Auckland is 2027-01-10'],
    },
    {
      rule: 'a pick-up one day after the horizon (today + 549) is date_beyond_horizon',
      pickUp: '2028-07-12',
      dropOff: '2028-07-13',
      code: 'date_beyond_horizon',
      parameter: 'pick_up_date',
      says: ['pick_up_date 2028-07-12', '548 days ahead', 'send a date up to 2028-07-11'],
    },
    {
      rule: 'a rental one day longer than the longest (91 days) is rental_too_long',
      pickUp: '2027-02-01',
      dropOff: '2027-05-03',
      code: 'rental_too_long',
      parameter: 'drop_off_date',
      says: ['91 days', 'longest rental is 90 days', 'send a drop_off_date up to 2027-05-02'],
    },
  ]
  for (const { rule, pickUp, dropOff, now, code, parameter, says } of rows) {
    test(rule, () => {
      const error = domainErrorFrom(() =>
        parseRentalPeriod({ pickUpDate: pickUp, dropOffDate: dropOff }, RULES, now ?? NOW),
      )
      assert.equal(error.code, code)
      assert.equal(error.parameter, parameter)
      assert.ok(error.message.includes(parameter), `message names ${parameter}: ${error.message}`)
      assert.match(error.message, /send/, 'message says what to send')
      for (const part of says) {
        assert.ok(error.message.includes(part), `message holds "${part}": ${error.message}`)
      }
    })
  }

  test('a pick-up of today in Auckland is accepted at 23:30 UTC the day before', () => {
    const period = parseRentalPeriod(
      { pickUpDate: '2027-01-10', dropOffDate: '2027-01-11' },
      RULES,
      new Date('2027-01-09T23:30:00Z'),
    )
    assert.equal(period.pickUpDate, '2027-01-10')
  })

  test('a pick-up of today in UTC is accepted when the company zone is UTC', () => {
    const period = parseRentalPeriod(
      { pickUpDate: '2027-01-09', dropOffDate: '2027-01-11' },
      { ...RULES, timeZone: 'UTC' },
      new Date('2027-01-09T23:30:00Z'),
    )
    assert.equal(period.days, 2)
  })

  test('an unreal pick_up_date is reported before a drop-off that is before it', () => {
    const error = domainErrorFrom(() =>
      parseRentalPeriod({ pickUpDate: '2027-13-01', dropOffDate: '2027-01-01' }, RULES, NOW),
    )
    assert.equal(error.code, 'invalid_date')
    assert.equal(error.parameter, 'pick_up_date')
  })
})

describe('parseDateParameter names the parameter it reads', () => {
  test('a real date is returned as it was sent', () => {
    assert.equal(parseDateParameter('pick_up_date', '2028-02-29'), '2028-02-29')
  })
  test('an unreal date is invalid_date naming the parameter given', () => {
    const error = domainErrorFrom(() => parseDateParameter('some_date', '2026-02-30'))
    assert.equal(error.code, 'invalid_date')
    assert.equal(error.parameter, 'some_date')
    assert.match(error.message, /^some_date "2026-02-30" is not a calendar date; send /)
  })
})
