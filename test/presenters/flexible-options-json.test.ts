import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import type { CalendarDate } from '../../src/domain/calendar-date.ts'
import type { Vehicle } from '../../src/domain/catalogue.ts'
import { flexibleOptionsBytes } from '../../src/presenters/flexible-options-json.ts'
import { presentFlexibleOption } from '../../src/presenters/present.ts'
import { FlexibleOptionSchema } from '../../src/schemas/flexible-option.ts'
import type { FlexibleOption } from '../../src/verbs/find-flexible-dates.ts'
import { catalogueText, cents, schemaSerialiser } from '../helpers/json-bytes-fixtures.ts'

/*
 * The flexible search's answer is written as bytes from a part per vehicle instead of through the
 * response schema's serialiser: it must be the schema's output byte for byte, whatever the
 * catalogue's text holds, and a vehicle's part, written once, must carry no option's figures.
 */

const day = fc
  .date({
    min: new Date('2026-01-01T00:00:00Z'),
    max: new Date('2099-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10) as CalendarDate)
const vehicle = fc.record({
  id: fc.integer({ min: 1, max: 9_999_999_999 }),
  name: catalogueText,
  vehicleClass: catalogueText,
})
const figures = fc.record({
  terms: fc.record({ dailyRate: cents, rentalFee: cents, routeFee: cents }),
  totalFrom: cents,
  discount: cents,
  period: fc.record({ pickUpDate: day, dropOffDate: day, days: fc.integer({ min: 1, max: 999 }) }),
})

describe('the flexible search answer written as bytes', () => {
  let schema: Awaited<ReturnType<typeof schemaSerialiser>>
  before(async () => {
    schema = await schemaSerialiser(FlexibleOptionSchema)
  })
  after(() => schema.close())

  test("is the response schema serialiser's output byte for byte, for two searches of the same vehicles", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(vehicle, { minLength: 1, maxLength: 5 }),
        fc.array(figures, { maxLength: 8 }),
        fc.array(figures, { maxLength: 8 }),
        fc.boolean(),
        async (fields, first, second, withDiscount) => {
          // The catalogue's own objects: parts are kept per object, as for one catalogue.
          const vehicles = fields.map((item) => ({ ...item }) as Vehicle)
          for (const search of [first, second]) {
            const options = search.map(
              (option, i) =>
                ({
                  ...option,
                  vehicle: vehicles[i % vehicles.length],
                }) as unknown as FlexibleOption,
            )
            const expected = await schema.serialise(
              options.map((option) => presentFlexibleOption(option, withDiscount)),
            )
            assert.equal(flexibleOptionsBytes(options, withDiscount).toString('utf8'), expected)
          }
        },
      ),
      { seed: 20261127, numRuns: 300 },
    )
  })

  test('no option is an empty list', () => {
    assert.equal(flexibleOptionsBytes([]).toString('utf8'), '[]')
  })
})
