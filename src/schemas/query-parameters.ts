import Type from 'typebox'
import { MAX_ACCESSORY_ITEMS } from '../domain/accessory-selection.ts'
import { ID_PATTERN } from '../domain/ids.ts'
import { EXAMPLE_DATE } from './example-dates.ts'

/**
 * Request parameters arrive as text and are checked as text: a plain-decimal id pattern refuses
 * `07`, `1e3`, `0x10` and ` 7`, which a coercing integer check would accept. Handlers convert.
 */
export const DATE_SHAPE = '^\\d{4}-\\d{2}-\\d{2}$'
/** A count from 1 to 99 in plain decimal, such as a number of seats. */
export const COUNT_SHAPE = '^[1-9][0-9]?$'

/** What each parameter expects, in the words its 400 message uses. */
export const EXPECTED: Record<string, string> = {
  pick_up_depot_id: 'a depot id as a plain whole number such as 1 (GET /depots lists them)',
  drop_off_depot_id: 'a depot id as a plain whole number such as 1 (GET /depots lists them)',
  depot_id: 'a depot id as a plain whole number such as 1 (GET /depots lists them)',
  pick_up_date: "a date as YYYY-MM-DD, today or later in the company's time zone",
  drop_off_date: 'a date as YYYY-MM-DD, on or after pick_up_date',
  earliest_pick_up_date: "a date as YYYY-MM-DD, today or later in the company's time zone",
  latest_pick_up_date: 'a date as YYYY-MM-DD, on or after earliest_pick_up_date',
  rental_days: 'a number of rental days as a plain whole number such as 5',
  limit: 'a number of options from 1 to 500 as a plain whole number, such as 20',
  vehicle_id: 'a vehicle id as a plain whole number such as 2 (GET /vehicles lists them)',
  vehicleId: 'a vehicle id as a plain whole number such as 2 (GET /vehicles lists them)',
  insurance_id:
    'an insurance plan id as a plain whole number such as 2 (GET /vehicles/{vehicleId}/insurance-types lists them)',
  accessory_ids:
    'accessory ids separated by commas, such as 1,4 (GET /vehicles/{vehicleId}/accessories lists them)',
  min_seats: 'a number of seats from 1 to 99 as a plain whole number, such as 7',
  vehicle_class: 'a vehicle class such as suv or campervan (vehicleClass in availability answers)',
  pick_up_time:
    'a time as HH:MM that the pick-up depot offers that day, such as 10:00 (GET /depots lists them as pickup_times)',
  drop_off_time:
    'a time as HH:MM that the drop-off depot offers that day, such as 16:00 (GET /depots lists them as drop_off_times)',
  driver_age: "the driver's age in whole years from 16 to 99, such as 30",
  promo_code:
    'a promotion code of 3 to 30 letters, digits, dashes or underscores, as the company gave it; leave promo_code out when there is none',
  agent_ref: 'your own reference of 1 to 64 letters, digits, dots, dashes or underscores',
}

/** A driver's age in whole years, 16 to 99, in plain decimal. */
export const AGE_SHAPE = '^(1[6-9]|[2-9][0-9])$'

/** What a rental's price depends on beyond its choices: who drives, and a promotion. */
const pricingFields = {
  driver_age: Type.Optional(
    Type.String({
      pattern: AGE_SHAPE,
      description:
        "The driver's age in whole years (16 to 99). Under the vehicle's minimum it cannot be rented; under the young-driver age a fee applies. Without it an adult over the young-driver age is assumed (the quote says so in assumptions)",
      examples: ['30'],
    }),
  ),
  promo_code: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9_-]{3,30}$',
      description:
        'A promotion code, as the company gave it (no example: a made-up code is refused). A code that is unknown or does not apply to this rental is refused with the reason',
    }),
  ),
}

const id = (description: string, example: string) =>
  Type.String({ pattern: ID_PATTERN.source, description, examples: [example] })
const date = (description: string, example: string) =>
  Type.String({ pattern: DATE_SHAPE, description, examples: [example] })

const searchFields = {
  pick_up_depot_id: id('Pickup depot id, from GET /depots', '1'),
  drop_off_depot_id: id('Drop-off depot id, from GET /depots', '1'),
  pick_up_date: date(
    'Pickup date (YYYY-MM-DD) in the company time zone; today or later',
    EXAMPLE_DATE.pickUp,
  ),
  drop_off_date: date(
    'Drop-off date (YYYY-MM-DD), on or after the pickup date',
    EXAMPLE_DATE.dropOff,
  ),
}

/** Optional narrowing of an availability search, beyond the contract's four parameters. */
const filterFields = {
  min_seats: Type.Optional(
    Type.String({
      pattern: COUNT_SHAPE,
      description:
        'Only vehicles with at least this many seats (vehicles whose seats the company does not give are left out)',
      examples: ['7'],
    }),
  ),
  vehicle_class: Type.Optional(
    Type.String({
      maxLength: 40,
      description: 'Only vehicles of this class, such as suv or campervan (any case)',
      examples: ['campervan'],
    }),
  ),
}

export const AvailabilityQuery = Type.Object({
  ...searchFields,
  vehicle_id: Type.Optional(
    id('Only this vehicle, from GET /vehicles: whether it is free for these dates', '2'),
  ),
  ...filterFields,
  ...pricingFields,
})

/** GET /vehicles/unavailable: availability's own four parameters, its filters and the driver's age. */
export const UnavailableQuery = Type.Object({
  ...searchFields,
  vehicle_id: Type.Optional(
    id('Only this vehicle (the flexible search for one vehicle links so), from GET /vehicles', '2'),
  ),
  ...filterFields,
  driver_age: pricingFields.driver_age,
})

/** GET /routes: every route, or those from one pick-up depot. */
export const RoutesQuery = Type.Object({
  pick_up_depot_id: Type.Optional(
    id('Only the routes from this pickup depot, from GET /depots', '1'),
  ),
})

/** GET /vehicles: the catalogue, narrowed as availability narrows it, or to one depot's stock. */
export const VehiclesQuery = Type.Object({
  ...filterFields,
  depot_id: Type.Optional(
    id(
      'Only the vehicles stocked at this depot (where they can be picked up), from GET /depots',
      '1',
    ),
  ),
})

export const VehicleParams = Type.Object({
  vehicleId: id('Vehicle id, from GET /vehicles/availability', '2'),
})

export const VehicleOptionsQuery = Type.Object({
  pick_up_date: Type.Optional(searchFields.pick_up_date),
  drop_off_date: Type.Optional(searchFields.drop_off_date),
})

/** A time of day as the depots list their hand-over times. */
export const TIME_SHAPE = '^([01][0-9]|2[0-3]):[0-5][0-9]$'

const timeFields = {
  pick_up_time: Type.Optional(
    Type.String({
      pattern: TIME_SHAPE,
      description:
        "Pick-up time (HH:MM), one of the pick-up depot's pickup_times for that date's day type (weekday or weekend); the person chooses it at checkout when left out (no example: each depot has its own times)",
    }),
  ),
  drop_off_time: Type.Optional(
    Type.String({
      pattern: TIME_SHAPE,
      description:
        "Drop-off time (HH:MM), one of the drop-off depot's drop_off_times for that date's day type; the person chooses it at checkout when left out (no example: each depot has its own times)",
    }),
  ),
}

/** An agent's own reference, as `agent_ref` takes it (the website checks links with it too). */
export const AGENT_REF_PATTERN = '^[A-Za-z0-9._-]{1,64}$'

export const QuoteQuery = Type.Object({
  ...searchFields,
  vehicle_id: id('Selected vehicle id, from GET /vehicles/availability', '2'),
  accessory_ids: Type.Optional(
    Type.String({
      maxLength: MAX_ACCESSORY_ITEMS * 11,
      description: 'Comma-separated accessory ids; an id given twice is a quantity of two',
      examples: ['1,1,3'],
    }),
  ),
  insurance_id: Type.Optional(id('Selected insurance plan id', '2')),
  // Beyond the contract's parameters, after them.
  ...timeFields,
  ...pricingFields,
  agent_ref: Type.Optional(
    Type.String({
      pattern: AGENT_REF_PATTERN,
      description:
        'Your own reference (1 to 64 letters, digits, dots, dashes, underscores), kept with the quote, carried in checkoutUrl and stored on the booking, so the company can see which agent sent it',
      examples: ['trip-planner.session-42'],
    }),
  ),
})
