import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { formatNzd, gstIncludedIn, toDollars } from '../../src/domain/money.ts'

describe('toDollars converts integer cents to dollars with at most two decimals', () => {
  const rows = [
    { cents: 12345, dollars: 123.45, json: '123.45' },
    { cents: 1, dollars: 0.01, json: '0.01' },
    { cents: 10, dollars: 0.1, json: '0.1' },
    { cents: 0, dollars: 0, json: '0' },
    { cents: 100, dollars: 1, json: '1' },
    { cents: 1999, dollars: 19.99, json: '19.99' },
    { cents: 7550, dollars: 75.5, json: '75.5' },
    { cents: 123456789, dollars: 1234567.89, json: '1234567.89' },
  ]
  for (const { cents, dollars, json } of rows) {
    test(`${cents} cents is ${json} dollars in JSON`, () => {
      assert.equal(toDollars(cents), dollars)
      assert.equal(JSON.stringify(toDollars(cents)), json)
    })
  }

  const sums = [
    { parts: [10, 20], json: '0.3', why: '0.10 + 0.20 summed in cents, not 0.30000000000000004' },
    { parts: [1999, 1, 995], json: '29.95', why: '19.99 + 0.01 + 9.95' },
    { parts: [45000, 7550, 5000, 0], json: '575.5', why: 'a quote total' },
    { parts: [33, 33, 34], json: '1', why: 'three thirds of a dollar' },
  ]
  for (const { parts, json, why } of sums) {
    test(`a sum of ${parts.join(' + ')} cents prints as ${json} (${why})`, () => {
      const total = parts.reduce((sum, part) => sum + part, 0)
      assert.equal(JSON.stringify({ totalAmount: toDollars(total) }), `{"totalAmount":${json}}`)
    })
  }

  test('every cent amount up to 1000 dollars prints with at most two decimals', () => {
    for (let cents = 0; cents <= 100_000; cents++) {
      const text = JSON.stringify(toDollars(cents))
      assert.match(text, /^\d+(\.\d{1,2})?$/, `${cents} cents printed as ${text}`)
      assert.equal(Math.round(Number(text) * 100), cents)
    }
  })
})

describe('gstIncludedIn is the 15% GST share of a GST-inclusive amount (3/23), to the cent', () => {
  const rows = [
    { cents: 11500, gst: 1500, why: '$115.00 holds $15.00' },
    { cents: 115, gst: 15, why: '$1.15 holds $0.15' },
    { cents: 0, gst: 0, why: 'nothing holds nothing' },
    { cents: 100, gst: 13, why: '$1.00 holds 13.04 cents, rounded down' },
    { cents: 1000, gst: 130, why: '$10.00 holds 130.43 cents, rounded down' },
    { cents: 4600, gst: 600, why: '$46.00 holds $6.00' },
    { cents: 12, gst: 2, why: '12 cents holds 1.57 cents, rounded up' },
  ]
  for (const { cents, gst, why } of rows) {
    test(`${cents} cents holds ${gst} cents of GST (${why})`, () => {
      assert.equal(gstIncludedIn(cents), gst)
    })
  }
})

describe('formatNzd writes an amount as a person reads it: NZ$, thousands grouped, two decimals', () => {
  const rows = [
    { cents: 0, text: 'NZ$0.00' },
    { cents: 5, text: 'NZ$0.05' },
    { cents: 99, text: 'NZ$0.99' },
    { cents: 100, text: 'NZ$1.00' },
    { cents: 99_999, text: 'NZ$999.99' },
    { cents: 100_000, text: 'NZ$1,000.00' },
    { cents: 108_400, text: 'NZ$1,084.00' },
    { cents: 1_234_567, text: 'NZ$12,345.67' },
    { cents: 12_345_678, text: 'NZ$123,456.78' },
    { cents: 123_456_789, text: 'NZ$1,234,567.89' },
    { cents: 900_719_925_474_099, text: 'NZ$9,007,199,254,740.99' },
    { cents: -2_050, text: '-NZ$20.50' },
    { cents: -150_000, text: '-NZ$1,500.00' },
  ]
  for (const { cents, text } of rows) {
    test(`${cents} cents is ${text}`, () => assert.equal(formatNzd(cents), text))
  }

  test('groups every amount as en-NZ does', () => {
    const enNz = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 0 })
    for (let dollars = 0; dollars < 2_000_000; dollars += 997) {
      assert.equal(formatNzd(dollars * 100 + 7), `NZ$${enNz.format(dollars)}.07`)
    }
  })
})
