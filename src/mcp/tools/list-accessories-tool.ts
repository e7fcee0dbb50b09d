import Type from 'typebox'
import { accessoriesAnswer } from '../../operations/agent-operations.ts'
import { AccessorySchema } from '../../schemas/accessory.ts'
import type { AgentTool } from '../agent-tool.ts'
import { chargeText, counted, lines, nzd } from '../tool-text.ts'
import { datesText, optionsQuery, VehicleOptionParameters } from './vehicle-option-parameters.ts'

export const listAccessoriesTool: AgentTool = {
  name: 'list_accessories',
  parameters: VehicleOptionParameters,
  outputSchema: Type.Object({ accessories: Type.Array(AccessorySchema) }),
  answer(deps, parameters) {
    const accessories = accessoriesAnswer(deps, optionsQuery(parameters))
    if (accessories.length === 0) {
      // Offered in other months, or not for this vehicle at all.
      const anyMonth = parameters.pick_up_date
        ? accessoriesAnswer(deps, optionsQuery({ vehicle_id: parameters.vehicle_id }))
        : []
      return {
        structured: { accessories },
        text:
          anyMonth.length > 0
            ? `No accessory is offered for vehicle ${parameters.vehicle_id} picked up in the month of ${parameters.pick_up_date}; ${anyMonth.length === 1 ? '1 is' : `${anyMonth.length} are`} offered in other months (list_accessories without the dates lists them). A quote is priced without accessories.`
            : `No accessory is offered for vehicle ${parameters.vehicle_id}. A quote is priced without accessories.`,
      }
    }
    return {
      structured: { accessories },
      text: lines(
        `${counted(accessories.length, 'accessory', 'accessories')} for vehicle ${parameters.vehicle_id}${datesText(parameters)}:`,
        accessories.map(
          (item) =>
            `${item.id} ${item.name}: ${nzd(item.price)} ${chargeText(item.per, item.maxCharge)}, up to ${item.maxQuantity}`,
        ),
        'Send chosen ids to get_quote as accessory_ids; repeat an id for a quantity of two.',
      ),
    }
  },
}
