import Type, { type Static } from 'typebox'
import { chargeRuleFields } from './charge-rule.ts'

export const InsurancePlanSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Unique plan identifier' }),
    name: Type.String({ description: 'Display name' }),
    price: Type.Number({
      description:
        'Price in NZD, per day or per rental as `per` says; 0 for a plan without extra cost',
    }),
    ...chargeRuleFields,
    excess: Type.Number({
      description: 'What the renter still pays after damage or theft, in NZD',
    }),
    description: Type.String({ description: 'What the plan covers, in one line' }),
  },
  { title: 'InsurancePlan', description: 'An insurance plan selectable for the vehicle' },
)

export type InsurancePlanResponse = Static<typeof InsurancePlanSchema>
