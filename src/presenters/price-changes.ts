import type { Quote } from '../domain/quote.ts'
import { formatNzd } from './display-format.ts'

type Lines = Pick<
  Quote,
  | 'surcharges'
  | 'discount'
  | 'promotion'
  | 'totalAmount'
  | 'driverAge'
  | 'pickUpTime'
  | 'dropOffTime'
>

/**
 * What changed between the quote a person was handed and the one priced for what they told the
 * checkout since, one sentence each: why (the driver's age, the times chosen), each surcharge
 * added or dropped, the promotion, and the total before and after.
 */
export function priceChanges(previous: Lines, quote: Lines): string[] {
  const changes: string[] = []
  if (quote.driverAge !== null && quote.driverAge !== previous.driverAge) {
    changes.push(`The driver will be ${quote.driverAge} on the pick-up date.`)
  }
  const times = [quote.pickUpTime, quote.dropOffTime].filter((time) => time !== null)
  if (
    times.length > 0 &&
    (quote.pickUpTime !== previous.pickUpTime || quote.dropOffTime !== previous.dropOffTime)
  ) {
    changes.push(
      `Hand-over at ${quote.pickUpTime ?? 'a time to choose'} (pick-up) and ${quote.dropOffTime ?? 'a time to choose'} (drop-off).`,
    )
  }
  const before = new Map(previous.surcharges.map((line) => [line.id, line]))
  const after = new Map(quote.surcharges.map((line) => [line.id, line]))
  for (const line of quote.surcharges) {
    if (!before.has(line.id)) changes.push(`Added: ${line.name}, ${formatNzd(line.cost)}.`)
  }
  for (const line of previous.surcharges) {
    if (!after.has(line.id)) changes.push(`No longer charged: ${line.name}.`)
  }
  if ((previous.promotion?.code ?? '') !== (quote.promotion?.code ?? '')) {
    changes.push(
      quote.promotion
        ? `Promotion ${quote.promotion.code} applied: ${formatNzd(quote.discount)} off.`
        : `The promotion ${previous.promotion?.code ?? ''} no longer applies.`,
    )
  }
  if (previous.totalAmount !== quote.totalAmount) {
    changes.push(
      `The total goes from ${formatNzd(previous.totalAmount)} to ${formatNzd(quote.totalAmount)}.`,
    )
  }
  return changes
}
