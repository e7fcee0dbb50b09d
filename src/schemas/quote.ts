import Type, { type Static } from 'typebox'
import { EXAMPLE_DATE } from './example-dates.ts'

const QuotedAccessory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  cost: Type.Number({
    description: 'min(price x (days, or 1 per rental), maxCharge) x quantity, in NZD',
  }),
  quantity: Type.Integer(),
})

const QuotedInsurance = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  cost: Type.Number({ description: 'min(price x (days, or 1 per rental), maxCharge), in NZD' }),
})

export const QuoteSchema = Type.Object(
  {
    quoteId: Type.String({ description: 'Opaque, unguessable quote identifier' }),
    expiresAt: Type.String({ format: 'date-time', description: 'When the quote expires (UTC)' }),
    currency: Type.Literal('NZD'),
    priceBreakdown: Type.Object({
      rentalFee: Type.Number({ description: 'rentalDailyRate x rentalDays' }),
      routeFee: Type.Number({ description: 'One-way fee; 0 for a return to the same depot' }),
      accessoriesFee: Type.Number({ description: 'Sum of the accessory costs' }),
      insuranceFee: Type.Number({ description: 'Cost of the selected plan; 0 without one' }),
      accessories: Type.Array(QuotedAccessory),
      insurance: Type.Union([QuotedInsurance, Type.Null()]),
    }),
    totalAmount: Type.Number({
      description: 'rentalFee + routeFee + accessoriesFee + insuranceFee, GST included',
    }),
    note: Type.String(),
    checkoutUrl: Type.String({
      format: 'uri',
      description: 'Website checkout link for this quote; give it to the person to book',
    }),
    rentalDays: Type.Integer({ description: 'Drop-off date minus pick-up date, at least 1' }),
    rentalDailyRate: Type.Number(),
    gstAmount: Type.Number({ description: 'The GST (15%) included in totalAmount' }),
    vehicleId: Type.Integer(),
    vehicleName: Type.String(),
    pickUpDepotId: Type.Integer(),
    dropOffDepotId: Type.Integer(),
    pickUpDate: Type.String({ format: 'date', examples: [EXAMPLE_DATE.pickUp] }),
    dropOffDate: Type.String({ format: 'date', examples: [EXAMPLE_DATE.dropOff] }),
    pickUpTime: Type.Union([Type.String({ description: 'HH:MM' }), Type.Null()], {
      description:
        'The pick-up time asked for (pick_up_time), one the depot offers that day; null when none was: the person chooses it at checkout',
    }),
    dropOffTime: Type.Union([Type.String({ description: 'HH:MM' }), Type.Null()], {
      description: 'The drop-off time asked for (drop_off_time); null when none was',
    }),
  },
  { title: 'Quote', description: 'A priced quote, valid until expiresAt' },
)

export type QuoteResponse = Static<typeof QuoteSchema>
