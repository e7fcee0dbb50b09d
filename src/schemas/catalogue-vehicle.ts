import Type, { type Static } from 'typebox'
import { vehicleFactFields } from './vehicle.ts'

const MONTH_DAY = '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'

const SeasonMinimum = Type.Object({
  season: Type.String({
    description: 'The season, by the name error messages give it',
    examples: ['Peak'],
  }),
  minimumDays: Type.Integer({
    minimum: 1,
    description: 'Shortest rental, in rental days, for a pick-up date in this season',
    examples: [3],
  }),
  periods: Type.Array(
    Type.Object({
      from: Type.String({
        pattern: MONTH_DAY,
        description: 'First day, MM-DD',
        examples: ['12-15'],
      }),
      to: Type.String({
        pattern: MONTH_DAY,
        description:
          'Last day, MM-DD, both included; before `from` when the period wraps the new year',
        examples: ['02-28'],
      }),
    }),
    { description: 'When the season is, every year, by the pick-up date' },
  ),
})

export const CatalogueVehicleSchema = Type.Object(
  {
    vehicleId: Type.Integer({ description: 'Unique vehicle identifier' }),
    name: Type.String({ description: 'Display name' }),
    vehicleClass: Type.String({
      description: 'Vehicle class, such as economy, suv, electric or motorhome',
    }),
    imageUrl: Type.String({ format: 'uri', description: 'URL of a vehicle image' }),
    ...vehicleFactFields,
    minimumDays: Type.Array(SeasonMinimum, {
      description:
        'Each season in which the vehicle is rented, with its shortest rental; a season not listed has no rate for it',
    }),
    depotIds: Type.Array(Type.Integer(), {
      description: 'The active depots that stock it: where it can be picked up',
      examples: [[1, 3, 4]],
    }),
  },
  {
    title: 'CatalogueVehicle',
    description:
      'A vehicle the company rents, whatever the dates: whether it is free, and at what price, an availability search says',
  },
)

export type CatalogueVehicleResponse = Static<typeof CatalogueVehicleSchema>
