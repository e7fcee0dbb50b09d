import Type from 'typebox'
import {
  DEFAULT_FLEXIBLE_LIMIT,
  MAX_FLEXIBLE_LIMIT,
  MAX_WINDOW_DATES,
} from '../domain/pick-up-window.ts'
import { EXAMPLE_DATE } from './example-dates.ts'
import { AvailabilityQuery, DATE_SHAPE, QuoteQuery } from './query-parameters.ts'

/** A number of rental days from 1 to 999 in plain decimal; the longest rental is checked after. */
export const RENTAL_DAYS_SHAPE = '^[1-9][0-9]{0,2}$'
/** How many options to answer: 1 to MAX_FLEXIBLE_LIMIT (500) in plain decimal. */
export const LIMIT_SHAPE = '^([1-9][0-9]?|[1-4][0-9]{2}|500)$'

const search = AvailabilityQuery.properties

/**
 * GET /vehicles/availability/flexible: availability's depots and filters, a window of pick-up
 * dates instead of one, and the rental's length instead of a drop-off date.
 */
export const FlexibleQuery = Type.Object({
  pick_up_depot_id: search.pick_up_depot_id,
  drop_off_depot_id: search.drop_off_depot_id,
  earliest_pick_up_date: Type.String({
    pattern: DATE_SHAPE,
    description:
      "First pick-up date to try (YYYY-MM-DD) in the company's time zone; today or later",
    examples: [EXAMPLE_DATE.pickUp],
  }),
  latest_pick_up_date: Type.String({
    pattern: DATE_SHAPE,
    description: `Last pick-up date to try (YYYY-MM-DD), on or after the earliest; at most ${MAX_WINDOW_DATES} pick-up dates in all`,
    examples: [EXAMPLE_DATE.dropOff],
  }),
  rental_days: Type.String({
    pattern: RENTAL_DAYS_SHAPE,
    description:
      'Rental days, as availability counts them: each drop-off date is this many days after its pick-up date; at most the longest rental',
    examples: ['5'],
  }),
  vehicle_id: Type.Optional({
    ...QuoteQuery.properties.vehicle_id,
    description: 'Only this vehicle, from GET /vehicles',
  }),
  vehicle_class: search.vehicle_class,
  min_seats: search.min_seats,
  driver_age: search.driver_age,
  promo_code: Type.Optional({
    ...search.promo_code,
    description:
      'A promotion code, as the company gave it (no example: a made-up code is refused). An unknown code is refused; a code for other pick-up dates or longer rentals only leaves those dates without a discount (each option carries discountAmount)',
  }),
  limit: Type.Optional(
    Type.String({
      pattern: LIMIT_SHAPE,
      description: `Most options to answer, the cheapest first: 1 to ${MAX_FLEXIBLE_LIMIT}, ${DEFAULT_FLEXIBLE_LIMIT} when left out`,
      examples: ['10'],
    }),
  ),
})
