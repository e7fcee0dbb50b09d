import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  addDays,
  daysBetween,
  dayTypeOf,
  eachDate,
  isMonthDay,
  isTimeZone,
  monthDayOf,
  monthOf,
  parseCalendarDate,
  todayIn,
} from '../../src/domain/calendar-date.ts'
import { date } from '../helpers/domain-fixtures.ts'

describe('parseCalendarDate accepts a date only when it exists', () => {
  const realDates = [
    { text: '2026-01-01', why: 'the first day of a year' },
    { text: '2026-12-31', why: 'the last day of a year' },
    { text: '2026-02-28', why: 'the last day of February in a common year' },
    { text: '2028-02-29', why: '29 February in a leap year' },
    { text: '2000-02-29', why: '29 February in a year divisible by 400' },
    { text: '2026-04-30', why: 'the last day of a 30-day month' },
    { text: '0001-01-01', why: 'the first day of year 1' },
    { text: '9999-12-31', why: 'the last day of year 9999' },
  ]
  for (const { text, why } of realDates) {
    test(`${text} is accepted (${why})`, () => {
      assert.equal(parseCalendarDate(text), text)
    })
  }

  const refused = [
    { text: '2026-02-30', why: 'February never has 30 days' },
    { text: '2027-02-29', why: '2027 is not a leap year' },
    { text: '2100-02-29', why: '2100 is divisible by 100 but not by 400' },
    { text: '2026-04-31', why: 'April has 30 days' },
    { text: '0000-01-01', why: 'there is no year 0' },
    { text: '2026-13-01', why: 'there is no month 13' },
    { text: '2026-00-10', why: 'there is no month 0' },
    { text: '2026-01-00', why: 'there is no day 0' },
    { text: '2026-01-32', why: 'January has 31 days' },
    { text: '2026-1-01', why: 'the month must have two digits' },
    { text: '2026-01-1', why: 'the day must have two digits' },
    { text: '26-01-01', why: 'the year must have four digits' },
    { text: '', why: 'an empty string is no date' },
    { text: '2026-01-01T00:00:00Z', why: 'a date-time is not a date' },
    { text: ' 2026-01-01', why: 'leading space' },
    { text: '2026-01-01 ', why: 'trailing space' },
    { text: '2026/01/01', why: 'slashes instead of dashes' },
    { text: '20260101', why: 'no dashes' },
    { text: '+02026-01-01', why: 'an expanded year' },
  ]
  for (const { text, why } of refused) {
    test(`${JSON.stringify(text)} is refused (${why})`, () => {
      assert.equal(parseCalendarDate(text), undefined)
    })
  }
})

describe('addDays counts calendar days across month, year and daylight-saving changes', () => {
  const rows = [
    { from: '2026-01-31', days: 1, to: '2026-02-01', why: 'end of January' },
    { from: '2026-02-28', days: 1, to: '2026-03-01', why: 'end of February in a common year' },
    { from: '2028-02-28', days: 1, to: '2028-02-29', why: 'into 29 February of a leap year' },
    { from: '2028-02-29', days: 1, to: '2028-03-01', why: 'out of 29 February' },
    { from: '2026-12-31', days: 1, to: '2027-01-01', why: 'end of the year' },
    { from: '2027-01-01', days: -1, to: '2026-12-31', why: 'backwards over the new year' },
    { from: '2026-09-26', days: 2, to: '2026-09-28', why: 'over the NZ DST start (2026-09-27)' },
    { from: '2026-04-04', days: 2, to: '2026-04-06', why: 'over the NZ DST end (2026-04-05)' },
    { from: '2026-03-28', days: 2, to: '2026-03-30', why: 'over the EU DST start (2026-03-29)' },
    { from: '2026-05-15', days: 0, to: '2026-05-15', why: 'zero days is the same date' },
    { from: '2027-01-10', days: 548, to: '2028-07-11', why: 'the default booking horizon' },
  ]
  for (const { from, days, to, why } of rows) {
    test(`${from} plus ${days} days is ${to} (${why})`, () => {
      assert.equal(addDays(date(from), days), to)
    })
  }
})

describe('daysBetween gives whole days, negative when the second date is earlier', () => {
  const rows = [
    { from: '2026-01-31', to: '2026-02-01', days: 1, why: 'across a month end' },
    { from: '2026-12-31', to: '2027-01-01', days: 1, why: 'across a year end' },
    { from: '2028-02-28', to: '2028-03-01', days: 2, why: 'across 29 February' },
    { from: '2027-02-28', to: '2027-03-01', days: 1, why: 'across a common February end' },
    { from: '2026-09-01', to: '2026-10-01', days: 30, why: 'a month holding the NZ DST start' },
    { from: '2026-04-01', to: '2026-05-01', days: 30, why: 'a month holding the NZ DST end' },
    { from: '2026-01-01', to: '2027-01-01', days: 365, why: 'a common year' },
    { from: '2028-01-01', to: '2029-01-01', days: 366, why: 'a leap year' },
    { from: '2026-05-15', to: '2026-05-15', days: 0, why: 'the same date' },
    { from: '2026-05-15', to: '2026-05-08', days: -7, why: 'a week earlier' },
  ]
  for (const { from, to, days, why } of rows) {
    test(`from ${from} to ${to} is ${days} days (${why})`, () => {
      const result = daysBetween(date(from), date(to))
      assert.equal(result, days)
      assert.ok(Number.isInteger(result), `${result} is a whole number`)
    })
  }
})

describe('eachDate lists every date from the first to the last, both included', () => {
  test('from 2026-12-30 to 2027-01-02 lists four dates across the new year', () => {
    assert.deepEqual(eachDate(date('2026-12-30'), date('2027-01-02')), [
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ])
  })
  test('from a date to itself lists that one date', () => {
    assert.deepEqual(eachDate(date('2026-09-27'), date('2026-09-27')), ['2026-09-27'])
  })
  test('from a date to an earlier date lists nothing', () => {
    assert.deepEqual(eachDate(date('2026-09-27'), date('2026-09-26')), [])
  })
})

describe('monthDayOf and monthOf read the recurring day and the month', () => {
  test('monthDayOf 2028-02-29 is 02-29', () =>
    assert.equal(monthDayOf(date('2028-02-29')), '02-29'))
  test('monthOf 2026-12-01 is 12', () => assert.equal(monthOf(date('2026-12-01')), 12))
  test('monthOf 2027-01-31 is 1', () => assert.equal(monthOf(date('2027-01-31')), 1))
})

describe('isMonthDay accepts a day that some year has, 02-29 included', () => {
  const rows = [
    { text: '01-01', ok: true },
    { text: '02-29', ok: true },
    { text: '12-31', ok: true },
    { text: '02-30', ok: false },
    { text: '04-31', ok: false },
    { text: '13-01', ok: false },
    { text: '00-10', ok: false },
    { text: '1-01', ok: false },
    { text: '2026-01-01', ok: false },
  ]
  for (const { text, ok } of rows) {
    test(`${text} is ${ok ? 'a day of the year' : 'not a day of the year'}`, () => {
      assert.equal(isMonthDay(text), ok)
    })
  }
})

describe('dayTypeOf calls Saturday and Sunday the weekend', () => {
  const rows = [
    { text: '2027-01-08', weekday: 'Friday', type: 'weekday' },
    { text: '2027-01-09', weekday: 'Saturday', type: 'weekend' },
    { text: '2027-01-10', weekday: 'Sunday', type: 'weekend' },
    { text: '2027-01-11', weekday: 'Monday', type: 'weekday' },
    { text: '2026-09-27', weekday: 'Sunday of the NZ DST start', type: 'weekend' },
    { text: '2028-02-29', weekday: 'Tuesday', type: 'weekday' },
  ]
  for (const { text, weekday, type } of rows) {
    test(`${text} (${weekday}) is a ${type} day`, () => {
      assert.equal(dayTypeOf(date(text)), type)
    })
  }
})

describe("todayIn gives today's date in the company's zone, not in UTC", () => {
  const rows = [
    {
      instant: '2026-01-09T23:30:00Z',
      zone: 'Pacific/Auckland',
      today: '2026-01-10',
      why: '23:30 UTC is already 12:30 the next day in Auckland (NZDT, +13)',
    },
    {
      instant: '2026-01-09T23:30:00Z',
      zone: 'UTC',
      today: '2026-01-09',
      why: 'the same instant is still the 9th in UTC',
    },
    {
      instant: '2026-07-09T11:59:59Z',
      zone: 'Pacific/Auckland',
      today: '2026-07-09',
      why: 'in winter (NZST, +12) 11:59:59 UTC is 23:59:59 the same day',
    },
    {
      instant: '2026-07-09T12:00:00Z',
      zone: 'Pacific/Auckland',
      today: '2026-07-10',
      why: 'in winter (NZST, +12) 12:00 UTC is midnight of the next day',
    },
    {
      instant: '2026-09-26T13:59:59Z',
      zone: 'Pacific/Auckland',
      today: '2026-09-27',
      why: 'one second before DST starts it is 01:59:59 NZST on the 27th',
    },
    {
      instant: '2026-09-27T11:30:00Z',
      zone: 'Pacific/Auckland',
      today: '2026-09-28',
      why: 'after DST started it is 00:30 NZDT on the 28th (with +12 it would still be the 27th)',
    },
    {
      instant: '2026-09-27T11:30:00Z',
      zone: 'UTC',
      today: '2026-09-27',
      why: 'the same instant is the 27th in UTC',
    },
    {
      instant: '2026-04-04T11:30:00Z',
      zone: 'Pacific/Auckland',
      today: '2026-04-05',
      why: 'before DST ends it is 00:30 NZDT on the 5th (with +12 it would still be the 4th)',
    },
    {
      instant: '2026-04-05T11:30:00Z',
      zone: 'Pacific/Auckland',
      today: '2026-04-05',
      why: 'after DST ended it is 23:30 NZST on the 5th (with +13 it would be the 6th)',
    },
    {
      instant: '2026-04-05T12:00:00Z',
      zone: 'Pacific/Auckland',
      today: '2026-04-06',
      why: 'after DST ended midnight comes at 12:00 UTC',
    },
    {
      instant: '2026-04-05T11:30:00Z',
      zone: 'UTC',
      today: '2026-04-05',
      why: 'UTC has no daylight saving',
    },
  ]
  for (const { instant, zone, today, why } of rows) {
    test(`at ${instant} today in ${zone} is ${today}: ${why}`, () => {
      assert.equal(todayIn(zone, new Date(instant)), today)
    })
  }
})

describe('the date arithmetic agrees with JavaScript’s own calendar on every day', () => {
  // The reference: Date in UTC (proleptic Gregorian, as ours), slow but not hand-written.
  const MS_PER_DAY = 86_400_000
  const referenceText = (dayNumber: number) => {
    const iso = new Date(dayNumber * MS_PER_DAY).toISOString()
    // Years before 1000 and after 9999 are written differently by toISOString; not dates here.
    return iso.slice(0, 10)
  }
  const from = Date.UTC(1000, 0, 1) / MS_PER_DAY
  const to = Date.UTC(9999, 11, 31) / MS_PER_DAY

  test('from 1000-01-01 to 9999-12-31: addDays by one walks the calendar day by day', () => {
    let text = referenceText(from) as ReturnType<typeof date>
    for (let day = from; day < to; day++) {
      const next = addDays(text, 1)
      if (next !== referenceText(day + 1)) assert.fail(`${text} + 1 day gave ${next}`)
      text = next
    }
  })

  test('daysBetween and addDays over long jumps, from year 1 on', () => {
    for (const [a, b] of [
      ['0001-01-01', '2027-01-10'],
      ['0099-12-31', '0100-03-01'],
      ['1582-10-04', '1582-10-15'],
      ['1900-02-28', '1900-03-01'],
      ['2000-02-28', '2000-03-01'],
      ['2026-11-23', '9999-12-31'],
    ] as const) {
      const days = daysBetween(date(a), date(b))
      assert.equal(days, (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / MS_PER_DAY)
      assert.equal(addDays(date(a), days), b)
      assert.equal(addDays(date(b), -days), a)
    }
  })

  test('parseCalendarDate accepts exactly the days that exist, in four kinds of year', () => {
    for (const year of [1, 1900, 2000, 2027, 2028, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
          const utc = new Date(0)
          utc.setUTCFullYear(year, month - 1, day)
          const exists = month >= 1 && month <= 12 && day >= 1 && utc.getUTCMonth() === month - 1
          assert.equal(parseCalendarDate(text), exists ? text : undefined, text)
        }
      }
    }
  })
})

describe('isTimeZone knows the IANA zones of the runtime', () => {
  const rows = [
    { zone: 'Pacific/Auckland', known: true },
    { zone: 'UTC', known: true },
    { zone: 'Europe/Berlin', known: true },
    { zone: 'Pacific/Chatham', known: true },
    { zone: 'Mars/Base', known: false },
    { zone: 'Pacific/Atlantis', known: false },
    { zone: '', known: false },
  ]
  for (const { zone, known } of rows) {
    test(`${JSON.stringify(zone)} is ${known ? 'a' : 'not a'} time zone`, () => {
      assert.equal(isTimeZone(zone), known)
    })
  }
})
