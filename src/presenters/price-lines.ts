import type { BookedPrice } from '../domain/booking.ts'
import { gstIncludedIn } from '../domain/money.ts'
import { formatNzd } from './display-format.ts'

/** Every line of a quote or a booking's price, as the website shows it: NZ$ with two decimals. */
export type PriceLines = {
  rentalDays: number
  dailyRate: string
  rentalFee: string
  /** Dropped off at another depot than the pick-up one; a return has no route fee. */
  oneWay: boolean
  routeFee: string
  accessories: { id: number; name: string; quantity: number; cost: string }[]
  accessoriesFee: string
  insurance: { id: number; name: string; cost: string } | null
  insuranceFee: string
  /** The plan that applies at no cost when none was chosen, with its excess. */
  includedInsurance: { name: string; excess: string } | null
  surcharges: { id: string; name: string; cost: string }[]
  surchargesFee: string
  /** The promotion and what it takes off (`-NZ$50.00`); null without one. */
  promotion: { code: string; name: string; discount: string } | null
  total: string
  /** The GST share of the total, which includes it. */
  gst: string
}

/** The same lines the quote API gives, each amount formatted once here. */
export function presentPriceLines(price: BookedPrice): PriceLines {
  return {
    rentalDays: price.rentalDays,
    dailyRate: formatNzd(price.dailyRate),
    rentalFee: formatNzd(price.rentalFee),
    oneWay: price.pickUpDepotId !== price.dropOffDepotId,
    routeFee: formatNzd(price.routeFee),
    accessories: price.accessories.map((line) => ({
      id: line.id,
      name: line.name,
      quantity: line.quantity,
      cost: formatNzd(line.cost),
    })),
    accessoriesFee: formatNzd(price.accessoriesFee),
    insurance: price.insurance && {
      id: price.insurance.id,
      name: price.insurance.name,
      cost: formatNzd(price.insurance.cost),
    },
    insuranceFee: formatNzd(price.insuranceFee),
    includedInsurance:
      price.insurance === null && price.terms?.includedPlan
        ? {
            name: price.terms.includedPlan.name,
            excess: formatNzd(price.terms.includedPlan.excess),
          }
        : null,
    surcharges: price.surcharges.map((line) => ({
      id: line.id,
      name: line.name,
      cost: formatNzd(line.cost),
    })),
    surchargesFee: formatNzd(price.surchargesFee),
    promotion: price.promotion && {
      code: price.promotion.code,
      name: price.promotion.name,
      discount: formatNzd(-price.discount),
    },
    total: formatNzd(price.totalAmount),
    gst: formatNzd(gstIncludedIn(price.totalAmount)),
  }
}
