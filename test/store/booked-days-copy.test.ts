import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { type CalendarDate, toDayNumber } from '../../src/domain/calendar-date.ts'
import { BookedDaysCopy } from '../../src/store/booked-days-copy.ts'

const day = (text: string) => text as CalendarDate
const n = (text: string) => toDayNumber(day(text))

describe('the copy of booked days answers as the table would', () => {
  const copy = BookedDaysCopy.of([
    { depot_id: 1, vehicle_id: 1, day: day('2027-03-10'), units_booked: 1 },
    { depot_id: 1, vehicle_id: 1, day: day('2027-03-11'), units_booked: 3 },
    { depot_id: 1, vehicle_id: 2, day: n('2027-03-11'), units_booked: 2 },
    { depot_id: 2, vehicle_id: 1, day: n('2027-03-10'), units_booked: 1 },
  ])
  const rows: [
    why: string,
    from: string,
    to: string,
    vehicles: number[],
    booked: [number, number][],
  ][] = [
    [
      'the most on one day of the range',
      '2027-03-09',
      '2027-03-12',
      [1, 2],
      [
        [1, 3],
        [2, 2],
      ],
    ],
    ['one day', '2027-03-10', '2027-03-10', [1, 2], [[1, 1]]],
    ['before any booking', '2026-01-01', '2027-03-09', [1, 2], []],
    ['after every booking', '2027-03-12', '2029-01-01', [1, 2], []],
    ['only the vehicles asked', '2027-03-01', '2027-03-31', [2], [[2, 2]]],
    ['a vehicle never booked', '2027-03-01', '2027-03-31', [9], []],
  ]
  for (const [why, from, to, vehicleIds, booked] of rows) {
    test(why, () =>
      assert.deepEqual(
        [...copy.bookedUnits({ depotId: 1, vehicleIds, from: day(from), to: day(to) })],
        booked,
      ),
    )
  }
  test('another depot is apart', () =>
    assert.deepEqual(
      [
        ...copy.bookedUnits({
          depotId: 3,
          vehicleIds: [1],
          from: day('2027-03-10'),
          to: day('2027-03-10'),
        }),
      ],
      [],
    ))
})

describe('the copy follows the table as rows are set, grown on either side', () => {
  test('days set far before and after the first grow the timeline and keep what was there', () => {
    const copy = new BookedDaysCopy()
    copy.set(1, 1, n('2027-06-01'), 2)
    copy.set(1, 1, n('2026-01-01'), 1)
    copy.set(1, 1, n('2028-12-31'), 4)
    copy.addBooking(1, 1, day('2027-05-31'), day('2027-06-02'))
    assert.deepEqual(
      [...copy.rows()].map((row) => [row.day, row.units_booked]),
      [
        [n('2026-01-01'), 1],
        [n('2027-05-31'), 1],
        [n('2027-06-01'), 3],
        [n('2027-06-02'), 1],
        [n('2028-12-31'), 4],
      ],
    )
  })
  test('0 removes a day; a day never booked set to 0 changes nothing', () => {
    const copy = new BookedDaysCopy()
    copy.set(1, 1, n('2027-06-01'), 2)
    copy.set(1, 1, n('2027-06-01'), 0)
    copy.set(1, 1, n('2020-01-01'), 0)
    copy.set(5, 5, n('2027-06-01'), 0)
    assert.deepEqual([...copy.rows()], [])
    assert.deepEqual(
      [
        ...copy.bookedUnits({
          depotId: 1,
          vehicleIds: [1],
          from: day('2027-06-01'),
          to: day('2027-06-01'),
        }),
      ],
      [],
    )
  })
})

describe('a list of vehicles asked again and again', () => {
  test('sees the days booked since, on a timeline grown or made meanwhile', () => {
    const copy = new BookedDaysCopy()
    const ids = [1, 2]
    const query = { depotId: 1, vehicleIds: ids, from: day('2027-03-01'), to: day('2027-03-31') }
    copy.set(1, 1, n('2027-03-10'), 1)
    assert.deepEqual([...copy.bookedUnits(query)], [[1, 1]])
    // Vehicle 2's first booked day at the depot, and vehicle 1's timeline grown far back.
    copy.set(1, 2, n('2027-03-20'), 2)
    copy.set(1, 1, n('2026-01-01'), 1)
    copy.set(1, 1, n('2027-03-30'), 3)
    assert.deepEqual(
      [...copy.bookedUnits(query)],
      [
        [1, 3],
        [2, 2],
      ],
    )
  })
})
