import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { ChargeRule } from '../../src/domain/catalogue.ts'
import { chargeFor, rentalFeeFor } from '../../src/domain/pricing.ts'

describe('chargeFor is min(price x (days, or 1 per rental), cap) x quantity, in cents', () => {
  const rows: {
    rule: string
    charge: ChargeRule
    days: number
    quantity: number
    cents: number
  }[] = [
    {
      rule: 'per day without a cap is price x days',
      charge: { price: 1200, per: 'day', maxCharge: null },
      days: 7,
      quantity: 1,
      cents: 8400,
    },
    {
      rule: 'per day for a one-day rental is the price once',
      charge: { price: 1200, per: 'day', maxCharge: null },
      days: 1,
      quantity: 1,
      cents: 1200,
    },
    {
      rule: 'per rental is the price once whatever the days',
      charge: { price: 3000, per: 'rental', maxCharge: null },
      days: 14,
      quantity: 1,
      cents: 3000,
    },
    {
      rule: 'per day below the cap is not capped',
      charge: { price: 1200, per: 'day', maxCharge: 5000 },
      days: 4,
      quantity: 1,
      cents: 4800,
    },
    {
      rule: 'per day exactly at the cap is the cap',
      charge: { price: 1000, per: 'day', maxCharge: 5000 },
      days: 5,
      quantity: 1,
      cents: 5000,
    },
    {
      rule: 'per day over the cap is the cap',
      charge: { price: 1200, per: 'day', maxCharge: 5000 },
      days: 5,
      quantity: 1,
      cents: 5000,
    },
    {
      rule: 'per rental over the cap is the cap',
      charge: { price: 3000, per: 'rental', maxCharge: 2500 },
      days: 3,
      quantity: 1,
      cents: 2500,
    },
    {
      rule: 'quantity multiplies the uncapped amount',
      charge: { price: 1200, per: 'day', maxCharge: 5000 },
      days: 3,
      quantity: 2,
      cents: 7200,
    },
    {
      rule: 'quantity multiplies the capped amount, not the cap of the sum',
      charge: { price: 1200, per: 'day', maxCharge: 5000 },
      days: 10,
      quantity: 2,
      cents: 10000,
    },
    {
      rule: 'quantity multiplies a per-rental price',
      charge: { price: 6000, per: 'rental', maxCharge: null },
      days: 9,
      quantity: 2,
      cents: 12000,
    },
    {
      rule: 'a zero price costs nothing however long the rental',
      charge: { price: 0, per: 'day', maxCharge: null },
      days: 90,
      quantity: 1,
      cents: 0,
    },
    {
      rule: 'a zero cap makes the charge nothing',
      charge: { price: 995, per: 'day', maxCharge: 0 },
      days: 3,
      quantity: 1,
      cents: 0,
    },
    {
      rule: 'odd cents stay exact (9.95 a day for 3 days is 29.85)',
      charge: { price: 995, per: 'day', maxCharge: 9950 },
      days: 3,
      quantity: 1,
      cents: 2985,
    },
  ]
  for (const { rule, charge, days, quantity, cents } of rows) {
    test(`${rule}: ${charge.price} per ${charge.per}, cap ${charge.maxCharge}, ${days} days x ${quantity} = ${cents}`, () => {
      assert.equal(chargeFor(charge, days, quantity), cents)
    })
  }
})

describe('rentalFeeFor is the daily rate times the rental days, exactly', () => {
  const rows = [
    { rate: 9000, days: 5, cents: 45000 },
    { rate: 4550, days: 3, cents: 13650 },
    { rate: 7900, days: 1, cents: 7900 },
    { rate: 3750, days: 90, cents: 337500 },
    { rate: 1, days: 7, cents: 7 },
  ]
  for (const { rate, days, cents } of rows) {
    test(`${rate} cents a day for ${days} days is ${cents} cents`, () => {
      assert.equal(rentalFeeFor(rate, days), cents)
    })
  }
})
