import type { InsurancePlan } from '../domain/catalogue.ts'
import type { VerbContext } from './context.ts'
import { resolveVehicleOptionsQuery, type VehicleOptionsQuery } from './vehicle-options.ts'

/** Insurance plans selectable for the vehicle's class. Dates, when sent, are validated. */
export function listInsurancePlans(ctx: VerbContext, query: VehicleOptionsQuery): InsurancePlan[] {
  const { vehicle } = resolveVehicleOptionsQuery(ctx, query)
  return ctx.catalogue().insurancePlansFor(vehicle)
}
