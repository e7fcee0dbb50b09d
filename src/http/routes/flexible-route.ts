import Type from 'typebox'
import { addDays } from '../../domain/calendar-date.ts'
import { flexibleBytes } from '../../operations/agent-operations.ts'
import { FlexibleOptionSchema } from '../../schemas/flexible-option.ts'
import { FlexibleQuery } from '../../schemas/flexible-query.ts'
import { whenReady } from '../../store/maybe-async.ts'
import type { ApiDeps, TypedFastify } from '../api-deps.ts'
import { emptyAnswerLink } from './empty-answer-links.ts'
import { API_TAG, errorResponses } from './error-responses.ts'

/** The header that says how many options there are before `limit`. */
export const TOTAL_COUNT_HEADER = 'x-total-count'

export function flexibleRoute(app: TypedFastify, { ctx, links, docs }: ApiDeps): void {
  app.get(
    '/vehicles/availability/flexible',
    {
      schema: {
        ...docs.find_flexible_dates,
        tags: [API_TAG],
        querystring: FlexibleQuery,
        response: {
          200: Type.Array(FlexibleOptionSchema, {
            description:
              'Each pickup date and vehicle that can be rented for rental_days, the cheapest rentalFee + routeFee first, then the earliest date, then by vehicle id; at most `limit`. Empty when none can',
          }),
          ...errorResponses.badRequest,
        },
      },
    },
    // Not async, as availability: an answer the store gives at once is sent at once, as the JSON
    // bytes the response schema would write (flexibleOptionsBytes). One request, counted once
    // against the rate limit however many dates it covers.
    (request, reply) =>
      whenReady(flexibleBytes({ ctx, links }, request.query), ({ bytes, total, found }) => {
        reply.type('application/json; charset=utf-8')
        reply.header(TOTAL_COUNT_HEADER, String(total))
        if (total === 0) {
          // Why nothing is found, for the window's first date: the same listing availability links.
          const { earliestPickUpDate, rentalDays } = found.window
          const first = {
            pick_up_depot_id: request.query.pick_up_depot_id,
            drop_off_depot_id: request.query.drop_off_depot_id,
            pick_up_date: earliestPickUpDate,
            drop_off_date: addDays(earliestPickUpDate, rentalDays),
            vehicle_id: request.query.vehicle_id,
            vehicle_class: request.query.vehicle_class,
            min_seats: request.query.min_seats,
            driver_age: request.query.driver_age,
          }
          reply.header('link', emptyAnswerLink({ ctx, links }, first))
        }
        return bytes
      }) as never,
  )
}
