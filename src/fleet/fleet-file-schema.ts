import Type, { type Static } from 'typebox'

/**
 * The fleet file a company writes (YAML or JSON). Amounts are NZD dollars with at most two
 * decimals; the loader turns them into integer cents.
 */
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const Dollars = Type.Number({ minimum: 0, description: 'NZD dollars, at most two decimals' })
const MonthDay = Type.String({ pattern: '^\\d{2}-\\d{2}$', description: 'MM-DD, every year' })
const DateOrRelative = Type.String({
  pattern: '^(\\d{4}-\\d{2}-\\d{2}|today([+-]\\d{1,4})?)$',
  description: 'YYYY-MM-DD, or today+N for N days after the day the file is loaded',
})
const Time = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: '24-hour HH:MM' })
const Times = Type.Object(
  { weekday: Type.Array(Time), weekend: Type.Array(Time) },
  { additionalProperties: false },
)
const PriceUnit = Type.Enum(['day', 'rental'])
const VehicleClasses = Type.Array(Type.String({ minLength: 1 }), {
  description: 'vehicle classes it applies to; every class when left out',
})

const Depot = Type.Object(
  {
    id: Id,
    name: Type.String({ minLength: 1 }),
    active: Type.Optional(Type.Boolean()),
    opening_hours: Type.String({ minLength: 1 }),
    pickup_times: Times,
    drop_off_times: Times,
    annual_closures: Type.Optional(Type.Array(MonthDay)),
    closures: Type.Optional(Type.Array(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }))),
  },
  { additionalProperties: false },
)

const Season = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][a-z0-9_-]*$' }),
    name: Type.String({ minLength: 1 }),
    periods: Type.Array(
      Type.Object({ from: MonthDay, to: MonthDay }, { additionalProperties: false }),
      {
        minItems: 1,
      },
    ),
  },
  { additionalProperties: false },
)

const RateBand = Type.Object(
  {
    min_days: Type.Integer({ minimum: 1 }),
    max_days: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
)

const Vehicle = Type.Object(
  {
    id: Id,
    name: Type.String({ minLength: 1 }),
    class: Type.String({ minLength: 1 }),
    image: Type.String({ minLength: 1 }),
    units: Type.Record(Type.String({ pattern: '^[1-9][0-9]*$' }), Type.Integer({ minimum: 0 })),
    minimum_days: Type.Optional(Type.Record(Type.String(), Type.Integer({ minimum: 1 }))),
    daily_rates: Type.Record(Type.String(), Type.Array(Dollars, { minItems: 1 })),
  },
  { additionalProperties: false },
)

const Route = Type.Object({ from: Id, to: Id, fee: Dollars }, { additionalProperties: false })

const Accessory = Type.Object(
  {
    id: Id,
    name: Type.String({ minLength: 1 }),
    price: Dollars,
    per: PriceUnit,
    max_charge: Type.Optional(Dollars),
    max_quantity: Type.Integer({ minimum: 1, maximum: 50 }),
    vehicle_classes: Type.Optional(VehicleClasses),
    months: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 12 }), { minItems: 1 })),
  },
  { additionalProperties: false },
)

const InsurancePlan = Type.Object(
  {
    id: Id,
    name: Type.String({ minLength: 1 }),
    description: Type.String({ minLength: 1 }),
    price: Dollars,
    per: PriceUnit,
    max_charge: Type.Optional(Dollars),
    excess: Dollars,
    vehicle_classes: Type.Optional(VehicleClasses),
  },
  { additionalProperties: false },
)

const Booking = Type.Object(
  {
    reference: Type.String({ pattern: '^[A-Za-z0-9-]{1,40}$' }),
    vehicle: Id,
    pick_up_depot: Id,
    drop_off_depot: Id,
    pick_up_date: DateOrRelative,
    drop_off_date: DateOrRelative,
  },
  { additionalProperties: false },
)

export const FleetFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    company: Type.Object({ name: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
    rate_bands: Type.Array(RateBand, {
      minItems: 1,
      description:
        'Rental-length bands in rental days, from 1 day up with no gap; the last may leave out max_days. Each vehicle has one daily rate per band and season.',
    }),
    seasons: Type.Array(Season, {
      minItems: 1,
      description: 'Seasons recur every year (MM-DD periods) and must not overlap.',
    }),
    depots: Type.Array(Depot, {
      minItems: 1,
      description: 'Where vehicles are picked up and dropped off.',
    }),
    vehicles: Type.Array(Vehicle, {
      description:
        'Rentable models: units stocked per depot id, daily rates per season id (one per rate band), minimum days per season id.',
    }),
    routes: Type.Array(Route, {
      description: 'One-way routes offered and their fees; a route not listed is not offered.',
    }),
    accessories: Type.Array(Accessory),
    insurance_plans: Type.Array(InsurancePlan),
    bookings: Type.Optional(
      Type.Array(Booking, {
        description:
          'Bookings already made; an import adds those whose reference is new and never removes one.',
      }),
    ),
  },
  { additionalProperties: false },
)

export type FleetFile = Static<typeof FleetFileSchema>
