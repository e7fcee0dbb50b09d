import Type, { type Static } from 'typebox'

export const FlexibleOptionSchema = Type.Object(
  {
    pickUpDate: Type.String({ format: 'date', description: 'Pick-up date (YYYY-MM-DD)' }),
    dropOffDate: Type.String({
      format: 'date',
      description: 'Drop-off date (YYYY-MM-DD): rentalDays after the pick-up date',
    }),
    vehicleId: Type.Integer({ description: 'Unique vehicle identifier' }),
    name: Type.String({ description: 'Display name' }),
    vehicleClass: Type.String({
      description: 'Vehicle class, such as economy, suv, electric or motorhome',
    }),
    rentalDailyRate: Type.Number({
      description:
        'Daily rate in NZD for these dates, as availability gives it for this pick-up date',
    }),
    rentalDays: Type.Integer({ description: 'Rental days, as asked' }),
    rentalFee: Type.Number({ description: 'rentalDailyRate x rentalDays, in NZD' }),
    routeFee: Type.Number({
      description: 'One-way fee of the route in NZD; 0 for a return to the same depot',
    }),
    totalFromAmount: Type.Number({
      description:
        'The total in NZD with no accessory or plan chosen: rentalFee + routeFee + the surcharges that apply (young-driver fees with driver_age) - the promotion discount (promo_code) where it applies, as availability gives it',
    }),
    discountAmount: Type.Optional(
      Type.Number({
        description:
          'Only when promo_code is sent: what the promotion takes off this option (0 when it is not for these dates, this length or this class), already taken off totalFromAmount',
      }),
    ),
  },
  {
    title: 'FlexibleOption',
    description:
      'A vehicle that can be rented picked up on this date: what availability lists for these dates',
  },
)

export type FlexibleOptionResponse = Static<typeof FlexibleOptionSchema>
