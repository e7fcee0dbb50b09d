import { noneStocked } from '../../domain/vehicle-filter.ts'
import { queryFilter } from '../../operations/agent-operations.ts'
import type { SiteLinks } from '../../presenters/site-links.ts'
import type { ApiDeps } from '../api-deps.ts'

/**
 * The Link an empty availability (or flexible) answer carries, IANA's `related` relation with a
 * title that says what it is for: to the listing of why each vehicle is left out and what to send
 * instead; or, when the pick-up depot stocks no vehicle that meets the filters (a class it does
 * not have, the one vehicle asked for), to the vehicles that do with the depots stocking them. A
 * motorhome search at a depot without one was led to a listing of its cars, itself empty.
 */
export function emptyAnswerLink(
  deps: Pick<ApiDeps, 'ctx' | 'links'>,
  search: Parameters<SiteLinks['unavailableListing']>[0],
): string {
  return (
    notStockedLink(deps, search) ??
    `<${deps.links.unavailableListing(search)}>; rel="related"; title="Why each vehicle is left out, and what to send instead"`
  )
}

/**
 * When the pick-up depot stocks no vehicle that meets the search's filters, the Link to where
 * such vehicles are (GET /vehicles, the whole fleet when none meets them anywhere); else undefined.
 * GET /vehicles/unavailable, empty then too, carries it as well.
 */
export function notStockedLink(
  { ctx, links }: Pick<ApiDeps, 'ctx' | 'links'>,
  search: Parameters<SiteLinks['unavailableListing']>[0],
): string | undefined {
  const none = noneStocked(ctx.catalogue(), Number(search.pick_up_depot_id), queryFilter(search))
  if (!none) return undefined
  const listing = (url: string, what: string) =>
    `<${url}>; rel="related"; title="${what}: the vehicles, with the depots that stock them (depotIds)"`
  switch (none.kind) {
    // The one vehicle asked for, and the whole catalogue (its class, seats and depots among them).
    case 'vehicle_not_stocked':
      return listing(links.vehicleListing({}), 'The vehicle is not stocked at the pickup depot')
    case 'vehicle_fails_filters':
      return listing(links.vehicleListing({}), 'The vehicle does not meet the filters sent with it')
    // No vehicle of the fleet meets them (min_seats=99): the whole fleet, not an empty list.
    case 'none_meets_filters':
      return none.anywhere
        ? listing(
            links.vehicleListing(search),
            'No vehicle stocked at the pickup depot meets the filters',
          )
        : listing(links.vehicleListing({}), 'No vehicle of the fleet meets the filters')
    default:
      return none satisfies never
  }
}
