import Type, { type Static } from 'typebox'
import { FUELS, TRANSMISSIONS } from '../domain/catalogue.ts'

/** What a vehicle is like, as the fleet file gives it; each absent when the company does not say. */
export const vehicleFactFields = {
  seats: Type.Optional(Type.Integer({ description: 'Seats with a belt', examples: [5] })),
  doors: Type.Optional(
    Type.Integer({ description: 'Doors, the tailgate included', examples: [5] }),
  ),
  bags: Type.Optional(Type.Integer({ description: 'Large suitcases it takes', examples: [2] })),
  transmission: Type.Optional(
    Type.Enum([...TRANSMISSIONS], { description: 'Gearbox', examples: ['automatic'] }),
  ),
  fuel: Type.Optional(
    Type.Enum([...FUELS], {
      description: 'What it runs on',
      examples: ['hybrid'],
    }),
  ),
  features: Type.Optional(
    Type.Array(Type.String(), {
      description: 'Short features travellers look for',
      examples: [['Apple CarPlay', 'reversing camera']],
    }),
  ),
}

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
    ...vehicleFactFields,
    rentalDays: Type.Integer({
      description: 'Rental days: drop-off date minus pick-up date, at least 1',
    }),
    rentalFee: Type.Number({ description: 'rentalDailyRate x rentalDays, in NZD' }),
    routeFee: Type.Number({
      description: 'One-way fee of the route in NZD; 0 for a return to the same depot',
    }),
    totalFromAmount: Type.Number({
      description:
        'The total in NZD for this vehicle with no accessory or insurance plan chosen and no hand-over time yet: rentalFee + routeFee + the surcharges that apply (an airport fee; the young-driver fees when driver_age is under the young-driver age) - the promotion discount (promo_code) where it is for this vehicle. Compare vehicles by this; a quote (GET /quotes) gives every line',
    }),
    discountAmount: Type.Optional(
      Type.Number({
        description:
          'Only when promo_code is sent: what the promotion takes off this vehicle (0 when the promotion is not for its class), already taken off totalFromAmount',
      }),
    ),
  },
  { title: 'Vehicle', description: 'A vehicle available for the asked dates and depots' },
)

export type VehicleResponse = Static<typeof VehicleSchema>
