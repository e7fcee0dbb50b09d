import Type, { type Static } from 'typebox'
import { addDays } from '../../domain/calendar-date.ts'
import {
  type FlexibleAnswer,
  flexibleAnswer,
  type OperationDeps,
} from '../../operations/agent-operations.ts'
import { FlexibleOptionSchema } from '../../schemas/flexible-option.ts'
import { FlexibleQuery } from '../../schemas/flexible-query.ts'
import type { AgentTool } from '../agent-tool.ts'
import { counted, lines, nzd, vehicleLabel } from '../tool-text.ts'
import { noVehicleText } from './no-vehicle-text.ts'

type Query = Static<typeof FlexibleQuery>

export const findFlexibleDatesTool: AgentTool = {
  name: 'find_flexible_dates',
  parameters: FlexibleQuery,
  outputSchema: Type.Object({
    options: Type.Array(FlexibleOptionSchema),
    total: Type.Integer({ description: 'How many options there are before limit' }),
  }),
  async answer(deps, parameters) {
    const query = parameters as Query
    const answer = await flexibleAnswer(deps, query)
    const { options, total } = answer
    const window = `picked up from ${query.earliest_pick_up_date} to ${query.latest_pick_up_date} for ${query.rental_days} rental days`
    if (total === 0) {
      const depot = deps.ctx.catalogue().activeDepot(Number(query.pick_up_depot_id))
      return {
        structured: { options, total },
        text: emptyText(deps, answer, query, window, depot?.name),
      }
    }
    const shown =
      options.length < total
        ? `${options.length} cheapest of ${total} options`
        : counted(total, 'option')
    // With promo_code, each option's discount, and that it gave none anywhere when so: a total
    // below the rental fee unexplained, or a code silently doing nothing, misleads a model.
    const discounted = options.some((option) => (option.discountAmount ?? 0) > 0)
    const promotion =
      query.promo_code !== undefined && !discounted
        ? [
            `promo_code ${query.promo_code} gives no discount on these options (it is for other pick-up dates, lengths or vehicle classes).`,
          ]
        : []
    return {
      structured: { options, total },
      text: lines(
        `${shown} ${window}, cheapest rental fee + route fee${query.promo_code === undefined ? '' : ' less the discount'} first:`,
        options.map(
          (option) =>
            `${option.pickUpDate} to ${option.dropOffDate}: vehicle_id ${option.vehicleId} ${vehicleLabel(option.name, [option.vehicleClass])}, ${nzd(option.rentalDailyRate)} a day, rental fee ${nzd(option.rentalFee)}, route fee ${nzd(option.routeFee)}; total from ${nzd(option.totalFromAmount)} before options${(option.discountAmount ?? 0) > 0 ? `, after a promotion discount of ${nzd(option.discountAmount ?? 0)}` : ''}`,
        ),
        ...promotion,
        'Next: get_quote with the pick_up_date, drop_off_date and vehicle_id of an option (list_accessories and list_insurance_plans for its options first).',
      ),
    }
  },
}

/** Why nothing can be rented in the window: each vehicle's reasons, on how many dates. */
function emptyText(
  deps: OperationDeps,
  { found }: FlexibleAnswer,
  query: Query,
  window: string,
  depotName: string | undefined,
): string {
  const where = `${depotName ?? 'the pick-up depot'} (pick_up_depot_id ${query.pick_up_depot_id})`
  if (found.candidates === 0) return noVehicleText(deps, query.pick_up_depot_id, query)
  const dates = (count: number) => (count === 1 ? 'on 1 date' : `on ${count} dates`)
  const first = {
    pick_up_date: found.window.earliestPickUpDate,
    drop_off_date: addDays(found.window.earliestPickUpDate, found.window.rentalDays),
  }
  return lines(
    `No vehicle can be rented from ${where} ${window}. Why, by vehicle:`,
    found.misses.map((miss) => {
      const who = miss.vehicle
        ? `vehicle_id ${miss.vehicle.id} ${vehicleLabel(miss.vehicle.name, [miss.vehicle.vehicleClass])}`
        : 'every vehicle'
      return `${who} (${miss.code}) ${dates(miss.dates.length)}, from ${miss.dates[0]}: ${miss.reason}`
    }),
    `Next: explain_unavailable with pick_up_date ${first.pick_up_date} and drop_off_date ${first.drop_off_date} gives each vehicle's nearest dates that work; or try other rental_days or another window.`,
  )
}
