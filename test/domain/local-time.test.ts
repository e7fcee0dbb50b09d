import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { CalendarDate } from '../../src/domain/calendar-date.ts'
import { instantAt } from '../../src/domain/local-time.ts'

/*
 * A wall-clock date and time in a zone as an instant, around daylight saving changes east and
 * west of Greenwich: a time skipped when the clocks go forward is taken an hour later, a time
 * that comes twice when they go back is the first of the two.
 */

const rows: [string, string, string, string, string][] = [
  // zone, date, time, instant, why
  ['Pacific/Auckland', '2027-03-01', '09:00', '2027-02-28T20:00:00.000Z', 'summer time (NZDT)'],
  ['Pacific/Auckland', '2027-07-01', '09:00', '2027-06-30T21:00:00.000Z', 'winter time (NZST)'],
  ['Pacific/Auckland', '2027-09-26', '02:30', '2027-09-25T14:30:00.000Z', 'skipped: 03:30 NZDT'],
  ['Pacific/Auckland', '2027-04-04', '02:30', '2027-04-03T13:30:00.000Z', 'twice: the first, NZDT'],
  ['Europe/London', '2027-03-28', '01:30', '2027-03-28T01:30:00.000Z', 'skipped: 02:30 BST'],
  ['Europe/London', '2027-10-31', '01:30', '2027-10-31T00:30:00.000Z', 'twice: the first, BST'],
  ['Europe/London', '2027-10-31', '02:30', '2027-10-31T02:30:00.000Z', 'after the change, GMT'],
  ['America/New_York', '2027-03-14', '02:30', '2027-03-14T07:30:00.000Z', 'skipped: 03:30 EDT'],
  ['America/New_York', '2027-03-14', '01:30', '2027-03-14T06:30:00.000Z', 'before the change, EST'],
  ['America/New_York', '2027-03-14', '03:30', '2027-03-14T07:30:00.000Z', 'after the change, EDT'],
  ['America/New_York', '2027-11-07', '01:30', '2027-11-07T05:30:00.000Z', 'twice: the first, EDT'],
  ['America/New_York', '2027-11-07', '00:30', '2027-11-07T04:30:00.000Z', 'before the change, EDT'],
  ['Asia/Kolkata', '2027-03-14', '02:30', '2027-03-13T21:00:00.000Z', 'no daylight saving'],
]

describe('instantAt', () => {
  for (const [zone, date, time, instant, why] of rows) {
    test(`${date} ${time} in ${zone} is ${instant} (${why})`, () => {
      assert.equal(instantAt(date as CalendarDate, time, zone).toISOString(), instant)
    })
  }
})
