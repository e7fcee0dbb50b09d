import Type from 'typebox'
import { insurancePlansAnswer } from '../../operations/agent-operations.ts'
import { InsurancePlanSchema } from '../../schemas/insurance-plan.ts'
import type { AgentTool } from '../agent-tool.ts'
import { chargeText, counted, lines, nzd } from '../tool-text.ts'
import { datesText, optionsQuery, VehicleOptionParameters } from './vehicle-option-parameters.ts'

export const listInsurancePlansTool: AgentTool = {
  name: 'list_insurance_plans',
  parameters: VehicleOptionParameters,
  outputSchema: Type.Object({ insurancePlans: Type.Array(InsurancePlanSchema) }),
  answer(deps, parameters) {
    const insurancePlans = insurancePlansAnswer(deps, optionsQuery(parameters))
    if (insurancePlans.length === 0) {
      return {
        structured: { insurancePlans },
        text: `No insurance plan is offered for vehicle ${parameters.vehicle_id}'s class. A quote is priced without insurance: leave insurance_id out.`,
      }
    }
    return {
      structured: { insurancePlans },
      text: lines(
        `${counted(insurancePlans.length, 'insurance plan')} for vehicle ${parameters.vehicle_id}${datesText(parameters)}:`,
        insurancePlans.map(
          (plan) =>
            `${plan.id} ${plan.name}: ${nzd(plan.price)} ${chargeText(plan.per, plan.maxCharge)}, excess ${nzd(plan.excess)}`,
        ),
        'Send one id to get_quote as insurance_id.',
      ),
    }
  },
}
