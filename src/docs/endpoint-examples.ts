import { type OperationDeps, routesAnswer, vehiclesAnswer } from '../operations/agent-operations.ts'
import type { OperationId } from '../schemas/operations.ts'

/**
 * A one-line example of an endpoint for /llms.txt and /docs, made from the loaded fleet so that
 * it holds for any company: the request (relative to the API's base URL, as the operations are
 * listed) and the start of what it answers.
 */
export type EndpointExample = { operationId: OperationId; request: string; answer: string }

/** Fields of a catalogue vehicle shown in its one-line example; the rest is cut. */
const VEHICLE_FIELDS = ['vehicleId', 'name', 'vehicleClass', 'seats', 'depotIds']

/**
 * GET /routes and GET /vehicles for one depot: the first depot with a one-way route for a fee
 * (the example then shows a fee), else the first active depot. None for a fleet without one.
 */
export function catalogueExamples(deps: OperationDeps): EndpointExample[] {
  const paid = routesAnswer(deps, {}).find((route) => route.routeFee > 0)
  const depotId = paid?.pickUpDepotId ?? deps.ctx.catalogue().activeDepots[0]?.id
  if (depotId === undefined) return []
  const routes = routesAnswer(deps, { pick_up_depot_id: String(depotId) })
  const vehicles = vehiclesAnswer(deps, { depot_id: String(depotId) })
  return [
    {
      operationId: 'list_routes',
      request: `/routes?pick_up_depot_id=${depotId}`,
      answer: oneLine(routes, 3),
    },
    {
      operationId: 'list_vehicles',
      request: `/vehicles?depot_id=${depotId}`,
      answer: oneLine(vehicles, 1, VEHICLE_FIELDS),
    },
  ]
}

/**
 * A JSON list on one line: its first items, each cut to `fields` when given (`…` marks a cut),
 * and how many items were left out.
 */
function oneLine(items: readonly object[], shown: number, fields?: string[]): string {
  const parts = items.slice(0, shown).map((item) => {
    if (!fields) return JSON.stringify(item)
    const kept = Object.entries(item).filter(([key]) => fields.includes(key))
    const cut = kept.length < Object.keys(item).length ? ', …' : ''
    return `${JSON.stringify(Object.fromEntries(kept)).slice(0, -1)}${cut}}`
  })
  const hidden = items.length - parts.length
  return `[${[...parts, ...(hidden > 0 ? [`… ${hidden} more`] : [])].join(', ')}]`
}
