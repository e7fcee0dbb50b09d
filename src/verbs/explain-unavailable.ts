import { assessVehicle, type RentalRequest, type Unavailable } from '../domain/availability.ts'
import { addDays, todayIn } from '../domain/calendar-date.ts'
import { capitalised } from '../domain/capitalised.ts'
import type { Vehicle } from '../domain/catalogue.ts'
import { minimumDriverAge } from '../domain/rental-extras.ts'
import { nextStep, type Unavailability } from '../domain/suggestion.ts'
import { checkVehicleFilter, meetsFilter, type VehicleFilter } from '../domain/vehicle-filter.ts'
import type { VerbContext } from './context.ts'
import { type RentalSearch, resolveRentalRequest } from './rental-request.ts'
import { type StillValid, suggestChange } from './suggest-change.ts'

/**
 * A vehicle stocked at the pick-up depot that the search leaves out, and why: the API's reason
 * with its next step, and the `cause` alone (what the website says, beside its own links).
 */
export type UnavailableVehicle = {
  vehicle: Vehicle
  unavailability: Unavailability
  cause: string
  /** The youngest a driver of the vehicle may be (its class's rule or the company's). */
  minimumDriverAge: number
}

/**
 * Every vehicle stocked at the pick-up depot (of those the filter lets through, as availability's)
 * that availability leaves out for the search, by id,
 * each with its reason and the smallest change that makes it available. A search the rules refuse
 * is the same 400 as availability's.
 */
export async function listUnavailableVehicles(
  ctx: VerbContext,
  search: RentalSearch,
  filter: VehicleFilter = {},
): Promise<UnavailableVehicle[]> {
  const index = ctx.catalogue()
  const request = resolveRentalRequest(ctx, search)
  checkVehicleFilter(index, filter)
  const stocked = index
    .vehiclesStockedAt(request.pickUpDepot.id)
    .filter((vehicle) => meetsFilter(vehicle, filter))
  if (stocked.length === 0) return []
  const booked = await ctx.store.bookedUnits({
    depotId: request.pickUpDepot.id,
    vehicleIds: stocked.map((vehicle) => vehicle.id),
    from: request.period.pickUpDate,
    to: request.period.dropOffDate,
  })
  const left: UnavailableVehicle[] = []
  for (const vehicle of [...stocked].sort((a, b) => a.id - b.id)) {
    const assessment = assessVehicle(index, vehicle, request, booked.get(vehicle.id) ?? 0)
    if (assessment.available) continue
    left.push({
      vehicle,
      unavailability: await explainUnavailable(ctx, vehicle, request, assessment),
      cause: capitalised(assessment.reason),
      minimumDriverAge: minimumDriverAge(index.catalogue.terms, vehicle),
    })
  }
  return left
}

/**
 * Why this vehicle cannot be rented for the request, in a sentence that ends with the concrete
 * next step, and that step as parameters to send.
 */
export async function explainUnavailable(
  ctx: VerbContext,
  vehicle: Vehicle,
  request: RentalRequest,
  why: Unavailable,
  stillValid?: StillValid,
): Promise<Unavailability> {
  const suggestion = await suggestChange(ctx, vehicle, request, why, stillValid)
  const lastPickUpDate = addDays(
    todayIn(ctx.rules.timeZone, ctx.now()),
    ctx.rules.bookingHorizonDays,
  )
  const unavailability = { code: why.code, reason: why.reason, suggestion }
  const step = nextStep(ctx.catalogue(), request, unavailability, lastPickUpDate)
  const also = await alsoAtSuggestedDepot(ctx, vehicle, request, unavailability)
  return {
    ...unavailability,
    reason: `${capitalised(why.reason)}; ${also ? `${also}; ` : ''}${step}`,
  }
}

/**
 * A route not offered whose suggestion moves the dates as well as the drop-off depot: why the
 * dates move (returned there on the dates asked, it is sold out, say). Unsaid, the person was
 * told to pick up two days earlier for no reason given.
 */
async function alsoAtSuggestedDepot(
  ctx: VerbContext,
  vehicle: Vehicle,
  request: RentalRequest,
  { code, suggestion }: Unavailability,
): Promise<string | undefined> {
  if (code !== 'route_not_offered' || suggestion?.drop_off_depot_id === undefined) return undefined
  if (suggestion.pick_up_date === undefined && suggestion.drop_off_date === undefined) {
    return undefined
  }
  const index = ctx.catalogue()
  const dropOffDepot = index.activeDepot(suggestion.drop_off_depot_id)
  if (!dropOffDepot) return undefined
  const booked = await ctx.store.bookedUnits({
    depotId: request.pickUpDepot.id,
    vehicleIds: [vehicle.id],
    from: request.period.pickUpDate,
    to: request.period.dropOffDate,
  })
  const there = assessVehicle(
    index,
    vehicle,
    { ...request, dropOffDepot },
    booked.get(vehicle.id) ?? 0,
  )
  return there.available
    ? undefined
    : `returned to ${dropOffDepot.name} on these dates, ${there.reason}`
}
