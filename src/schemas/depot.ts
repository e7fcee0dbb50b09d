import Type, { type Static } from 'typebox'

const HandoverTime = Type.Object({
  time: Type.String({ description: '24-hour HH:MM', examples: ['08:00'] }),
  day: Type.Enum(['weekday', 'weekend'], { description: 'The day type the time applies to' }),
})

export const DepotSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Unique depot identifier' }),
    name: Type.String({ description: 'Display name' }),
    pickup_times: Type.Array(HandoverTime, { description: 'Available pickup times' }),
    drop_off_times: Type.Array(HandoverTime, { description: 'Available drop-off times' }),
    opening_hours_description: Type.String({ description: 'Human-readable opening hours' }),
    address: Type.Optional(
      Type.String({
        description: 'Where the depot is, on one line; absent when the company does not say',
        examples: ['Ray Emery Drive, Auckland Airport, Auckland 2022'],
      }),
    ),
    latitude: Type.Optional(
      Type.Number({ description: 'Latitude in decimal degrees (WGS 84)', examples: [-37.0082] }),
    ),
    longitude: Type.Optional(
      Type.Number({ description: 'Longitude in decimal degrees (WGS 84)', examples: [174.7917] }),
    ),
    phone: Type.Optional(
      Type.String({ description: "The depot's phone number", examples: ['+64 9 555 0101'] }),
    ),
    directions: Type.Optional(
      Type.String({
        description: 'How to find the depot, in a sentence',
        examples: ['Free shuttle from the International Terminal, stop 12.'],
      }),
    ),
  },
  {
    title: 'Depot',
    description:
      'An active pickup / drop-off depot. Beyond the contract, where it is and how to reach it, when the company gives them',
  },
)

export type DepotResponse = Static<typeof DepotSchema>
