import type { RentalTerms } from '../domain/availability.ts'
import type { Accessory, InsurancePlan, Vehicle } from '../domain/catalogue.ts'
import type { Cents } from '../domain/money.ts'
import type { QuotedSurcharge } from '../domain/quote.ts'
import type { RentalPeriod } from '../domain/rental-period.ts'
import { searchSurcharges } from '../domain/rental-price.ts'
import type { VerbContext } from './context.ts'
import { type AvailabilitySearch, findAvailableVehicles } from './find-available-vehicles.ts'
import { listAccessories } from './list-accessories.ts'
import { listInsurancePlans } from './list-insurance-plans.ts'

/** An available vehicle with the options a person can add to it for these dates. */
export type RentalOffer = {
  vehicle: Vehicle
  terms: RentalTerms
  /** The total with nothing chosen, surcharges included (see AvailableVehicle). */
  totalFrom: Cents
  /** What the promotion asked for takes off this vehicle, already off totalFrom; 0 without one. */
  discount: Cents
  /** The surcharges in totalFrom, each named: a card said "Surcharges NZ$368.00" and no more. */
  surcharges: QuotedSurcharge[]
  accessories: Accessory[]
  insurancePlans: InsurancePlan[]
}

export type RentalOffers = { period: RentalPeriod; offers: RentalOffer[] }

/**
 * What the website's results list: the available vehicles (as the availability API lists them),
 * each with the accessories offered for the dates and its insurance plans (as the option APIs
 * list them), so that a person chooses everything on one page.
 */
export async function findRentalOffers(
  ctx: VerbContext,
  search: AvailabilitySearch,
): Promise<RentalOffers> {
  const { period, request, vehicles } = await findAvailableVehicles(ctx, search)
  const dates = { pickUpDate: search.pickUpDate, dropOffDate: search.dropOffDate }
  const index = ctx.catalogue()
  const offers = vehicles.map(({ vehicle, terms, totalFrom, discount }) => ({
    vehicle,
    terms,
    totalFrom,
    discount,
    // As totalFrom counts them: the same rental, depots and clock.
    surcharges: searchSurcharges({ ...request, terms: index.catalogue.terms }, vehicle),
    accessories: listAccessories(ctx, { vehicleId: vehicle.id, ...dates }),
    insurancePlans: listInsurancePlans(ctx, { vehicleId: vehicle.id, ...dates }),
  }))
  return { period, offers }
}
