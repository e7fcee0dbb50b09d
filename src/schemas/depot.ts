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
  },
  { title: 'Depot', description: 'An active pickup / drop-off depot' },
)

export type DepotResponse = Static<typeof DepotSchema>
