import Type, { type Static } from 'typebox'
import { EXAMPLE_DATE } from './example-dates.ts'
import { TermsSchema } from './quote-terms.ts'

const QuotedAccessory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  cost: Type.Number({
    description: 'min(price x (days, or 1 per rental), maxCharge) x quantity, in NZD',
  }),
  quantity: Type.Integer(),
})

const QuotedSurcharge = Type.Object({
  id: Type.String({ description: 'The surcharge as the company names it, such as airport-fee' }),
  name: Type.String(),
  cost: Type.Number({
    description: 'min(price x (days, or 1 per rental), maxCharge), in NZD',
  }),
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
      surcharges: Type.Array(QuotedSurcharge, {
        examples: [
          [
            { id: 'young-driver-fee', name: 'Young driver fee', cost: 125 },
            { id: 'airport-fee', name: 'Airport concession fee', cost: 38 },
          ],
        ],
        description:
          'The compulsory fees that apply to this rental, each a line: at a depot (an airport concession fee), for a young driver (driver_age under terms.youngDriverUnder), for a hand-over at a time the depot lists as after hours, or always',
      }),
      surchargesFee: Type.Number({ description: 'Sum of the surcharge costs', examples: [163] }),
      discount: Type.Number({
        examples: [50],
        description:
          'Taken off the total by the promotion (promo_code): a percent of rentalFee rounded to the cent, or an amount, never more than rentalFee; 0 without one',
      }),
      promotion: Type.Union(
        [Type.Object({ code: Type.String(), name: Type.String() }), Type.Null()],
        {
          description: 'The promotion applied; null without one',
          examples: [{ code: 'SUMMER10', name: 'Summer sale: 10% off' }],
        },
      ),
    }),
    totalAmount: Type.Number({
      description:
        'The price paid, every compulsory fee included: rentalFee + routeFee + accessoriesFee + insuranceFee + surchargesFee - discount, GST included. With no surcharge and no discount it is the sum of the first four',
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
    driverAge: Type.Union([Type.Integer(), Type.Null()], {
      examples: [23],
      description:
        'The driver age priced (driver_age); null when none was given and an adult over the young-driver age is assumed (see assumptions)',
    }),
    agentRef: Type.Union([Type.String(), Type.Null()], {
      examples: ['trip-planner.session-42'],
      description:
        'Your agent_ref, kept with the quote, carried in checkoutUrl and stored on the booking; null when none was sent',
    }),
    terms: TermsSchema,
    assumptions: Type.Array(Type.String(), {
      examples: [
        [
          'No pick_up_time or drop_off_time was given: the price is for hand-overs in opening hours (an after-hours hand-over adds its fee), and the person chooses the times at checkout.',
        ],
      ],
      description:
        'Everything the quote took for granted because the request did not say it (driver age, hand-over times, the insurance plan included when none is chosen), one sentence each; empty when nothing was assumed',
    }),
  },
  { title: 'Quote', description: 'A priced quote, valid until expiresAt' },
)

export type QuoteResponse = Static<typeof QuoteSchema>
