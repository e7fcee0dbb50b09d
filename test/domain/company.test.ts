import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { defaultReferencePrefix } from '../../src/domain/company.ts'

describe("a company's booking reference prefix, when its fleet file gives none, is its initials", () => {
  const rows = [
    { name: 'Southern Alps Campers', prefix: 'SAC', why: 'the initials of three words' },
    { name: 'Kiwi Roads Rentals', prefix: 'KRR', why: 'the demo name (its file sets KR)' },
    { name: 'Hertz', prefix: 'HE', why: 'one word: its first two letters' },
    { name: 'A', prefix: 'BK', why: 'one letter in all: a fixed prefix' },
    { name: 'Ōtautahi Rental Vans', prefix: 'ORV', why: 'accents dropped' },
    { name: 'Bob & Sons Car-Hire Ltd', prefix: 'BSCHL', why: 'symbols and dashes split words' },
    {
      name: 'One Two Three Four Five Six Seven',
      prefix: 'OTTFFS',
      why: 'cut at six letters',
    },
    { name: '4x4 Adventures', prefix: 'XA', why: 'digits are not letters' },
    { name: '東京レンタカー', prefix: 'BK', why: 'no Latin letter at all' },
  ]
  for (const { name, prefix, why } of rows) {
    test(`${name} gives ${prefix} (${why})`, () => {
      assert.equal(defaultReferencePrefix(name), prefix)
      assert.match(defaultReferencePrefix(name), /^[A-Z]{2,6}$/)
    })
  }
})
