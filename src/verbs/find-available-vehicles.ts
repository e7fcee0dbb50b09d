import { type RentalTerms, routeUnavailability, vehicleTerms } from '../domain/availability.ts'
import type { Vehicle } from '../domain/catalogue.ts'
import type { RentalPeriod } from '../domain/rental-period.ts'
import type { VerbContext } from './context.ts'
import { type RentalSearch, resolveRentalRequest } from './rental-request.ts'

export type AvailableVehicle = { vehicle: Vehicle; terms: RentalTerms }

export type Availability = { period: RentalPeriod; vehicles: AvailableVehicle[] }

/** The vehicles that can be rented for the search, cheapest daily rate first, then by id. */
export async function findAvailableVehicles(
  ctx: VerbContext,
  search: RentalSearch,
): Promise<Availability> {
  const index = ctx.catalogue()
  const request = resolveRentalRequest(ctx, search)
  const { period, pickUpDepot } = request
  if (routeUnavailability(index, request)) return { period, vehicles: [] }
  const candidates = index.vehiclesStockedAt(pickUpDepot.id)
  if (candidates.length === 0) return { period, vehicles: [] }
  const booked = await ctx.store.bookedUnits({
    depotId: pickUpDepot.id,
    vehicleIds: candidates.map((vehicle) => vehicle.id),
    from: period.pickUpDate,
    to: period.dropOffDate,
  })
  const vehicles: AvailableVehicle[] = []
  for (const vehicle of candidates) {
    // The route was checked once above, for every vehicle.
    const assessment = vehicleTerms(index, vehicle, request, booked.get(vehicle.id) ?? 0)
    if (assessment.available) vehicles.push({ vehicle, terms: assessment.terms })
  }
  vehicles.sort((a, b) => a.terms.dailyRate - b.terms.dailyRate || a.vehicle.id - b.vehicle.id)
  return { period, vehicles }
}
