import Type from 'typebox'
import { MAX_ACCESSORY_ITEMS } from '../domain/accessory-selection.ts'
import { ID_PATTERN } from '../domain/ids.ts'

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
  pick_up_date: 'a date as YYYY-MM-DD, such as 2026-12-01',
  drop_off_date: 'a date as YYYY-MM-DD, such as 2026-12-08',
  vehicle_id:
    'a vehicle id as a plain whole number such as 2 (GET /vehicles/availability lists them)',
  vehicleId:
    'a vehicle id as a plain whole number such as 2 (GET /vehicles/availability lists them)',
  insurance_id:
    'an insurance plan id as a plain whole number such as 2 (GET /vehicles/{vehicleId}/insurance-types lists them)',
  accessory_ids:
    'accessory ids separated by commas, such as 1,4 (GET /vehicles/{vehicleId}/accessories lists them)',
  min_seats: 'a number of seats from 1 to 99 as a plain whole number, such as 7',
  vehicle_class: 'a vehicle class such as suv or campervan (vehicleClass in availability answers)',
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
    '2026-12-01',
  ),
  drop_off_date: date('Drop-off date (YYYY-MM-DD), on or after the pickup date', '2026-12-08'),
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
      description: 'Only vehicles of this class, such as suv or campervan',
      examples: ['campervan'],
    }),
  ),
}

export const AvailabilityQuery = Type.Object({ ...searchFields, ...filterFields })

export const VehicleParams = Type.Object({
  vehicleId: id('Vehicle id, from GET /vehicles/availability', '2'),
})

export const VehicleOptionsQuery = Type.Object({
  pick_up_date: Type.Optional(searchFields.pick_up_date),
  drop_off_date: Type.Optional(searchFields.drop_off_date),
})

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
})
