import {
  minimumDaysIn,
  type RentalRequest,
  routeUnavailability,
  type Unavailable,
  vehicleTerms,
} from '../domain/availability.ts'
import { addDays, type CalendarDate, daysBetween, todayIn } from '../domain/calendar-date.ts'
import type { Vehicle } from '../domain/catalogue.ts'
import type { CatalogueIndex } from '../domain/catalogue-index.ts'
import { depotClosure } from '../domain/catalogue-index.ts'
import { rentalDays } from '../domain/rental-period.ts'
import type { Suggestion } from '../domain/suggestion.ts'
import type { VerbContext } from './context.ts'

/*
 * The smallest change of a request's parameters that makes a vehicle available, as the parameters
 * an agent sends: the drop-off date alone (a rental under the minimum, a depot closed on the
 * drop-off date), another drop-off depot (a one-way route not offered), a depot that stocks the
 * vehicle (one that does not), or both dates moved by as
 * few days as possible, keeping the rental's length (sold out, a depot closed on the pick-up date,
 * no rate). Every candidate is judged by the same rules as availability and a quote, stock
 * included, so sending the suggestion gives a 200; none within the booking horizon gives null.
 */

/**
 * What else a changed request must still satisfy: a quote's accessories offered in the new
 * pick-up month, its hand-over times offered on the new days. True when it does.
 */
export type StillValid = (request: RentalRequest) => boolean

/** The change for this vehicle and request, which `why` says cannot be rented; null if none. */
export async function suggestChange(
  ctx: VerbContext,
  vehicle: Vehicle,
  request: RentalRequest,
  why: Unavailable,
  stillValid: StillValid = () => true,
): Promise<Suggestion | null> {
  const index = ctx.catalogue()
  for (const candidate of candidates(ctx, index, vehicle, request, why)) {
    if (!stillValid(candidate.request)) continue
    if (await rentable(ctx, index, vehicle, candidate.request)) return candidate.change
  }
  return null
}

type Candidate = { change: Suggestion; request: RentalRequest }

/**
 * How many of a rule's changes are tried at each depot a vehicle not stocked where it is asked
 * for is sent to: enough for a rental too short (the later drop-off dates come first) and some
 * weeks of moved dates, without a read for every day of the horizon at every depot.
 */
const CHANGES_PER_DEPOT = 60

function* candidates(
  ctx: VerbContext,
  index: CatalogueIndex,
  vehicle: Vehicle,
  request: RentalRequest,
  why: Unavailable,
): Generator<Candidate> {
  if (
    why.code !== 'vehicle_sold_out' &&
    (vehicle.unitsByDepot[request.pickUpDepot.id] ?? 0) === 0
  ) {
    // Not stocked at the pick-up depot either (the first rule broken is said, not this one): no
    // change of dates there can help; a depot that stocks it may still want the rule's change.
    yield* depotsThen(stockingDepots(index, vehicle, request), (moved) =>
      changesFor(ctx, index, vehicle, moved, why),
    )
    return
  }
  if (
    why.code !== 'route_not_offered' &&
    index.routeFee(request.pickUpDepot.id, request.dropOffDepot.id) === undefined
  ) {
    // The route is not offered either (the rule said is broken first): no change of dates alone
    // can help; a drop-off depot the pick-up depot allows may still want the rule's change.
    yield* depotsThen(dropOffDepots(index, request), (moved) =>
      changesFor(ctx, index, vehicle, moved, why),
    )
    return
  }
  yield* changesFor(ctx, index, vehicle, request, why)
}

/**
 * Each depot move as it is first (the smaller change), then each with the further changes its
 * request may still want, both sent together: the nearest CHANGES_PER_DEPOT of them, as each
 * candidate costs a store read.
 */
function* depotsThen(
  moves: Iterable<Candidate>,
  further: (moved: RentalRequest) => Iterable<Candidate>,
): Generator<Candidate> {
  const depots = [...moves]
  yield* depots
  for (const moved of depots) {
    let tried = 0
    for (const next of further(moved.request)) {
      if (++tried > CHANGES_PER_DEPOT) break
      yield { change: { ...moved.change, ...next.change }, request: next.request }
    }
  }
}

/** The changes that may fix the rule `why` names, smallest first. */
function* changesFor(
  ctx: VerbContext,
  index: CatalogueIndex,
  vehicle: Vehicle,
  request: RentalRequest,
  why: Unavailable,
): Generator<Candidate> {
  const { pickUpDepot, dropOffDepot, period } = request
  switch (why.code) {
    case 'driver_too_young':
      // No date or depot changes who drives.
      return
    case 'route_not_offered':
      // Only the drop-off depot can fix a route; when no depot works on these dates (a depot
      // closed that day, a vehicle sold out), each with the nearest moved dates.
      yield* depotsThen(dropOffDepots(index, request), (moved) => shiftedDates(ctx, moved))
      return
    case 'below_minimum_days':
      yield* dropOffDates(ctx, request, 'later')
      break
    case 'vehicle_sold_out':
      // Not stocked where it is asked for: only another depot can help, not other dates.
      if ((vehicle.unitsByDepot[pickUpDepot.id] ?? 0) === 0) {
        yield* stockingDepots(index, vehicle, request)
        return
      }
      break
    case 'depot_closed':
      // Closed on the drop-off date only: moving that date is the smaller change.
      if (
        depotClosure(pickUpDepot, period.pickUpDate, 'pick-up') === undefined &&
        depotClosure(dropOffDepot, period.dropOffDate, 'drop-off') !== undefined
      ) {
        yield* dropOffDates(ctx, request, 'either')
      }
      break
    default:
      break
  }
  // Each move of both dates, and the same move made as long as the vehicle's minimum there: a
  // short rental starting on a closed day had been told that no date works, when a longer one
  // a day later did.
  for (const shifted of shiftedDates(ctx, request)) {
    yield shifted
    const longer = longEnough(ctx, index, vehicle, shifted)
    if (longer) yield longer
  }
}

/**
 * The candidate made as long as the vehicle's minimum in the season it would start in, when it
 * is shorter (and the longest rental allows it); undefined when it is long enough already.
 */
function longEnough(
  ctx: VerbContext,
  index: CatalogueIndex,
  vehicle: Vehicle,
  candidate: Candidate,
): Candidate | undefined {
  const { pickUpDate, days } = candidate.request.period
  const season = index.seasonOf(pickUpDate)
  const minimum = season ? minimumDaysIn(vehicle, season) : 1
  if (days >= minimum || minimum > ctx.rules.maxRentalDays) return undefined
  const dropOffDate = addDays(pickUpDate, minimum)
  return {
    change: { ...candidate.change, drop_off_date: dropOffDate },
    request: { ...candidate.request, period: { pickUpDate, dropOffDate, days: minimum } },
  }
}

/** Every depot the vehicle may be returned to from the pick-up depot, cheapest route first. */
function* dropOffDepots(index: CatalogueIndex, request: RentalRequest): Generator<Candidate> {
  const routes = index
    .offeredRoutes()
    .filter((route) => route.fromDepotId === request.pickUpDepot.id)
    .sort((a, b) => a.fee - b.fee || a.toDepotId - b.toDepotId)
  for (const route of routes) {
    const depot = index.activeDepot(route.toDepotId)
    if (depot === undefined) continue
    yield { change: { drop_off_depot_id: depot.id }, request: { ...request, dropOffDepot: depot } }
  }
}

/**
 * The depots that stock the vehicle, by id: a return rental moves both ends there, a one-way
 * rental only its pick-up, when the route from there is offered.
 */
function* stockingDepots(
  index: CatalogueIndex,
  vehicle: Vehicle,
  request: RentalRequest,
): Generator<Candidate> {
  const isReturn = request.pickUpDepot.id === request.dropOffDepot.id
  for (const depot of index.activeDepots) {
    if ((vehicle.unitsByDepot[depot.id] ?? 0) === 0) continue
    yield isReturn
      ? {
          change: { pick_up_depot_id: depot.id, drop_off_depot_id: depot.id },
          request: { ...request, pickUpDepot: depot, dropOffDepot: depot },
        }
      : { change: { pick_up_depot_id: depot.id }, request: { ...request, pickUpDepot: depot } }
  }
}

/**
 * The drop-off date moved, nearest first: only later (a longer rental) or either way (later
 * first at the same distance), within the longest rental.
 */
function* dropOffDates(
  ctx: VerbContext,
  request: RentalRequest,
  direction: 'later' | 'either',
): Generator<Candidate> {
  const { pickUpDate, dropOffDate } = request.period
  for (let step = 1; step <= ctx.rules.maxRentalDays; step += 1) {
    const offsets = direction === 'later' ? [step] : [step, -step]
    for (const offset of offsets) {
      const date = addDays(dropOffDate, offset)
      if (date < pickUpDate || rentalDays(pickUpDate, date) > ctx.rules.maxRentalDays) continue
      yield {
        change: { drop_off_date: date },
        request: {
          ...request,
          period: { pickUpDate, dropOffDate: date, days: rentalDays(pickUpDate, date) },
        },
      }
    }
  }
}

/**
 * Both dates moved by the same number of days, nearest first (later first at the same distance),
 * from today to the last pick-up date the booking horizon allows.
 */
function* shiftedDates(ctx: VerbContext, request: RentalRequest): Generator<Candidate> {
  const { pickUpDate, dropOffDate, days } = request.period
  const today = todayIn(ctx.rules.timeZone, ctx.now())
  const lastPickUp = addDays(today, ctx.rules.bookingHorizonDays)
  const reach = Math.max(daysBetween(today, pickUpDate), daysBetween(pickUpDate, lastPickUp))
  for (let step = 1; step <= reach; step += 1) {
    for (const offset of [step, -step]) {
      const pickUp = addDays(pickUpDate, offset)
      if (pickUp < today || pickUp > lastPickUp) continue
      const dropOff = addDays(dropOffDate, offset)
      yield {
        change: { pick_up_date: pickUp, drop_off_date: dropOff },
        request: { ...request, period: { pickUpDate: pickUp, dropOffDate: dropOff, days } },
      }
    }
  }
}

/**
 * Whether the vehicle can be rented for the request: the catalogue's rules first, which cost
 * nothing, and only then the units booked, which may be a database query.
 */
async function rentable(
  ctx: VerbContext,
  index: CatalogueIndex,
  vehicle: Vehicle,
  request: RentalRequest,
): Promise<boolean> {
  if (routeUnavailability(index, request)) return false
  if (!vehicleTerms(index, vehicle, request, 0).available) return false
  const booked = await ctx.store.bookedUnits({
    depotId: request.pickUpDepot.id,
    vehicleIds: [vehicle.id],
    from: request.period.pickUpDate,
    to: request.period.dropOffDate,
  })
  return vehicleTerms(index, vehicle, request, booked.get(vehicle.id) ?? 0).available
}

/** The dates a suggestion leads to, for wording it. */
export function suggestedDates(
  request: RentalRequest,
  suggestion: Suggestion,
): { pickUpDate: CalendarDate; dropOffDate: CalendarDate } {
  return {
    pickUpDate: suggestion.pick_up_date ?? request.period.pickUpDate,
    dropOffDate: suggestion.drop_off_date ?? request.period.dropOffDate,
  }
}
