import Type, { type Static } from 'typebox'

const HandoverTime = Type.Object({
  time: Type.String({ description: '24-hour HH:MM', examples: ['08:00'] }),
  day: Type.Enum(['weekday', 'weekend'], { description: 'The day type the time applies to' }),
  afterHours: Type.Optional(
    Type.Literal(true, {
      description:
        "Only on a time the depot counts as after hours: a hand-over then adds the company's after-hours fee to the quote (a surcharge); absent on the others",
    }),
  ),
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
        examples: ['12 Terminal Road, Airport, Example City 1010'],
      }),
    ),
    latitude: Type.Optional(
      Type.Number({ description: 'Latitude in decimal degrees (WGS 84)', examples: [-43.4894] }),
    ),
    longitude: Type.Optional(
      Type.Number({ description: 'Longitude in decimal degrees (WGS 84)', examples: [172.5322] }),
    ),
    phone: Type.Optional(
      Type.String({ description: "The depot's phone number", examples: ['+64 3 555 0100'] }),
    ),
    directions: Type.Optional(
      Type.String({
        description: 'How to find the depot, in a sentence',
        examples: ['Free shuttle from the terminal, stop 3.'],
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
