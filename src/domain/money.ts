/** Money is held as integer cents everywhere; this is the one place it becomes dollars. */
export type Cents = number

/**
 * Dollars for a JSON response. An integer divided by 100 is the double nearest to the decimal
 * amount, which JSON prints with at most two decimals (12345 -> 123.45), so no rounding is needed.
 */
export function toDollars(cents: Cents): number {
  return cents / 100
}

/** The GST share of a GST-inclusive amount (15%: 15/115 = 3/23), rounded to the cent. */
export function gstIncludedIn(cents: Cents): Cents {
  return Math.round((cents * 3) / 23)
}

const WHOLE_DOLLARS = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 0 })
const CENTS_PER_DOLLAR = 100

/**
 * `NZ$1,234.50`: always the currency and two decimals. Worked out on the integer cents so that no
 * floating-point rounding can show a wrong cent however large the amount.
 */
export function formatNzd(cents: Cents): string {
  const sign = cents < 0 ? '-' : ''
  const magnitude = Math.abs(cents)
  const dollars = Math.floor(magnitude / CENTS_PER_DOLLAR)
  const rest = String(magnitude % CENTS_PER_DOLLAR).padStart(2, '0')
  return `${sign}NZ$${WHOLE_DOLLARS.format(dollars)}.${rest}`
}
