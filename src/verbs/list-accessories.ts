import type { Accessory } from '../domain/catalogue.ts'
import type { VerbContext } from './context.ts'
import { resolveVehicleOptionsQuery, type VehicleOptionsQuery } from './vehicle-options.ts'

/** Accessories that fit the vehicle; with dates, only those offered for the pick-up month. */
export function listAccessories(ctx: VerbContext, query: VehicleOptionsQuery): Accessory[] {
  const { vehicle, period } = resolveVehicleOptionsQuery(ctx, query)
  return ctx.catalogue().accessoriesFor(vehicle, period?.pickUpDate)
}
