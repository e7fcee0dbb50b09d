import Type, { type Static } from 'typebox'

export const RouteSchema = Type.Object(
  {
    pickUpDepotId: Type.Integer({ description: 'The depot the rental starts from' }),
    dropOffDepotId: Type.Integer({ description: 'The depot the vehicle is returned to' }),
    routeFee: Type.Number({
      description:
        "One-way fee of the route in NZD, GST included, as a quote's routeFee; 0 for a return to the same depot",
    }),
  },
  {
    title: 'Route',
    description:
      'A pickup and drop-off depot pair that can be rented, with its fee; a pair not listed is not offered',
  },
)

export type RouteResponse = Static<typeof RouteSchema>
