import Type, { type Static } from 'typebox'

export const VehicleSchema = Type.Object(
  {
    vehicleId: Type.Integer({ description: 'Unique vehicle identifier' }),
    name: Type.String({ description: 'Display name' }),
    rentalDailyRate: Type.Number({
      description:
        'Daily rate in NZD for these dates: set by the season of the pick-up date and the rental length',
    }),
    imageUrl: Type.String({ format: 'uri', description: 'URL of a vehicle image' }),
    vehicleClass: Type.String({
      description: 'Vehicle class, such as economy, suv, electric or motorhome',
    }),
    rentalDays: Type.Integer({
      description: 'Rental days: drop-off date minus pick-up date, at least 1',
    }),
    rentalFee: Type.Number({ description: 'rentalDailyRate x rentalDays, in NZD' }),
    routeFee: Type.Number({
      description: 'One-way fee of the route in NZD; 0 for a return to the same depot',
    }),
  },
  { title: 'Vehicle', description: 'A vehicle available for the asked dates and depots' },
)

export type VehicleResponse = Static<typeof VehicleSchema>
