import type { BookingRecord } from '../domain/booking.ts'
import type { CatalogueIndex } from '../domain/catalogue-index.ts'
import { gstIncludedIn, toDollars } from '../domain/money.ts'
import { presentTerms } from '../presenters/quote-terms.ts'

/**
 * A booking as a webhook event carries it: everything the company's own systems need to act on
 * it, amounts in NZD dollars. The manage link is not in it: only the traveller holds that.
 */
export function bookingEventData(
  booking: BookingRecord,
  catalogue: CatalogueIndex,
  timeZone: string,
) {
  const depot = (id: number) => ({
    depotId: id,
    depotName: catalogue.catalogue.depots.find((candidate) => candidate.id === id)?.name ?? null,
  })
  const price = booking.price
  return {
    reference: booking.reference,
    status: booking.status,
    vehicle: {
      id: booking.vehicleId,
      name: price?.vehicleName ?? catalogue.vehicle(booking.vehicleId)?.name ?? null,
    },
    pickUp: { ...depot(booking.pickUpDepotId), date: booking.pickUpDate, time: booking.pickUpTime },
    dropOff: {
      ...depot(booking.dropOffDepotId),
      date: booking.dropOffDate,
      time: booking.dropOffTime,
    },
    customer: booking.customer,
    price:
      price === null
        ? null
        : {
            currency: 'NZD',
            rentalDays: price.rentalDays,
            rentalDailyRate: toDollars(price.dailyRate),
            rentalFee: toDollars(price.rentalFee),
            routeFee: toDollars(price.routeFee),
            accessoriesFee: toDollars(price.accessoriesFee),
            insuranceFee: toDollars(price.insuranceFee),
            accessories: price.accessories.map((line) => ({
              id: line.id,
              name: line.name,
              quantity: line.quantity,
              cost: toDollars(line.cost),
            })),
            insurance: price.insurance && {
              id: price.insurance.id,
              name: price.insurance.name,
              cost: toDollars(price.insurance.cost),
            },
            surcharges: price.surcharges.map((line) => ({
              id: line.id,
              name: line.name,
              cost: toDollars(line.cost),
            })),
            surchargesFee: toDollars(price.surchargesFee),
            discount: toDollars(price.discount),
            promotion: price.promotion,
            totalAmount: toDollars(price.totalAmount),
            gstAmount: toDollars(gstIncludedIn(price.totalAmount)),
          },
    totalAmount: booking.totalAmount === null ? null : toDollars(booking.totalAmount),
    quoteId: booking.quoteId,
    agentRef: booking.agentRef,
    driverAge: price?.driverAge ?? null,
    terms: price?.terms ? presentTerms(price.terms, timeZone, booking.createdAt) : null,
    bookedAt: booking.createdAt,
    cancellation: booking.cancellation,
  }
}
