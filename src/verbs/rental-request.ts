import type { RentalRequest } from '../domain/availability.ts'
import type { Depot } from '../domain/catalogue.ts'
import type { CatalogueIndex } from '../domain/catalogue-index.ts'
import { invalid } from '../domain/errors.ts'
import { checkSameDayOrder } from '../domain/handover-times.ts'
import { parseRentalPeriod } from '../domain/rental-period.ts'
import type { VerbContext } from './context.ts'

/** The four search parameters every rental starts from, as sent. */
export type RentalSearch = {
  pickUpDepotId: number
  dropOffDepotId: number
  pickUpDate: string
  dropOffDate: string
  /** Whole years, when the request says; vehicles the driver is too young for are not available. */
  driverAge?: number | undefined
}

/** Validates the dates and depots of a search against the rules and the catalogue. */
export function resolveRentalRequest(ctx: VerbContext, search: RentalSearch): RentalRequest {
  const index = ctx.catalogue()
  const pickUpDepot = activeDepot(index, 'pick_up_depot_id', search.pickUpDepotId)
  const dropOffDepot = activeDepot(index, 'drop_off_depot_id', search.dropOffDepotId)
  const instant = ctx.now()
  const period = parseRentalPeriod(search, ctx.rules, instant, pickUpDepot)
  const now = { instant, timeZone: ctx.rules.timeZone }
  // A rental of one day that no hand-over times can make (the last drop-off before the first
  // pick-up, or gone today) is refused as dates in the wrong order are: it was listed and quoted,
  // and its checkout had no drop-off time to offer.
  if (period.pickUpDate === period.dropOffDate) {
    checkSameDayOrder(pickUpDepot, dropOffDepot, period.pickUpDate, null, null, now)
  }
  return { pickUpDepot, dropOffDepot, period, driverAge: search.driverAge ?? null, now }
}

/** The active depot with this id; any other id is a 400 naming the parameter. */
export function activeDepot(index: CatalogueIndex, parameter: string, id: number): Depot {
  const depot = index.activeDepot(id)
  if (!depot) {
    throw invalid('unknown_depot', parameter, `${parameter} ${id} is not a depot`, { of: 'depots' })
  }
  return depot
}
