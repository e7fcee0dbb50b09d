import Type, { type Static } from 'typebox'
import { UNAVAILABLE_CODES } from '../domain/errors.ts'

/** The parameters to send again, changed, for the vehicle to be available. */
export const SuggestionSchema = Type.Union(
  [
    Type.Object(
      {
        pick_up_depot_id: Type.Optional(Type.Integer()),
        pick_up_date: Type.Optional(Type.String({ format: 'date' })),
        drop_off_date: Type.Optional(Type.String({ format: 'date' })),
        drop_off_depot_id: Type.Optional(Type.Integer()),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  {
    description:
      'The smallest change of parameters that makes this vehicle available, as the parameters to send again with the rest unchanged (sending it gives a quote); null when no change within the booking horizon does',
  },
)

export const UnavailableVehicleSchema = Type.Object(
  {
    vehicleId: Type.Integer(),
    name: Type.String(),
    vehicleClass: Type.String({ description: 'The class of vehicle, such as suv or campervan' }),
    code: Type.Enum([...UNAVAILABLE_CODES], {
      description: 'Why it is left out: the code a quote (GET /quotes) refuses it with',
    }),
    reason: Type.String({ description: 'Why, in a sentence, with the next step' }),
    suggestion: SuggestionSchema,
  },
  {
    title: 'UnavailableVehicle',
    description: 'A vehicle stocked at the pickup depot that availability leaves out, and why',
  },
)

export type SuggestionResponse = Static<typeof SuggestionSchema>
export type UnavailableVehicleResponse = Static<typeof UnavailableVehicleSchema>
