import Type, { type Static } from 'typebox'

/**
 * The cancellation sentence's description: the published document finds the field by it, to give
 * its example in the company's own zone and hours (see companyOpenApi).
 */
export const CANCELLATION_TEXT = 'The cancellation rule in a sentence'

const text = (description: string) => Type.String({ description })

/** A quote's terms: what binds the rental beyond its price, each in figures and in a sentence. */
export const TermsSchema = Type.Object(
  {
    distance: Type.Object(
      {
        unlimited: Type.Boolean(),
        kmPerDay: Type.Union([Type.Integer(), Type.Null()], {
          description: 'Kilometres included per rental day; null when unlimited',
        }),
        includedKm: Type.Union([Type.Integer(), Type.Null()], {
          description: 'kmPerDay x rentalDays; null when unlimited',
        }),
        extraKmPrice: Type.Union([Type.Number(), Type.Null()], {
          description: 'NZD per kilometre beyond includedKm, paid on return; null when unlimited',
        }),
        text: Type.String({
          description: 'The allowance in a sentence',
          examples: [
            '300 km a day included, 2,100 km for this rental; each extra km costs NZ$0.35.',
          ],
        }),
      },
      { description: 'How far the vehicle may go: set per vehicle class' },
    ),
    fuel: Type.Union([Type.Object({ text: text("The company's fuel policy") }), Type.Null()], {
      description: 'The fuel policy; null when the company states none',
    }),
    bond: Type.Union(
      [
        Type.Object({
          amount: Type.Number({
            description: 'NZD held on a credit card at pick-up',
            examples: [1500],
          }),
          text: text('The bond in a sentence'),
        }),
        Type.Null(),
      ],
      {
        description:
          'The security deposit held (not charged) at pick-up: set by the insurance plan chosen, or the one included when none is; null when none is held',
      },
    ),
    payment: Type.Object(
      {
        depositPercent: Type.Integer({ description: 'Percent of totalAmount paid when booking' }),
        depositAmount: Type.Number({
          description:
            'NZD paid when booking: depositPercent of totalAmount, or all of it when the balance would be due by the day the quote is given (a near pick-up)',
        }),
        balanceAmount: Type.Number({
          description: 'totalAmount - depositAmount, in NZD; 0 when all is due on booking',
        }),
        balanceDueDate: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
          description:
            'The date the balance is due by; null when it is paid at pick-up, or when there is none',
        }),
        howToPay: Type.Union([Type.String(), Type.Null()], {
          description:
            "How the traveller pays, in the company's words (also at the end of text); null when the company does not say. The booking page itself takes no payment",
          examples: ['We email you a secure link to pay the deposit within one working day.'],
        }),
        text: Type.String({
          description: 'The payment schedule in a sentence',
          examples: [
            'A deposit of 20% (NZ$244.60) is due on booking; the balance of NZ$978.40 is due by Fri, 15 Jan 2027.',
          ],
        }),
      },
      {
        description:
          'When the traveller pays; the booking page takes no payment, the company collects it',
      },
    ),
    cancellation: Type.Object(
      {
        freeCancellationHours: Type.Integer({
          description: 'Free cancellation ends this many hours before pick-up',
        }),
        freeUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
          description:
            'When free cancellation ends (UTC); counted from the pick-up time, or from the start of the pick-up day when no pick_up_time was given. Null when it had already ended when the quote was given (a pick-up sooner than freeCancellationHours): there is no free cancellation',
        }),
        text: Type.String({
          description: CANCELLATION_TEXT,
          examples: [
            'Free cancellation until Sun, 29 Nov 2026, 10:00 am NZDT, 48 hours before pick-up; after that, only the depot can cancel.',
          ],
        }),
      },
      { description: 'Until when the traveller may cancel at no cost, on the booking page' },
    ),
    minimumDriverAge: Type.Integer({ description: 'The youngest a driver of this vehicle may be' }),
    youngDriverUnder: Type.Union([Type.Integer(), Type.Null()], {
      description:
        'Drivers younger than this pay the young-driver fees (surcharges); null when there are none',
    }),
    includedInsurance: Type.Union(
      [
        Type.Object({
          id: Type.Integer(),
          name: Type.String(),
          excess: Type.Number({ description: 'What the renter still pays after damage, NZD' }),
        }),
        Type.Null(),
      ],
      {
        description:
          'The plan at no extra cost that applies when no insurance_id is chosen (priceBreakdown.insurance stays null); null when the vehicle has none',
      },
    ),
  },
  {
    description:
      'The conditions of this rental in figures and plain words: distance, fuel, bond, payment, cancellation, driver age',
  },
)

export type TermsResponse = Static<typeof TermsSchema>
