import Type, { type Static } from 'typebox'
import { availabilityAnswer, unavailableAnswer } from '../../operations/agent-operations.ts'
import { AvailabilityQuery } from '../../schemas/query-parameters.ts'
import { VehicleSchema } from '../../schemas/vehicle.ts'
import type { AgentTool } from '../agent-tool.ts'
import { counted, lines, nzd, vehicleLabel } from '../tool-text.ts'
import { unavailableText } from './explain-unavailable-tool.ts'
import { noVehicleText } from './no-vehicle-text.ts'

export const findAvailableVehiclesTool: AgentTool = {
  name: 'find_available_vehicles',
  parameters: AvailabilityQuery,
  outputSchema: Type.Object({ vehicles: Type.Array(VehicleSchema) }),
  async answer(deps, parameters) {
    const query = parameters as Static<typeof AvailabilityQuery>
    const vehicles = await availabilityAnswer(deps, query)
    const dates = `${query.pick_up_date} to ${query.drop_off_date}`
    if (vehicles.length === 0) {
      // Never a silent empty: the real reason for each vehicle the search looked at, and what to
      // send instead; or that it had none to look at.
      const unavailable = await unavailableAnswer(deps, query)
      return {
        structured: { vehicles },
        text: [
          `No vehicle is free from ${dates} for these depots and filters.`,
          unavailable.length === 0
            ? noVehicleText(deps, query.pick_up_depot_id, query)
            : unavailableText(query, unavailable),
        ].join('\n'),
      }
    }
    return {
      structured: { vehicles },
      text: lines(
        `${counted(vehicles.length, 'vehicle')} free from ${dates} (${counted(vehicles[0]?.rentalDays ?? 0, 'rental day')}), cheapest first:`,
        // The total is what the person pays before options: the model reads this line.
        vehicles.map(
          (vehicle) =>
            `vehicle_id ${vehicle.vehicleId} ${vehicleLabel(vehicle.name, [vehicle.vehicleClass])}: ${nzd(vehicle.rentalDailyRate)} a day, rental fee ${nzd(vehicle.rentalFee)}, route fee ${nzd(vehicle.routeFee)}; total from ${nzd(vehicle.totalFromAmount)} before options${vehicle.discountAmount ? `, after a promotion discount of ${nzd(vehicle.discountAmount)}` : ''}`,
        ),
        'Next: list_accessories and list_insurance_plans for a vehicle_id, then get_quote.',
      ),
    }
  },
}
