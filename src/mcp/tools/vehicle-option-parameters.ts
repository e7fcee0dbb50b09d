import Type from 'typebox'
import { QuoteQuery, VehicleOptionsQuery } from '../../schemas/query-parameters.ts'

/**
 * The option listings' parameters: the path's vehicle id under the API's query name
 * `vehicle_id` (as get_quote takes it), and the optional dates of the query.
 */
export const VehicleOptionParameters = Type.Object({
  vehicle_id: QuoteQuery.properties.vehicle_id,
  ...VehicleOptionsQuery.properties,
})

export function optionsQuery(parameters: Record<string, string | undefined>) {
  return {
    vehicleId: String(parameters.vehicle_id),
    vehicleParameter: 'vehicle_id',
    pick_up_date: parameters.pick_up_date,
    drop_off_date: parameters.drop_off_date,
  }
}

/** ` for 2026-12-01 to 2026-12-08` when the dates were given. */
export function datesText(parameters: Record<string, string | undefined>): string {
  return parameters.pick_up_date
    ? ` for ${parameters.pick_up_date} to ${parameters.drop_off_date}`
    : ''
}
