import Type from 'typebox'
import { accessoriesAnswer } from '../../operations/agent-operations.ts'
import { AccessorySchema } from '../../schemas/accessory.ts'
import type { AgentTool } from '../agent-tool.ts'
import { chargeText, lines, nzd } from '../tool-text.ts'
import { datesText, optionsQuery, VehicleOptionParameters } from './vehicle-option-parameters.ts'

export const listAccessoriesTool: AgentTool = {
  name: 'list_accessories',
  parameters: VehicleOptionParameters,
  outputSchema: Type.Object({ accessories: Type.Array(AccessorySchema) }),
  answer(deps, parameters) {
    const accessories = accessoriesAnswer(deps, optionsQuery(parameters))
    return {
      structured: { accessories },
      text: lines(
        `${accessories.length} accessories for vehicle ${parameters.vehicle_id}${datesText(parameters)}:`,
        accessories.map(
          (item) =>
            `${item.id} ${item.name}: ${nzd(item.price)} ${chargeText(item.per, item.maxCharge)}, up to ${item.maxQuantity}`,
        ),
        'Send chosen ids to get_quote as accessory_ids; repeat an id for a quantity of two.',
      ),
    }
  },
}
