import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { shortJson } from '../../src/docs/short-json.ts'

describe('shortJson', () => {
  test('without limits, is valid JSON equal to its input', () => {
    const value = {
      quoteId: 'q_1',
      priceBreakdown: { rentalFee: 378, accessories: [{ id: 1, cost: 84 }], insurance: null },
      empty: [],
      nothing: {},
    }
    assert.deepEqual(JSON.parse(shortJson(value)), value)
  })

  test('writes a small flat object on one line', () => {
    assert.equal(
      shortJson([{ time: '06:00', day: 'weekday' }]),
      '[\n  { "time": "06:00", "day": "weekday" }\n]',
    )
  })

  test('cuts long arrays and says how many items were left out', () => {
    assert.equal(shortJson([1, 2, 3, 4], { maxTopItems: 2 }), '[\n  1,\n  2\n  … 2 more\n]')
    assert.equal(
      shortJson([{ times: [1, 2, 3] }], { maxNestedItems: 1 }),
      '[\n  {\n    "times": [\n      1\n      … 2 more\n    ]\n  }\n]',
    )
  })

  test('leaves out undefined fields as JSON.stringify does', () => {
    assert.equal(shortJson({ a: 1, b: undefined }), '{ "a": 1 }')
  })
})
