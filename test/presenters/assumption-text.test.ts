import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { assumptionText } from '../../src/presenters/quote-terms.ts'

describe('the hand-over times assumption as a sentence', () => {
  const cases = [
    {
      name: 'neither time given',
      missing: ['pick_up_time', 'drop_off_time'] as const,
      text: 'No pick_up_time or drop_off_time was given: the price is for hand-overs in opening hours (an after-hours hand-over adds its fee), and the person chooses the times at checkout.',
    },
    {
      name: 'a quote stored before the missing times were kept (it had neither)',
      missing: undefined,
      text: 'No pick_up_time or drop_off_time was given: the price is for hand-overs in opening hours (an after-hours hand-over adds its fee), and the person chooses the times at checkout.',
    },
    {
      name: 'only the drop-off time missing',
      missing: ['drop_off_time'] as const,
      text: 'No drop_off_time was given: the price is for a drop-off in opening hours (an after-hours drop-off adds its fee), and the person chooses that time at checkout.',
    },
  ]
  for (const { name, missing, text } of cases) {
    test(name, () => {
      const assumption = {
        kind: 'hand_over_times' as const,
        afterHoursFee: true,
        ...(missing ? { missing: [...missing] } : {}),
      }
      assert.equal(assumptionText(assumption), text)
    })
  }

  test('without an after-hours fee, only who chooses the time is said', () => {
    assert.equal(
      assumptionText({ kind: 'hand_over_times', afterHoursFee: false, missing: ['pick_up_time'] }),
      'No pick_up_time was given: the person chooses the pick-up time at checkout.',
    )
    assert.equal(
      assumptionText({ kind: 'hand_over_times', afterHoursFee: false }),
      'No pick_up_time or drop_off_time was given: the person chooses the times at checkout.',
    )
  })
})
