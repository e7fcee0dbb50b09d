import type { Vehicle } from '../domain/catalogue.ts'
import type { CatalogueIndex } from '../domain/catalogue-index.ts'
import { invalid } from '../domain/errors.ts'
import { parseRentalPeriod, type RentalPeriod } from '../domain/rental-period.ts'
import type { VerbContext } from './context.ts'

/** The input of the two option listings: a vehicle and, optionally, the rental dates. */
export type VehicleOptionsQuery = {
  vehicleId: number
  /** What the door calls the vehicle's id, for its 400: `vehicleId` in an HTTP path by default. */
  vehicleParameter?: string | undefined
  pickUpDate?: string | undefined
  dropOffDate?: string | undefined
}

/** The vehicle and, when dates were sent, the validated rental period. */
export function resolveVehicleOptionsQuery(
  ctx: VerbContext,
  query: VehicleOptionsQuery,
): { vehicle: Vehicle; period: RentalPeriod | undefined } {
  const vehicle = knownVehicle(
    ctx.catalogue(),
    query.vehicleParameter ?? 'vehicleId',
    query.vehicleId,
  )
  const { pickUpDate, dropOffDate } = query
  if (pickUpDate === undefined && dropOffDate === undefined) return { vehicle, period: undefined }
  if (pickUpDate === undefined || dropOffDate === undefined) {
    const missing = pickUpDate === undefined ? 'pick_up_date' : 'drop_off_date'
    throw invalid(
      'incomplete_dates',
      missing,
      `${missing} is missing; send both pick_up_date and drop_off_date (YYYY-MM-DD), or neither to list every option`,
    )
  }
  return { vehicle, period: parseRentalPeriod({ pickUpDate, dropOffDate }, ctx.rules, ctx.now()) }
}

export function knownVehicle(index: CatalogueIndex, parameter: string, id: number): Vehicle {
  const vehicle = index.vehicle(id)
  if (!vehicle) {
    throw invalid('unknown_vehicle', parameter, `${parameter} ${id} is not a vehicle`, {
      of: 'vehicles',
    })
  }
  return vehicle
}
