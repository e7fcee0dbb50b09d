import type { Quote } from './quote.ts'

/** What a person chose: the parts of a quote that must match for its price to apply. */
export type RentalChoice = Pick<
  Quote,
  | 'vehicleId'
  | 'pickUpDepotId'
  | 'dropOffDepotId'
  | 'pickUpDate'
  | 'dropOffDate'
  | 'accessories'
  | 'insurance'
>

/**
 * True when the quote prices exactly this choice: vehicle, depots, dates, accessories with their
 * quantities (in any order) and insurance plan. A quote's price is honoured only for its choice.
 */
export function quotePricesChoice(quote: RentalChoice, choice: RentalChoice): boolean {
  return (
    quote.vehicleId === choice.vehicleId &&
    quote.pickUpDepotId === choice.pickUpDepotId &&
    quote.dropOffDepotId === choice.dropOffDepotId &&
    quote.pickUpDate === choice.pickUpDate &&
    quote.dropOffDate === choice.dropOffDate &&
    optionsKey(quote) === optionsKey(choice)
  )
}

function optionsKey(choice: RentalChoice): string {
  const accessories = choice.accessories
    .map((line) => `${line.id}x${line.quantity}`)
    .sort()
    .join(',')
  return `${accessories}|${choice.insurance?.id ?? ''}`
}

/**
 * True when the quote's surcharges and promotion are those of the rental as the checkout now
 * knows it: the same surcharges apply (no after-hours fee for a time chosen since, no young-driver
 * fee for an age given since) and the same promotion. Their amounts are the quote's to honour.
 */
export function quoteExtrasMatch(
  quote: Pick<Quote, 'surcharges' | 'promotion'>,
  rental: Pick<Quote, 'surcharges' | 'promotion'>,
): boolean {
  const ids = (lines: Quote['surcharges']) =>
    lines
      .map((line) => line.id)
      .sort()
      .join(',')
  return (
    ids(quote.surcharges) === ids(rental.surcharges) &&
    (quote.promotion?.code ?? '') === (rental.promotion?.code ?? '')
  )
}

/** True once the quote's price may no longer be honoured. */
export function quoteHasExpired(quote: Pick<Quote, 'expiresAt'>, now: Date): boolean {
  return Date.parse(quote.expiresAt) <= now.getTime()
}
