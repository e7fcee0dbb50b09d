import Type from 'typebox'
import { depotsAnswer } from '../../operations/agent-operations.ts'
import { DepotSchema } from '../../schemas/depot.ts'
import type { AgentTool } from '../agent-tool.ts'
import { counted, lines } from '../tool-text.ts'

export const listDepotsTool: AgentTool = {
  name: 'list_depots',
  parameters: Type.Object({}),
  outputSchema: Type.Object({ depots: Type.Array(DepotSchema) }),
  answer(deps) {
    const depots = depotsAnswer(deps)
    return {
      structured: { depots },
      text: lines(
        `${deps.ctx.catalogue().catalogue.company.name} has ${counted(depots.length, 'depot')}:`,
        depots.map((depot) => `${depot.id} ${depot.name}: ${depot.opening_hours_description}`),
        'Next: find_available_vehicles with pick_up_depot_id, drop_off_depot_id, pick_up_date and drop_off_date.',
      ),
    }
  },
}
