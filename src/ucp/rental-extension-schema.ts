import { RENTAL_EXTENSION_SCHEMA_PATH, rentalExtensionName } from './ucp-spec.ts'

const ID = { type: 'integer', minimum: 1 }
const DATE = { type: 'string', format: 'date', description: 'YYYY-MM-DD, in the company time zone' }
const TIME = { type: 'string', pattern: '^[0-2][0-9]:[0-5][0-9]$', description: 'HH:MM' }

/**
 * The JSON Schema of the rental extension the business profile declares: the `rental` object a
 * checkout carries beside UCP's line items, under the API's parameter names. Served by the site,
 * since UCP binds a vendor extension's schema to the vendor's own origin.
 */
export function rentalExtensionSchema(siteUrl: string) {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${siteUrl}${RENTAL_EXTENSION_SCHEMA_PATH}`,
    name: rentalExtensionName(siteUrl),
    title: 'Vehicle rental',
    description:
      'Extends dev.ucp.shopping.checkout with the rental a vehicle checkout is for. Line items name the vehicle ("vehicle:<vehicleId>", quantity 1), accessories ("accessory:<id>", with a quantity) and an insurance plan ("insurance:<id>"), with the ids the agent API lists.',
    type: 'object',
    properties: {
      rental: {
        type: 'object',
        required: ['pick_up_depot_id', 'drop_off_depot_id', 'pick_up_date', 'drop_off_date'],
        properties: {
          pick_up_depot_id: ID,
          drop_off_depot_id: ID,
          pick_up_date: DATE,
          drop_off_date: DATE,
          pick_up_time: { ...TIME, description: 'A pick-up time the depot lists for that day' },
          drop_off_time: { ...TIME, description: 'A drop-off time the depot lists for that day' },
          driver_age: { type: 'integer', minimum: 16, maximum: 120 },
          promo_code: { type: 'string' },
          agent_ref: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' },
          rental_days: {
            type: 'integer',
            minimum: 1,
            description: 'In answers: drop-off date minus pick-up date, at least 1',
          },
        },
      },
    },
  }
}
