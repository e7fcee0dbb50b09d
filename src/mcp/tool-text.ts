/*
 * Pieces of the short text a tool gives beside its structured result, for clients that show an
 * agent text only. Amounts arrive already in dollars from the presenters.
 */

export function nzd(dollars: number): string {
  return `NZ$${dollars.toFixed(2)}`
}

/** `per day, at most NZ$70.00` or `per rental`. */
export function chargeText(per: 'day' | 'rental', maxCharge: number | null): string {
  const cap = maxCharge === null ? '' : `, at most ${nzd(maxCharge)}`
  return `per ${per}${cap}`
}

export function lines(heading: string, items: string[], next?: string): string {
  return [heading, ...items.map((item) => `- ${item}`), ...(next ? [next] : [])].join('\n')
}
