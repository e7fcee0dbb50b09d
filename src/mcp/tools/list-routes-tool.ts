import Type, { type Static } from 'typebox'
import { routesAnswer } from '../../operations/agent-operations.ts'
import { RoutesQuery } from '../../schemas/query-parameters.ts'
import { RouteSchema } from '../../schemas/route.ts'
import type { AgentTool } from '../agent-tool.ts'
import { counted, lines, nzd } from '../tool-text.ts'

export const listRoutesTool: AgentTool = {
  name: 'list_routes',
  parameters: RoutesQuery,
  outputSchema: Type.Object({ routes: Type.Array(RouteSchema) }),
  answer(deps, parameters) {
    const query = parameters as Static<typeof RoutesQuery>
    const routes = routesAnswer(deps, query)
    const index = deps.ctx.catalogue()
    const depot = (id: number) => `${index.activeDepot(id)?.name ?? 'depot'} (${id})`
    const from = query.pick_up_depot_id
    return {
      structured: { routes },
      text: lines(
        `${counted(routes.length, 'route')} can be rented${from ? ` from ${depot(Number(from))}` : ''}, with their route fee:`,
        routes.map((route) =>
          route.pickUpDepotId === route.dropOffDepotId
            ? `${depot(route.pickUpDepotId)} and back: no fee`
            : `${depot(route.pickUpDepotId)} to ${depot(route.dropOffDepotId)}: ${route.routeFee === 0 ? 'no fee' : nzd(route.routeFee)}`,
        ),
        'A route not listed is not offered. Next: find_available_vehicles with a pick_up_depot_id and drop_off_depot_id of a listed route.',
      ),
    }
  },
}
