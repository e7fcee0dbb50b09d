import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  MAX_ACCESSORY_ITEMS,
  parseAccessorySelection,
} from '../../src/domain/accessory-selection.ts'
import { CatalogueIndex } from '../../src/domain/catalogue-index.ts'
import type { InvalidRequestCode } from '../../src/domain/errors.ts'
import { date, domainErrorFrom, loadRulesFleet, vehicleOf } from '../helpers/domain-fixtures.ts'

// The rules fleet's accessories: 1 Seat (every class, all year, at most 2), 2 Chains (every
// class, December and January only, at most 1), 3 Kit (vans only, at most 1).
const { catalogue } = loadRulesFleet()
const index = new CatalogueIndex(catalogue)
const car = vehicleOf(catalogue, 1)
const van = vehicleOf(catalogue, 2)
const JANUARY = date('2027-01-15')
const MARCH = date('2027-03-15')

function select(text: string | undefined, vehicle = car, pickUpDate = JANUARY) {
  return parseAccessorySelection(index, text, vehicle, pickUpDate).map(
    ({ accessory, quantity }) => ({ id: accessory.id, quantity }),
  )
}

describe('parseAccessorySelection reads a comma-separated list; an id twice is a quantity of two', () => {
  const rows = [
    { text: undefined, selected: [], why: 'an absent parameter selects nothing' },
    { text: '', selected: [], why: 'an empty parameter selects nothing' },
    { text: '1', selected: [{ id: 1, quantity: 1 }], why: 'one id' },
    { text: '1,1', selected: [{ id: 1, quantity: 2 }], why: 'the same id twice is quantity 2' },
    {
      text: '1,2',
      selected: [
        { id: 1, quantity: 1 },
        { id: 2, quantity: 1 },
      ],
      why: 'two ids',
    },
    {
      text: '1,2,1',
      selected: [
        { id: 1, quantity: 2 },
        { id: 2, quantity: 1 },
      ],
      why: 'repeats need not be adjacent',
    },
  ]
  for (const { text, selected, why } of rows) {
    test(`${JSON.stringify(text)} selects ${JSON.stringify(selected)} (${why})`, () => {
      assert.deepEqual(select(text), selected)
    })
  }

  test('a van gets the van-only kit', () => {
    assert.deepEqual(select('3', van), [{ id: 3, quantity: 1 }])
  })

  test('the selection carries the accessory itself for pricing', () => {
    const [first] = parseAccessorySelection(index, '1', car, JANUARY)
    assert.equal(first?.accessory.name, 'Seat')
    assert.equal(first?.accessory.price, 1200)
  })
})

type Refusal = {
  text: string
  vehicle?: typeof car
  on?: typeof JANUARY
  code: InvalidRequestCode
  /** What the message must hold to name the offending item. */
  names: string
  why: string
}

describe('parseAccessorySelection refuses a bad item with accessory_ids and a message naming it', () => {
  const syntaxHint = 'send accessory ids as plain whole numbers separated by commas'
  const rows: Refusal[] = [
    {
      text: '1,,2',
      code: 'invalid_parameter',
      names: 'item 2 is empty',
      why: 'an empty middle item',
    },
    { text: ',1', code: 'invalid_parameter', names: 'item 1 is empty', why: 'a leading comma' },
    { text: '1,', code: 'invalid_parameter', names: 'item 2 is empty', why: 'a trailing comma' },
    { text: ',', code: 'invalid_parameter', names: 'item 1 is empty', why: 'only a comma' },
    { text: '07', code: 'invalid_parameter', names: 'item 1 "07"', why: 'a leading zero' },
    { text: '0', code: 'invalid_parameter', names: 'item 1 "0"', why: 'zero is not an id' },
    { text: '1.0', code: 'invalid_parameter', names: 'item 1 "1.0"', why: 'a decimal point' },
    { text: '1e1', code: 'invalid_parameter', names: 'item 1 "1e1"', why: 'an exponent' },
    { text: '0x1', code: 'invalid_parameter', names: 'item 1 "0x1"', why: 'hexadecimal' },
    { text: ' 1', code: 'invalid_parameter', names: 'item 1 " 1"', why: 'a leading space' },
    { text: '1, 2', code: 'invalid_parameter', names: 'item 2 " 2"', why: 'a space after a comma' },
    { text: '1 ', code: 'invalid_parameter', names: 'item 1 "1 "', why: 'a trailing space' },
    { text: '-1', code: 'invalid_parameter', names: 'item 1 "-1"', why: 'a negative number' },
    { text: '+1', code: 'invalid_parameter', names: 'item 1 "+1"', why: 'a plus sign' },
    { text: 'abc', code: 'invalid_parameter', names: 'item 1 "abc"', why: 'letters' },
    { text: '1;2', code: 'invalid_parameter', names: 'item 1 "1;2"', why: 'a semicolon separator' },
    {
      text: '12345678901',
      code: 'invalid_parameter',
      names: 'item 1 "12345678901"',
      why: 'more than ten digits',
    },
    {
      text: '2147483648',
      code: 'unknown_accessory',
      names: 'item 1 (id 2147483648) is not an accessory',
      why: 'past the largest id the fleet can hold',
    },
    {
      text: '99',
      code: 'unknown_accessory',
      names: 'item 1 (id 99) is not an accessory',
      why: 'unknown id',
    },
    {
      text: '1,99',
      code: 'unknown_accessory',
      names: 'item 2 (id 99) is not an accessory',
      why: 'an unknown id after a good one',
    },
    {
      text: '3',
      code: 'accessory_not_offered',
      names:
        'item 1 (id 3, Kit) is not offered for Test Car picked up on 2027-01-15: it is offered only for vehicles of class van',
      why: 'the kit is for vans only',
    },
    {
      text: '2',
      on: MARCH,
      code: 'accessory_not_offered',
      names:
        'item 1 (id 2, Chains) is not offered for Test Car picked up on 2027-03-15: it is offered for pick-ups in January and December',
      why: 'chains are offered in December and January only',
    },
    {
      text: '1,1,1',
      code: 'too_many_accessories',
      names: 'asks for 3 of id 1 (Seat); at most 2 per rental',
      why: 'one more than max_quantity',
    },
    {
      text: '2,2',
      code: 'too_many_accessories',
      names: 'asks for 2 of id 2 (Chains); at most 1 per rental',
      why: 'twice an accessory limited to one',
    },
    {
      text: Array(MAX_ACCESSORY_ITEMS).fill('1').join(','),
      code: 'too_many_accessories',
      names: 'asks for 50 of id 1 (Seat)',
      why: 'exactly 50 items pass the item count and meet the quantity limit',
    },
    {
      text: '[1,2]',
      code: 'invalid_parameter',
      names: '"[1,2]" is a JSON list; send comma-separated ids such as 1,2',
      why: 'a JSON list',
    },
    {
      text: '["1", "2"]',
      code: 'invalid_parameter',
      names: 'is a JSON list; send comma-separated ids such as 1,2',
      why: 'a JSON list of strings',
    },
    {
      text: '1,1,3',
      code: 'accessory_not_offered',
      names: 'item 3 (id 3, Kit)',
      why: 'item N counts the items as sent, repeats included',
    },
    {
      text: Array(MAX_ACCESSORY_ITEMS + 1)
        .fill('1')
        .join(','),
      code: 'invalid_parameter',
      names: 'has 51 items; send at most 50',
      why: 'more than 50 items are refused before any lookup',
    },
  ]
  for (const { text, vehicle, on, code, names, why } of rows) {
    const shown = text.length > 20 ? `${text.slice(0, 17)}...` : text
    test(`${JSON.stringify(shown)} is ${code} (${why})`, () => {
      const error = domainErrorFrom(() =>
        parseAccessorySelection(index, text, vehicle ?? car, on ?? JANUARY),
      )
      assert.equal(error.code, code)
      assert.equal(error.parameter, 'accessory_ids')
      assert.ok(
        error.message.startsWith('accessory_ids '),
        `message names accessory_ids: ${error.message}`,
      )
      assert.ok(error.message.includes(names), `message holds "${names}": ${error.message}`)
      if (code === 'invalid_parameter' && names.startsWith('item ')) {
        assert.ok(error.message.includes(syntaxHint), `message says what to send: ${error.message}`)
      }
      if (code === 'unknown_accessory' || code === 'accessory_not_offered') {
        // Where the ids are listed is for each door to word (an endpoint, a tool).
        assert.equal(error.listing?.of, 'accessories', 'the error names the listing')
        assert.doesNotMatch(error.message, /GET \//, 'the domain names no endpoint')
      }
    })
  }
})
