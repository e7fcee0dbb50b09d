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
