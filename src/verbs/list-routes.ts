import type { RouteFee } from '../domain/catalogue.ts'
import type { VerbContext } from './context.ts'
import { activeDepot } from './rental-request.ts'

export type RoutesQuery = { pickUpDepotId?: number | undefined }

/**
 * The routes that can be rented, by pick-up depot then drop-off depot: a return to the same
 * depot at no fee and the one-way routes of the fleet, between active depots only. With a
 * pick-up depot, only the routes from it; an id that is not an active depot is refused as a
 * search refuses it.
 */
export function listRoutes(ctx: VerbContext, query: RoutesQuery = {}): RouteFee[] {
  const index = ctx.catalogue()
  const routes = index.offeredRoutes()
  if (query.pickUpDepotId === undefined) return routes
  const from = activeDepot(index, 'pick_up_depot_id', query.pickUpDepotId).id
  return routes.filter((route) => route.fromDepotId === from)
}
