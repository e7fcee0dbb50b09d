import { assessVehicle, type RentalRequest, type Unavailable } from '../domain/availability.ts'
import { addDays, todayIn } from '../domain/calendar-date.ts'
import type { Vehicle } from '../domain/catalogue.ts'
import { nextStep, type Unavailability } from '../domain/suggestion.ts'
import { checkVehicleFilter, meetsFilter, type VehicleFilter } from '../domain/vehicle-filter.ts'
import type { VerbContext } from './context.ts'
import { type RentalSearch, resolveRentalRequest } from './rental-request.ts'
import { type StillValid, suggestChange } from './suggest-change.ts'

/**
 * A vehicle stocked at the pick-up depot that the search leaves out, and why: the API's reason
 * with its next step, and the `cause` alone (what the website says, beside its own links).
 */
export type UnavailableVehicle = { vehicle: Vehicle; unavailability: Unavailability; cause: string }

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
  return { ...unavailability, reason: `${capitalised(why.reason)}; ${step}` }
}

export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
