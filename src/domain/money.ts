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

const CENTS_PER_DOLLAR = 100

/**
 * `NZ$1,234.50`: always the currency and two decimals. Worked out on the integer cents so that no
 * floating-point rounding can show a wrong cent however large the amount. The thousands are
 * grouped here, as en-NZ groups them, rather than through Intl.NumberFormat: every quote writes a
 * dozen amounts in its terms, and Intl took some 2% of a quote's CPU time.
 */
export function formatNzd(cents: Cents): string {
  const sign = cents < 0 ? '-' : ''
  const magnitude = Math.abs(cents)
  const dollars = String(Math.floor(magnitude / CENTS_PER_DOLLAR))
  const rest = String(magnitude % CENTS_PER_DOLLAR).padStart(2, '0')
  return `${sign}NZ$${groupedThousands(dollars)}.${rest}`
}

/** `1234567` as `1,234,567`. */
function groupedThousands(digits: string): string {
  let grouped = digits.slice(0, digits.length % 3 || 3)
  for (let at = grouped.length; at < digits.length; at += 3) {
    grouped += `,${digits.slice(at, at + 3)}`
  }
  return grouped
}
