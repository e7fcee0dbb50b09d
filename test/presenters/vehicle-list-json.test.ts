import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import type { Vehicle } from '../../src/domain/catalogue.ts'
import { type Cents, toDollars } from '../../src/domain/money.ts'
import { dollarsJson } from '../../src/presenters/json-bytes.ts'
import { presentVehicle } from '../../src/presenters/present.ts'
import { SiteLinks } from '../../src/presenters/site-links.ts'
import { vehicleListJson } from '../../src/presenters/vehicle-list-json.ts'
import { VehicleSchema } from '../../src/schemas/vehicle.ts'
import type { AvailableVehicle } from '../../src/verbs/find-available-vehicles.ts'
import { catalogueText, cents, schemaSerialiser } from '../helpers/json-bytes-fixtures.ts'

/*
 * The availability answer is written from per-vehicle JSON fragments instead of through the
 * response schema's serialiser: it must be the schema's output byte for byte, whatever the
 * catalogue's text holds, and a vehicle's fragments, written once, must never carry one search's
 * figures into another's.
 */

const links = new SiteLinks('https://rentals.example.com')

const vehicle = fc.record({
  id: fc.integer({ min: 1, max: 9_999_999_999 }),
  name: catalogueText,
  vehicleClass: catalogueText,
  // A file name is percent-encoded into the URL, which a lone surrogate cannot be.
  image: fc.oneof(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.webUrl()),
})
/** A search's figures for one vehicle: its terms, its total from and the discount in it. */
const figures = fc.record({
  terms: fc.record({ dailyRate: cents, rentalFee: cents, routeFee: cents }),
  totalFrom: cents,
  discount: cents,
})
type Figures = Omit<AvailableVehicle, 'vehicle'>

function available(vehicles: Vehicle[], allFigures: Figures[]): AvailableVehicle[] {
  return vehicles.map((item, i) => ({
    vehicle: item,
    ...(allFigures[i % allFigures.length] as Figures),
  }))
}

describe('the availability answer written from per-vehicle fragments', () => {
  let schema: Awaited<ReturnType<typeof schemaSerialiser>>
  before(async () => {
    schema = await schemaSerialiser(VehicleSchema)
  })
  after(() => schema.close())

  test("is the response schema serialiser's output byte for byte, for two searches of the same vehicles", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(vehicle, { maxLength: 6 }),
        fc.array(figures, { minLength: 1, maxLength: 6 }),
        fc.array(figures, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 548 }),
        fc.integer({ min: 1, max: 548 }),
        fc.boolean(),
        async (fields, firstTerms, secondTerms, firstDays, secondDays, withDiscount) => {
          // The catalogue's own objects: fragments are kept per object, as for one catalogue.
          const vehicles = fields.map((item) => ({ ...item }) as Vehicle)
          for (const [allTerms, days] of [
            [firstTerms, firstDays],
            [secondTerms, secondDays],
          ] as const) {
            const found = available(vehicles, allTerms)
            const expected = await schema.serialise(
              found.map((item) => presentVehicle(item, days, links, withDiscount)),
            )
            assert.equal(vehicleListJson(found, days, links, withDiscount), expected)
          }
        },
      ),
      { seed: 20261123, numRuns: 300 },
    )
  })

  test('an empty search is an empty list', () => {
    assert.equal(vehicleListJson([], 3, links), '[]')
  })

  test("the same vehicle on two sites carries each site's image address", () => {
    const item = { id: 1, name: 'Yaris', vehicleClass: 'economy', image: 'economy.svg' } as Vehicle
    const found = available(
      [item],
      [
        {
          terms: { dailyRate: 5400 as Cents, rentalFee: 37800 as Cents, routeFee: 0 as Cents },
          totalFrom: 37800 as Cents,
          discount: 0 as Cents,
        },
      ],
    )
    const other = new SiteLinks('http://localhost:3000')
    assert.match(
      vehicleListJson(found, 7, links),
      /"https:\/\/rentals\.example\.com\/images\/vehicles\/economy\.svg"/,
    )
    assert.match(
      vehicleListJson(found, 7, other),
      /"http:\/\/localhost:3000\/images\/vehicles\/economy\.svg"/,
    )
  })

  test('a whole number of cents is written as JSON writes its dollars, from 0 to past any fleet', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 100_000 }),
          fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
          fc.integer({ min: 0, max: 17 }).map((digits) => 10 ** digits - 1),
        ),
        (cents) => assert.equal(dollarsJson(cents), JSON.stringify(toDollars(cents as Cents))),
      ),
      { seed: 20261123, numRuns: 20_000 },
    )
  })
})
