import Type from 'typebox'

/** The charge-rule fields shared by accessories and insurance plans. */
export const chargeRuleFields = {
  per: Type.Enum(['day', 'rental'], {
    description: 'Whether price is charged per rental day or once per rental',
  }),
  maxCharge: Type.Union([Type.Number(), Type.Null()], {
    description: 'Most charged for one unit over one rental, in NZD; null for no cap',
  }),
}
