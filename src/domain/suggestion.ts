import { type RentalRequest, routeNotOffered } from './availability.ts'
import type { CalendarDate } from './calendar-date.ts'
import type { CatalogueIndex } from './catalogue-index.ts'
import type { UnavailableCode } from './errors.ts'
import { type Cents, formatNzd } from './money.ts'
import { youngestDriverAge } from './rental-extras.ts'
import { rentalDays } from './rental-period.ts'

/**
 * The parameters to send again, changed, for a vehicle to be available: only those that change,
 * named and typed as the API takes them.
 */
export type Suggestion = {
  pick_up_depot_id?: number
  pick_up_date?: CalendarDate
  drop_off_date?: CalendarDate
  drop_off_depot_id?: number
}

/** Why a vehicle cannot be rented, and the smallest change that would let it (or null). */
export type Unavailability = {
  code: UnavailableCode
  reason: string
  suggestion: Suggestion | null
}

/**
 * The concrete next step, in words, after the reason: the change to send, or, when none exists
 * within the booking horizon, that another vehicle is needed.
 */
export function nextStep(
  index: CatalogueIndex,
  request: RentalRequest,
  why: Unavailability,
  lastPickUpDate: CalendarDate,
): string {
  const { suggestion } = why
  if (why.code === 'driver_too_young') {
    // Below every vehicle's minimum, "choose another vehicle" would send the agent round in circles.
    const youngest = youngestDriverAge(index.catalogue.terms, index.catalogue.vehicles)
    if (request.driverAge !== null && request.driverAge < youngest) {
      return `no vehicle is rented to a driver under ${youngest}; the main driver must be ${youngest} or over`
    }
    return 'choose another vehicle: GET /vehicles/availability with the same driver_age lists those this driver may rent'
  }
  if (suggestion?.pick_up_depot_id !== undefined) {
    const depot = index.activeDepot(suggestion.pick_up_depot_id)?.name ?? 'another depot'
    // Only a vehicle not stocked at the pick-up depot is sent to another; when another rule was
    // named first, the stock is said too, or the change would not follow from the reason.
    const stock =
      why.code === 'vehicle_sold_out'
        ? ''
        : `it is not stocked at ${request.pickUpDepot.name} either; `
    return `${stock}${depot} stocks it; send ${sendText(suggestion)}`
  }
  if (why.code === 'route_not_offered') {
    const ends = routeEnds(index, request)
    if (suggestion === null) {
      return `from ${request.pickUpDepot.name} it may be returned to ${ends}, but none of them works for these dates`
    }
    return `from ${request.pickUpDepot.name} it may be returned to ${ends}; send ${sendText(suggestion)}`
  }
  if (suggestion?.drop_off_depot_id !== undefined) {
    // Another drop-off depot for a rule other than the route: the route was not offered either.
    const depot = index.activeDepot(suggestion.drop_off_depot_id)?.name ?? 'another depot'
    return `${routeNotOffered(request.pickUpDepot, request.dropOffDepot)} either; returned to ${depot} it works: send ${sendText(suggestion)}`
  }
  if (suggestion === null) {
    return `no other dates up to the last pick-up date ${lastPickUpDate} make it available; choose another vehicle`
  }
  const send = sendText(suggestion)
  if (suggestion.pick_up_date === undefined && suggestion.drop_off_date !== undefined) {
    const earliest = why.code === 'below_minimum_days' ? 'earliest' : 'nearest'
    return `the ${earliest} drop-off date that works is ${suggestion.drop_off_date}; send ${send}`
  }
  const days =
    suggestion.pick_up_date !== undefined && suggestion.drop_off_date !== undefined
      ? rentalDays(suggestion.pick_up_date, suggestion.drop_off_date)
      : request.period.days
  if (days > request.period.days) {
    // Lengthened to the vehicle's minimum where it would start: said, or it reads as a slip.
    return `the nearest dates that work are ${suggestion.pick_up_date} to ${suggestion.drop_off_date}, a ${days}-day rental, the shortest it is rented for then; send ${send}`
  }
  return `the nearest dates that work for a ${request.period.days}-day rental are ${suggestion.pick_up_date} to ${suggestion.drop_off_date}; send ${send}`
}

/** `name=value and name=value`: the parameters to send. */
function sendText(suggestion: Suggestion): string {
  return Object.entries(suggestion)
    .map(([name, value]) => `${name}=${value}`)
    .join(' and ')
}

/** The depots a rental from the pick-up depot may end at, with their route fee. */
function routeEnds(index: CatalogueIndex, request: RentalRequest): string {
  const from = request.pickUpDepot.id
  return index
    .offeredRoutes()
    .filter((route) => route.fromDepotId === from)
    .map((route) => {
      const name = index.activeDepot(route.toDepotId)?.name ?? 'a depot'
      return `${name} (id ${route.toDepotId}, ${feeText(route.fee)})`
    })
    .join(', ')
}

function feeText(fee: Cents): string {
  return fee === 0 ? 'no route fee' : `route fee ${formatNzd(fee)}`
}
