import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Depot } from '../../src/domain/catalogue.ts'
import { DomainError } from '../../src/domain/errors.ts'
import {
  checkHandoverTime,
  checkSameDayOrder,
  type Now,
  timesLeft,
} from '../../src/domain/handover-times.ts'
import { date, depotOf, loadRulesFleet } from '../helpers/domain-fixtures.ts'

// The rules fleet: Alpha (1) picks up 08:00 and 12:00 on weekdays and takes drop-offs at 10:00 and
// 17:00; Beta (2) takes weekday drop-offs at 16:00. 2027-01-13 is a Wednesday.
const { catalogue } = loadRulesFleet()
const alpha = depotOf(catalogue, 1)
const beta = depotOf(catalogue, 2)
/** Alpha as a depot whose only weekday drop-off, 07:00, is before its first pick-up. */
const early: Depot = { ...alpha, dropOffTimes: { weekday: ['07:00'], weekend: [] } }
/** Alpha as a depot that also hands vehicles over at 20:00, after its last drop-off. */
const late: Depot = { ...alpha, pickupTimes: { weekday: ['08:00', '12:00', '20:00'], weekend: [] } }
const DAY = date('2027-01-13')
/** 09:30 that Wednesday in Auckland: Alpha's 08:00 pick-up is gone. */
const MORNING: Now = { instant: new Date('2027-01-12T20:30:00Z'), timeZone: 'Pacific/Auckland' }

function refusal(run: () => void): { code: string; parameter?: string; message: string } | null {
  try {
    run()
    return null
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return {
      code: error.code,
      ...(error.parameter ? { parameter: error.parameter } : {}),
      message: error.message,
    }
  }
}

describe('checkSameDayOrder: a rental on one day ends after it starts', () => {
  const rows: {
    rule: string
    depots: [Depot, Depot]
    times: [string | null, string | null]
    now?: Now
    refused: { parameter: string; message: string } | null
  }[] = [
    {
      rule: 'a drop-off after the pick-up',
      depots: [alpha, alpha],
      times: ['08:00', '10:00'],
      refused: null,
    },
    {
      rule: 'to another depot, later',
      depots: [alpha, beta],
      times: ['12:00', '16:00'],
      refused: null,
    },
    {
      rule: 'no pick-up time: the first of the day is before the drop-off',
      depots: [alpha, alpha],
      times: [null, '10:00'],
      refused: null,
    },
    {
      rule: 'no drop-off time: the last of the day is after the pick-up',
      depots: [alpha, alpha],
      times: ['12:00', null],
      refused: null,
    },
    {
      rule: 'an evening pick-up with a morning drop-off',
      depots: [alpha, alpha],
      times: ['12:00', '10:00'],
      refused: {
        parameter: 'drop_off_time',
        message:
          'drop_off_time 10:00 is not after pick_up_time 12:00 on the same day (2027-01-13); send a drop_off_time after 12:00 (one of 17:00) or a later drop_off_date',
      },
    },
    {
      rule: 'a drop-off before the first pick-up of the day',
      depots: [alpha, early],
      times: [null, '07:00'],
      refused: {
        parameter: 'drop_off_time',
        message:
          'drop_off_time 07:00 on 2027-01-13 is not after the earliest pick-up Alpha can give that day (08:00); Alpha takes no drop-off after 08:00 that day; send a later drop_off_date',
      },
    },
    {
      rule: 'a pick-up after the last drop-off of the day',
      depots: [alpha, early],
      times: ['12:00', null],
      refused: {
        parameter: 'pick_up_time',
        message:
          'pick_up_time 12:00 is not before the last drop-off time Alpha offers on the same day (2027-01-13, 07:00); send a later drop_off_date',
      },
    },
    {
      rule: 'a pick-up after the last drop-off, with earlier pick-ups to send',
      depots: [late, alpha],
      times: ['20:00', null],
      refused: {
        parameter: 'pick_up_time',
        message:
          'pick_up_time 20:00 is not before the last drop-off time Alpha offers on the same day (2027-01-13, 17:00); send a pick_up_time before 17:00 (one of 08:00, 12:00) or a later drop_off_date',
      },
    },
    {
      rule: 'no times sent, and none that make a rental',
      depots: [alpha, early],
      times: [null, null],
      refused: {
        parameter: 'drop_off_date',
        message:
          "Alpha's last drop-off time on 2027-01-13 (07:00) is not after the earliest pick-up Alpha can give that day (08:00); send a later drop_off_date",
      },
    },
    {
      rule: "today, after the drop-off depot's last time, with a pick-up still to come",
      depots: [late, alpha],
      times: [null, null],
      now: { instant: new Date('2027-01-13T05:00:00Z'), timeZone: 'Pacific/Auckland' },
      refused: {
        parameter: 'drop_off_date',
        message:
          "Alpha's last drop-off time on 2027-01-13 (17:00) has passed (it is 18:00 there now); send a later drop_off_date",
      },
    },
    {
      rule: 'today, with every pick-up and drop-off gone: a closed day, availability says so',
      depots: [alpha, alpha],
      times: [null, null],
      now: { instant: new Date('2027-01-13T05:00:00Z'), timeZone: 'Pacific/Auckland' },
      refused: null,
    },
    {
      rule: 'today, the earliest pick-up is the first still to come',
      depots: [alpha, alpha],
      times: [null, '10:00'],
      now: MORNING,
      refused: {
        parameter: 'drop_off_time',
        message:
          'drop_off_time 10:00 on 2027-01-13 is not after the earliest pick-up Alpha can give that day (12:00); send a drop_off_time after 12:00 (one of 17:00) or a later drop_off_date',
      },
    },
  ]
  for (const { rule, depots, times, now, refused } of rows) {
    test(`${rule}: ${refused ? `400 naming ${refused.parameter}` : 'accepted'}`, () => {
      const got = refusal(() =>
        checkSameDayOrder(depots[0], depots[1], DAY, times[0], times[1], now),
      )
      assert.deepEqual(got, refused && { code: 'drop_off_before_pick_up', ...refused })
    })
  }
})

describe('checkHandoverTime today lists only the times still to come', () => {
  test('a time not offered, asked today, is told the ones left', () => {
    const got = refusal(() =>
      checkHandoverTime(alpha, DAY, '09:00', 'pick-up', 'pick_up_time', { now: MORNING }),
    )
    assert.equal(
      got?.message,
      'pick_up_time 09:00 is not a pick-up time of Alpha on a weekday (2027-01-13); send one of 12:00',
    )
  })

  test('with none left that day, to send a later date', () => {
    const evening: Now = { instant: new Date('2027-01-13T05:00:00Z'), timeZone: 'Pacific/Auckland' }
    const got = refusal(() =>
      checkHandoverTime(alpha, DAY, '13:00', 'drop-off', 'drop_off_time', { now: evening }),
    )
    assert.equal(
      got?.message,
      'drop_off_time 13:00 is not a drop-off time of Alpha on a weekday (2027-01-13), and its last drop-off time that day has passed (it is 18:00 there now); send a later date',
    )
  })

  test('on a rental of one day, the drop-off times suggested are those after the pick-up', () => {
    const got = refusal(() =>
      checkHandoverTime(alpha, DAY, '11:00', 'drop-off', 'drop_off_time', { after: '12:00' }),
    )
    assert.equal(
      got?.message,
      'drop_off_time 11:00 is not a drop-off time of Alpha on a weekday (2027-01-13); send one of 17:00',
    )
    const none = refusal(() =>
      checkHandoverTime(alpha, DAY, '11:00', 'drop-off', 'drop_off_time', { after: '18:00' }),
    )
    assert.equal(
      none?.message,
      'drop_off_time 11:00 is not a drop-off time of Alpha on a weekday (2027-01-13), and it takes none after the pick-up at 18:00 that day; send a later date',
    )
  })

  test('a drop-off time already passed today is refused as a pick-up time is', () => {
    const got = refusal(() =>
      checkHandoverTime(alpha, DAY, '10:00', 'drop-off', 'drop_off_time', {
        now: { ...MORNING, instant: new Date('2027-01-12T22:00:00Z') },
      }),
    )
    assert.equal(
      got?.message,
      'drop_off_time 10:00 on 2027-01-13 has passed (it is 11:00 there now); send one of 17:00, or a later date',
    )
  })
})

describe('timesLeft: the hand-over times a person can still choose', () => {
  const rows: {
    rule: string
    dates: [string, string]
    pickUpTime: string | null
    now?: Now
    pickUp: string[]
    dropOff: string[]
  }[] = [
    {
      rule: 'a rental of some days, far off: every time of each day',
      dates: ['2027-01-13', '2027-01-15'],
      pickUpTime: null,
      pickUp: ['08:00', '12:00'],
      dropOff: ['10:00', '17:00'],
    },
    {
      rule: 'picked up today: only the pick-up times still to come',
      dates: ['2027-01-13', '2027-01-15'],
      pickUpTime: null,
      now: MORNING,
      pickUp: ['12:00'],
      dropOff: ['10:00', '17:00'],
    },
    {
      rule: 'one day: only drop-offs after the earliest pick-up left',
      dates: ['2027-01-13', '2027-01-13'],
      pickUpTime: null,
      now: MORNING,
      pickUp: ['12:00'],
      dropOff: ['17:00'],
    },
    {
      rule: 'one day, a pick-up time given: only drop-offs after it',
      dates: ['2027-01-13', '2027-01-13'],
      pickUpTime: '08:00',
      pickUp: ['08:00', '12:00'],
      dropOff: ['10:00', '17:00'],
    },
    {
      rule: 'one day, a late pick-up time given: no drop-off after it',
      dates: ['2027-01-13', '2027-01-13'],
      pickUpTime: '12:00',
      pickUp: ['08:00', '12:00'],
      dropOff: ['17:00'],
    },
  ]
  for (const row of rows) {
    test(row.rule, () => {
      const left = timesLeft(
        alpha,
        alpha,
        { pickUpDate: date(row.dates[0]), dropOffDate: date(row.dates[1]) },
        row.pickUpTime,
        row.now,
      )
      assert.deepEqual(left, { pickUp: row.pickUp, dropOff: row.dropOff })
    })
  }
})
