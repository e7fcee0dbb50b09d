import type { ChargeRule } from './catalogue.ts'
import type { Cents } from './money.ts'

/** `min(price x (days, or 1 when charged per rental), cap) x quantity`, in cents. */
export function chargeFor(rule: ChargeRule, rentalDays: number, quantity: number): Cents {
  const chargedUnits = rule.per === 'day' ? rentalDays : 1
  const uncapped = rule.price * chargedUnits
  const perItem = rule.maxCharge === null ? uncapped : Math.min(uncapped, rule.maxCharge)
  return perItem * quantity
}

/** `rentalDailyRate x rental days`, exactly. */
export function rentalFeeFor(dailyRate: Cents, rentalDays: number): Cents {
  return dailyRate * rentalDays
}
