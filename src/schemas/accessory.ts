import Type, { type Static } from 'typebox'
import { chargeRuleFields } from './charge-rule.ts'

export const AccessorySchema = Type.Object(
  {
    id: Type.Integer({ description: 'Unique accessory identifier' }),
    name: Type.String({ description: 'Display name' }),
    price: Type.Number({ description: 'Price in NZD, per day or per rental as `per` says' }),
    ...chargeRuleFields,
    maxQuantity: Type.Integer({ description: 'Most of this accessory on one rental' }),
  },
  {
    title: 'Accessory',
    description:
      'An accessory; its cost is min(price x (days, or 1 per rental), maxCharge) x quantity',
  },
)

export type AccessoryResponse = Static<typeof AccessorySchema>
