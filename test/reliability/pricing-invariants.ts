import fc from 'fast-check'
import { daysBetween } from '../../src/domain/calendar-date.ts'
import type { Catalogue } from '../../src/domain/catalogue.ts'
import { CatalogueIndex } from '../../src/domain/catalogue-index.ts'
import { DomainError } from '../../src/domain/errors.ts'
import type { Quote } from '../../src/domain/quote.ts'
import { presentQuote } from '../../src/presenters/present.ts'
import { SiteLinks } from '../../src/presenters/site-links.ts'
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts'
import type { VerbContext } from '../../src/verbs/context.ts'
import { priceQuote, type QuoteRequest } from '../../src/verbs/price-quote.ts'
import { FIXED_NOW } from '../helpers/test-app.ts'
import { generatedCatalogue, generatedRental } from './generated-fleets.ts'

/*
 * The pricing invariants, checked on what the quote verb itself priced over generated fleets
 * (nothing here prices anything): the total is the sum of the four fees to the cent, the rental
 * fee is the daily rate times the rental days, the accessories fee is the sum of its lines, no
 * option costs more than its cap, no amount is negative or a fraction of a cent, and the dollars
 * the API writes add up exactly as the cents do.
 */

const LINKS = new SiteLinks('https://rentals.example.com')
const RULES = { timeZone: 'Pacific/Auckland', bookingHorizonDays: 548, maxRentalDays: 90 }

export type PricingOutcome = { priced: number; refused: Map<string, number>; problems: string[] }

/** What breaks an invariant in this quote of this request over this catalogue. */
export function invariantProblems(
  catalogue: Catalogue,
  request: QuoteRequest,
  quote: Quote,
): string[] {
  const problems: string[] = []
  const fail = (what: string) => problems.push(what)
  const amounts = {
    dailyRate: quote.dailyRate,
    rentalFee: quote.rentalFee,
    routeFee: quote.routeFee,
    accessoriesFee: quote.accessoriesFee,
    insuranceFee: quote.insuranceFee,
    totalAmount: quote.totalAmount,
    ...Object.fromEntries(quote.accessories.map((line) => [`accessory ${line.id}`, line.cost])),
    ...(quote.insurance ? { insurance: quote.insurance.cost } : {}),
  }
  for (const [name, amount] of Object.entries(amounts)) {
    if (!Number.isSafeInteger(amount)) fail(`${name} ${amount} is not whole cents`)
    if (amount < 0) fail(`${name} ${amount} is negative`)
  }
  const sum = quote.rentalFee + quote.routeFee + quote.accessoriesFee + quote.insuranceFee
  if (quote.totalAmount !== sum)
    fail(`total ${quote.totalAmount} is not the sum of the fees ${sum}`)
  const days = Math.max(1, daysBetween(quote.pickUpDate, quote.dropOffDate))
  if (quote.rentalDays !== days) fail(`rentalDays ${quote.rentalDays}, expected ${days}`)
  if (quote.rentalFee !== quote.dailyRate * quote.rentalDays) {
    fail(`rentalFee ${quote.rentalFee} is not ${quote.dailyRate} x ${quote.rentalDays}`)
  }
  const lines = quote.accessories.reduce((total, line) => total + line.cost, 0)
  if (quote.accessoriesFee !== lines) fail(`accessoriesFee ${quote.accessoriesFee} is not ${lines}`)
  if (quote.insuranceFee !== (quote.insurance?.cost ?? 0)) fail('insuranceFee is not the plan cost')
  if (request.insuranceId === undefined && quote.insurance !== null) fail('a plan nobody chose')
  for (const line of quote.accessories) {
    const accessory = catalogue.accessories.find((item) => item.id === line.id)
    if (!accessory) {
      fail(`accessory ${line.id} is not in the fleet`)
      continue
    }
    if (line.quantity < 1 || line.quantity > accessory.maxQuantity) {
      fail(`accessory ${line.id} quantity ${line.quantity} outside 1-${accessory.maxQuantity}`)
    }
    if (accessory.maxCharge !== null && line.cost > accessory.maxCharge * line.quantity) {
      fail(
        `accessory ${line.id} costs ${line.cost}, over its cap ${accessory.maxCharge} x ${line.quantity}`,
      )
    }
    const units = accessory.per === 'day' ? quote.rentalDays : 1
    if (line.cost > accessory.price * units * line.quantity) {
      fail(`accessory ${line.id} costs ${line.cost}, more than its price allows`)
    }
  }
  if (quote.insurance) {
    const plan = catalogue.insurancePlans.find((item) => item.id === quote.insurance?.id)
    if (plan?.maxCharge !== null && plan && quote.insurance.cost > plan.maxCharge) {
      fail(`plan ${plan.id} costs ${quote.insurance.cost}, over its cap ${plan.maxCharge}`)
    }
  }
  // The JSON: dollars with at most two decimals that add up as the cents do.
  const shown = presentQuote(quote, LINKS, RULES.timeZone)
  const breakdown = shown.priceBreakdown
  const toCents = (dollars: number) => Math.round(dollars * 100)
  for (const [name, dollars] of Object.entries({ total: shown.totalAmount, ...breakdown })) {
    if (typeof dollars === 'number' && !/^-?\d+(\.\d{1,2})?$/.test(String(dollars))) {
      fail(`${name} is written ${dollars}, not dollars and cents`)
    }
  }
  const shownSum =
    toCents(breakdown.rentalFee) +
    toCents(breakdown.routeFee) +
    toCents(breakdown.accessoriesFee) +
    toCents(breakdown.insuranceFee) +
    toCents(breakdown.surchargesFee) -
    toCents(breakdown.discount)
  if (toCents(shown.totalAmount) !== shownSum || toCents(shown.totalAmount) !== quote.totalAmount) {
    fail(`the JSON total ${shown.totalAmount} is not the sum of its fees`)
  }
  return problems
}

/**
 * Prices `rentals` over `catalogue` with the quote verb on a real (in-memory) SQLite store. A
 * refusal must be a DomainError (its code is counted); a quote must keep every invariant.
 */
export async function priceOverFleet(
  catalogue: Catalogue,
  rentals: QuoteRequest[],
  outcome: PricingOutcome,
): Promise<void> {
  const store = SqliteStore.open(':memory:')
  try {
    await store.replaceFleet(catalogue, [])
    const index = new CatalogueIndex(catalogue)
    const ctx: VerbContext = {
      store,
      catalogue: () => index,
      rules: RULES,
      quoteTtlMinutes: 30,
      now: () => FIXED_NOW,
      notices: { created: () => [], cancelled: () => [] },
      messagesWritten: () => {},
    }
    for (const request of rentals) {
      let quote: Quote
      try {
        quote = await priceQuote(ctx, request)
      } catch (error) {
        if (!(error instanceof DomainError)) {
          outcome.problems.push(`${JSON.stringify(request)}: ${String(error)}`)
          continue
        }
        outcome.refused.set(error.code, (outcome.refused.get(error.code) ?? 0) + 1)
        continue
      }
      outcome.priced++
      for (const problem of invariantProblems(catalogue, request, quote)) {
        outcome.problems.push(`${JSON.stringify(request)}: ${problem}`)
      }
    }
  } finally {
    await store.close()
  }
}

/** A fleet and 1-20 rentals over it. */
export const fleetWithRentals = generatedCatalogue.chain((catalogue) =>
  fc.tuple(
    fc.constant(catalogue),
    fc.array(generatedRental(catalogue), { minLength: 1, maxLength: 20 }),
  ),
)
