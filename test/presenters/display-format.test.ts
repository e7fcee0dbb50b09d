import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { formatInstant, formatUntil } from '../../src/presenters/display-format.ts'

/*
 * An instant as a person reads it, in the company's zone with the zone named as people there
 * write it: the New Zealand form names New Zealand's and Australia's zones but writes London's
 * summer as GMT+1; a zone no locale names keeps its offset.
 */

const rows: [string, string, string][] = [
  ['Pacific/Auckland', '2027-01-10T00:30:00Z', 'Sun, 10 Jan 2027, 1:30 pm NZDT'],
  ['Pacific/Auckland', '2027-07-10T00:30:00Z', 'Sat, 10 Jul 2027, 12:30 pm NZST'],
  ['Australia/Sydney', '2027-01-10T00:30:00Z', 'Sun, 10 Jan 2027, 11:30 am AEDT'],
  ['Europe/London', '2027-01-10T12:30:00Z', 'Sun, 10 Jan 2027, 12:30 pm GMT'],
  ['Europe/London', '2027-07-10T12:30:00Z', 'Sat, 10 Jul 2027, 1:30 pm BST'],
  ['Europe/Berlin', '2027-07-10T12:30:00Z', 'Sat, 10 Jul 2027, 2:30 pm CEST'],
  ['America/New_York', '2027-01-10T12:30:00Z', 'Sun, 10 Jan 2027, 7:30 am EST'],
  ['America/Los_Angeles', '2027-07-10T12:30:00Z', 'Sat, 10 Jul 2027, 5:30 am PDT'],
  ['Asia/Kolkata', '2027-01-10T12:30:00Z', 'Sun, 10 Jan 2027, 6:00 pm IST'],
  ['Asia/Tokyo', '2027-01-10T12:30:00Z', 'Sun, 10 Jan 2027, 9:30 pm GMT+9'],
  ['Pacific/Auckland', '2026-11-28T11:00:00Z', 'Sun, 29 Nov 2026, 12:00 am NZDT'],
]

// A deadline at midnight is the end of the day before: "until Sun, 29 Nov, 12:00 am" was read as
// during the Sunday.
const deadlines: [string, string, string][] = [
  ['Pacific/Auckland', '2026-11-28T11:00:00Z', 'the end of Sat, 28 Nov 2026 (midnight NZDT)'],
  ['Europe/London', '2027-01-01T00:00:00Z', 'the end of Thu, 31 Dec 2026 (midnight GMT)'],
  ['Asia/Tokyo', '2027-01-09T15:00:00Z', 'the end of Sat, 9 Jan 2027 (midnight GMT+9)'],
  ['Pacific/Auckland', '2026-11-28T11:01:00Z', 'Sun, 29 Nov 2026, 12:01 am NZDT'],
]

describe('formatUntil', () => {
  for (const [zone, iso, shown] of deadlines) {
    test(`until ${iso} in ${zone}: ${shown}`, () => {
      assert.equal(formatUntil(iso, zone).replace(/\s/g, ' '), shown)
    })
  }
})

describe('formatInstant', () => {
  for (const [zone, iso, shown] of rows) {
    test(`${iso} in ${zone}: ${shown}`, () => {
      // ICU puts a narrow no-break space before am and pm.
      assert.equal(formatInstant(iso, zone).replace(/\s/g, ' '), shown)
    })
  }
})
