import Type, { type Static } from 'typebox'
import { WEEKDAYS } from '../domain/calendar-date.ts'
import { FUELS, TRANSMISSIONS } from '../domain/catalogue.ts'

/**
 * The fleet file a company writes (YAML or JSON). Amounts are NZD dollars with at most two
 * decimals; the loader turns them into integer cents. Every field has a description and an
 * example, which editors show while the file is written (the JSON Schema is made from this).
 */
const Id = Type.Integer({ minimum: 1, maximum: 2147483647, examples: [1] })
const dollars = (description: string, example: number) =>
  Type.Number({
    minimum: 0,
    description: `${description}; NZD dollars, at most two decimals`,
    examples: [example],
  })
const text = (description: string, example: string, options: { maxLength?: number } = {}) =>
  Type.String({
    minLength: 1,
    maxLength: options.maxLength ?? 200,
    description,
    examples: [example],
  })
const MonthDay = Type.String({
  pattern: '^\\d{2}-\\d{2}$',
  description: 'A day of every year, MM-DD',
  examples: ['12-25'],
})
const CalendarDate = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'A date, YYYY-MM-DD',
  examples: ['2027-03-03'],
})
const DateOrRelative = Type.String({
  pattern: '^(\\d{4}-\\d{2}-\\d{2}|today([+-]\\d{1,4})?)$',
  description: 'YYYY-MM-DD, or today+N for N days after the day the file is loaded',
  examples: ['2027-01-15', 'today+14'],
})
const Time = Type.String({
  pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
  description: '24-hour HH:MM',
  examples: ['08:30'],
})
const Times = (what: string) =>
  Type.Object(
    {
      weekday: Type.Array(Time, {
        description: `${what} Monday to Friday; empty when there are none`,
        examples: [['08:00', '10:00', '14:00']],
      }),
      weekend: Type.Array(Time, {
        description: `${what} on Saturday and Sunday; empty when there are none`,
        examples: [['09:00', '12:00']],
      }),
    },
    {
      additionalProperties: false,
      description: `${what}, by day type`,
      examples: [{ weekday: ['08:00', '14:00'], weekend: ['09:00'] }],
    },
  )
const PriceUnit = Type.Enum(['day', 'rental'], {
  description: 'Charged per rental day, or once per rental',
  examples: ['day'],
})
const VehicleClasses = Type.Array(Type.String({ minLength: 1 }), {
  description: 'Vehicle classes it applies to; every class when left out',
  examples: [['campervan', 'motorhome']],
})
const Email = Type.String({
  pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  maxLength: 254,
  description: 'An email address',
  examples: ['bookings@alpscampers.example.com'],
})
const Phone = Type.String({
  pattern: '^\\+?[0-9 ()\\-.]{7,24}$',
  description: 'A phone number as travellers dial it, international form preferred',
  examples: ['+64 3 555 0142'],
})
const HttpsUrl = (description: string, example: string) =>
  Type.String({ pattern: '^https://', maxLength: 2000, description, examples: [example] })

const Company = Type.Object(
  {
    name: text('The company name shown on every page, document and tool', 'Southern Alps Campers', {
      maxLength: 80,
    }),
    email: Type.Optional(
      Type.String({
        ...Email,
        description:
          'Where agents and travellers write, and where booking notices go; shown in the plugin manifest, the OpenAPI document and the footer of every page',
      }),
    ),
    phone: Type.Optional(
      Type.String({ ...Phone, description: "The company's phone number, shown to travellers" }),
    ),
    website: Type.Optional(
      HttpsUrl("The company's own website", 'https://www.alpscampers.example.com'),
    ),
    booking_reference_prefix: Type.Optional(
      Type.String({
        pattern: '^[A-Z]{2,6}$',
        description:
          "2 to 6 capital letters before the dash of every new booking reference (SAC-7GQ4M2XA); the initials of the company's name when left out",
        examples: ['SAC'],
      }),
    ),
    logo: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2000,
        description:
          'A file in the images folder (IMAGES_DIR, served at /images/) or an https URL; square, SVG or PNG. When left out, pages show the initials of the name',
        examples: ['alps-campers-logo.svg'],
      }),
    ),
    free_cancellation_hours: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 8760,
        description:
          'A traveller may cancel a booking on its own page, free, up to this many hours before pick-up; later, they are asked to call the depot. 48 when left out',
        examples: [48],
      }),
    ),
    terms_url: Type.Optional(
      HttpsUrl(
        "The company's terms and conditions; the API's own terms of use on /docs when left out",
        'https://www.alpscampers.example.com/terms',
      ),
    ),
  },
  {
    additionalProperties: false,
    description: 'Who the company is: every surface names it from here',
    examples: [{ name: 'Southern Alps Campers', email: 'bookings@alpscampers.example.com' }],
  },
)

const MonthDayRange = Type.Object(
  {
    from: Type.String({ ...MonthDay, description: 'First day closed, MM-DD' }),
    to: Type.String({
      ...MonthDay,
      description: 'Last day closed, MM-DD (may be in the next year)',
    }),
  },
  { additionalProperties: false, examples: [{ from: '12-24', to: '12-26' }] },
)

const DateRange = Type.Object(
  {
    from: Type.String({ ...CalendarDate, description: 'First date closed, YYYY-MM-DD' }),
    to: Type.String({ ...CalendarDate, description: 'Last date closed, YYYY-MM-DD' }),
  },
  { additionalProperties: false, examples: [{ from: '2027-06-01', to: '2027-06-14' }] },
)

const Depot = Type.Object(
  {
    id: Type.Integer({ ...Id, description: 'The depot id agents use; keep it when editing' }),
    name: text('Display name', 'Queenstown Airport', { maxLength: 80 }),
    active: Type.Optional(
      Type.Boolean({
        description: 'false hides the depot from agents and the website; true when left out',
        examples: [false],
      }),
    ),
    opening_hours: text(
      'Opening hours in words, for people',
      'Open every day 8:00 to 18:00; closed Christmas Day.',
    ),
    pickup_times: Times('Times a vehicle can be picked up'),
    drop_off_times: Times('Times a vehicle can be dropped off'),
    annual_closures: Type.Optional(
      Type.Array(Type.Union([MonthDay, MonthDayRange]), {
        description: 'Closed every year on these days: MM-DD, or a range { from, to }',
        examples: [['12-25', { from: '01-01', to: '01-02' }]],
      }),
    ),
    closures: Type.Optional(
      Type.Array(Type.Union([CalendarDate, DateRange]), {
        description: 'Closed on these dates: YYYY-MM-DD, or a range { from, to }',
        examples: [['2027-03-03', { from: '2027-06-01', to: '2027-06-14' }]],
      }),
    ),
    weekly_closures: Type.Optional(
      Type.Array(Type.Enum([...WEEKDAYS]), {
        uniqueItems: true,
        description:
          'Closed on these days every week, by name (a depot open on Saturdays but not on Sundays: [sunday]); its hand-over times are per weekday and weekend',
        examples: [['sunday']],
      }),
    ),
    address: Type.Optional(
      text('The address on one line', '14 Sir Henry Wigley Drive, Frankton, Queenstown 9300', {
        maxLength: 200,
      }),
    ),
    latitude: Type.Optional(
      Type.Number({
        minimum: -90,
        maximum: 90,
        description: 'Decimal degrees (WGS 84), north positive; give longitude too',
        examples: [-45.0206],
      }),
    ),
    longitude: Type.Optional(
      Type.Number({
        minimum: -180,
        maximum: 180,
        description: 'Decimal degrees (WGS 84), east positive; give latitude too',
        examples: [168.7392],
      }),
    ),
    phone: Type.Optional(Type.String({ ...Phone, description: "The depot's phone number" })),
    email: Type.Optional(
      Type.String({
        ...Email,
        description: "Receives this depot's booking notices instead of the company's email",
        examples: ['queenstown@alpscampers.example.com'],
      }),
    ),
    directions: Type.Optional(
      text(
        'How to find the depot, in a sentence',
        'Free shuttle from the terminal every 15 minutes, stop 3.',
        { maxLength: 300 },
      ),
    ),
    after_hours: Type.Optional(
      Type.Object(
        {
          pickup_times: Type.Optional(Times('Pick-up times that are after hours')),
          drop_off_times: Type.Optional(Times('Drop-off times that are after hours')),
        },
        {
          additionalProperties: false,
          description:
            'Which of the pick-up and drop-off times are after hours (a surcharge applying after_hours is charged for them); each must be one of the depot times',
          examples: [{ pickup_times: { weekday: ['06:00'], weekend: [] } }],
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    description: 'A place where vehicles are picked up and dropped off',
  },
)

const Season = Type.Object(
  {
    id: Type.String({
      pattern: '^[a-z][a-z0-9_-]*$',
      description: 'Lower-case id that rates and minimum days refer to',
      examples: ['peak'],
    }),
    name: text('Display name', 'Peak', { maxLength: 40 }),
    periods: Type.Array(
      Type.Object(
        {
          from: Type.String({ ...MonthDay, description: 'First day of the period, MM-DD' }),
          to: Type.String({
            ...MonthDay,
            description: 'Last day of the period, MM-DD (may be in the next year)',
          }),
        },
        { additionalProperties: false, examples: [{ from: '12-15', to: '02-28' }] },
      ),
      {
        minItems: 1,
        description: 'When the season is, every year',
        examples: [[{ from: '12-15', to: '02-28' }]],
      },
    ),
  },
  { additionalProperties: false, description: 'A season that recurs every year' },
)

const RateBand = Type.Object(
  {
    min_days: Type.Integer({
      minimum: 1,
      description: 'Shortest rental in the band, in rental days',
      examples: [5],
    }),
    max_days: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'Longest rental in the band; only the last band may leave it out',
        examples: [9],
      }),
    ),
  },
  { additionalProperties: false, examples: [{ min_days: 5, max_days: 9 }] },
)

const Vehicle = Type.Object(
  {
    id: Type.Integer({ ...Id, description: 'The vehicle id agents use; keep it when editing' }),
    name: text('Display name', '2-berth hi-top campervan', { maxLength: 80 }),
    class: Type.String({
      minLength: 1,
      maxLength: 40,
      description: 'Vehicle class; accessories, plans and agents filter by it',
      examples: ['campervan'],
    }),
    image: Type.String({
      minLength: 1,
      maxLength: 2000,
      description:
        "A file in the images folder's vehicles/ (IMAGES_DIR/vehicles/), or an https URL",
      examples: ['campervan.svg'],
    }),
    units: Type.Record(Type.String({ pattern: '^[1-9][0-9]*$' }), Type.Integer({ minimum: 0 }), {
      description: 'Units stocked, by depot id',
      examples: [{ 1: 3, 4: 2 }],
    }),
    minimum_days: Type.Optional(
      Type.Record(Type.String(), Type.Integer({ minimum: 1 }), {
        description: 'Shortest rental, by season id; 1 day for a season left out',
        examples: [{ peak: 5, shoulder: 3 }],
      }),
    ),
    daily_rates: Type.Record(
      Type.String(),
      Type.Array(Type.Number({ minimum: 0 }), { minItems: 1 }),
      {
        description:
          'Daily rates by season id, one per rate band in band order; NZD dollars, at most two decimals',
        examples: [{ peak: [169, 159, 145, 129], low: [89, 84, 77, 69] }],
      },
    ),
    seats: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 99, description: 'Seats with a belt', examples: [5] }),
    ),
    doors: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 9,
        description: 'Doors, the tailgate included',
        examples: [5],
      }),
    ),
    bags: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 99,
        description: 'Large suitcases it takes',
        examples: [2],
      }),
    ),
    transmission: Type.Optional(
      Type.Enum([...TRANSMISSIONS], { description: 'Gearbox', examples: ['automatic'] }),
    ),
    fuel: Type.Optional(
      Type.Enum([...FUELS], {
        description: 'What it runs on',
        examples: ['diesel'],
      }),
    ),
    features: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 40 }), {
        maxItems: 20,
        description: 'Short features travellers look for',
        examples: [['Apple CarPlay', 'shower', 'solar panel']],
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'A rentable model, such as "Compact hatchback or similar"',
  },
)

const Route = Type.Object(
  {
    from: Type.Integer({ ...Id, description: 'Pick-up depot id' }),
    to: Type.Integer({ ...Id, description: 'Drop-off depot id' }),
    fee: dollars('One-way fee', 150),
  },
  { additionalProperties: false, examples: [{ from: 1, to: 3, fee: 150 }] },
)

const Accessory = Type.Object(
  {
    id: Type.Integer({ ...Id, description: 'The accessory id agents use' }),
    name: text('Display name', 'Child car seat (9 months to 4 years)', { maxLength: 80 }),
    price: dollars('Price per day or per rental', 12),
    per: PriceUnit,
    max_charge: Type.Optional(dollars('Most charged for one item over one rental', 96)),
    max_quantity: Type.Integer({
      minimum: 1,
      maximum: 50,
      description: 'Most of it in one rental',
      examples: [3],
    }),
    vehicle_classes: Type.Optional(VehicleClasses),
    months: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 12 }), {
        minItems: 1,
        description:
          'Months (1-12) of the pick-up date in which it is offered; all year when left out',
        examples: [[5, 6, 7, 8, 9]],
      }),
    ),
  },
  { additionalProperties: false, description: 'Something added to a rental' },
)

const InsurancePlan = Type.Object(
  {
    id: Type.Integer({ ...Id, description: 'The plan id agents use' }),
    name: text('Display name', 'Standard cover', { maxLength: 80 }),
    description: text(
      'What it covers, in a sentence',
      'Lowers the excess for damage or theft to $1,500.',
      {
        maxLength: 300,
      },
    ),
    price: dollars('Price per day or per rental; 0 for a plan included at no cost', 24),
    per: PriceUnit,
    max_charge: Type.Optional(dollars('Most charged over one rental', 480)),
    excess: dollars('What the renter still pays after damage or theft', 1500),
    bond: Type.Optional(
      dollars('The security deposit held on a card for the rental with this plan', 1500),
    ),
    vehicle_classes: Type.Optional(VehicleClasses),
  },
  { additionalProperties: false, description: 'An insurance plan a renter may choose' },
)

const Age = (description: string, example: number) =>
  Type.Integer({ minimum: 16, maximum: 99, description, examples: [example] })

const ChargeRule = (description: string, example: { price: number; per: 'day' | 'rental' }) =>
  Type.Object(
    {
      price: dollars('Price per day or per rental', example.price),
      per: PriceUnit,
      max_charge: Type.Optional(dollars('Most charged over one rental', example.price * 10)),
    },
    { additionalProperties: false, description, examples: [example] },
  )

const DriverRule = {
  minimum_age: Age('The youngest a driver may be, in whole years', 21),
  young_driver_under: Type.Optional(
    Age('A driver younger than this pays the young-driver fee', 25),
  ),
  young_driver_fee: Type.Optional(
    ChargeRule('What a young driver pays', { price: 25, per: 'day' }),
  ),
}

const Drivers = Type.Object(
  {
    ...DriverRule,
    classes: Type.Optional(
      Type.Record(
        Type.String({ minLength: 1 }),
        Type.Object(
          {
            minimum_age: Type.Optional(DriverRule.minimum_age),
            young_driver_under: Type.Optional(DriverRule.young_driver_under),
            young_driver_fee: Type.Optional(DriverRule.young_driver_fee),
          },
          { additionalProperties: false },
        ),
        {
          description: "A vehicle class's own rule where it differs from the company's",
          examples: [{ motorhome: { minimum_age: 21 } }],
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Who may drive. 18 and over, with no young-driver fee, when left out; a class may differ',
    examples: [
      { minimum_age: 18, young_driver_under: 25, young_driver_fee: { price: 25, per: 'day' } },
    ],
  },
)

const Surcharge = Type.Object(
  {
    id: Type.String({
      pattern: '^[a-z0-9][a-z0-9-]{0,39}$',
      description: 'A short id in lower case, kept when editing',
      examples: ['airport-fee'],
    }),
    name: text('What the traveller sees on the quote', 'Airport concession fee', { maxLength: 80 }),
    price: dollars('Price per day or per rental', 35),
    per: PriceUnit,
    max_charge: Type.Optional(dollars('Most charged over one rental', 120)),
    applies: Type.Union(
      [
        Type.Enum(['always', 'young_driver', 'after_hours'], {
          description:
            'always; young_driver (a driver under young_driver_under); after_hours (a pick-up or drop-off at a time the depot lists as after hours)',
        }),
        Type.Object(
          {
            depots: Type.Array(Type.Integer({ ...Id, description: 'Depot id' }), {
              minItems: 1,
              description: 'Depot ids: applies when the rental starts or ends at one of them',
              examples: [[1, 3]],
            }),
          },
          { additionalProperties: false },
        ),
      ],
      { description: 'When it applies', examples: ['always', { depots: [1, 3] }] },
    ),
  },
  {
    additionalProperties: false,
    description: 'A compulsory fee added to every quote it applies to',
  },
)

const Promotion = Type.Object(
  {
    code: Type.String({
      pattern: '^[A-Z0-9][A-Z0-9_-]{2,29}$',
      description: 'What travellers and agents send as promo_code; capitals and digits',
      examples: ['SUMMER10'],
    }),
    name: text('What the traveller sees on the quote', 'Summer sale: 10% off', { maxLength: 80 }),
    percent_off: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        description: 'Percent off the rental fee; give this or amount_off',
        examples: [10],
      }),
    ),
    amount_off: Type.Optional(
      dollars('Amount off the rental fee (never more than it); give this or percent_off', 50),
    ),
    pick_up_from: Type.Optional(
      Type.String({
        ...DateOrRelative,
        description: 'First pick-up date it applies to: YYYY-MM-DD, or today+N',
      }),
    ),
    pick_up_to: Type.Optional(
      Type.String({
        ...DateOrRelative,
        description: 'Last pick-up date it applies to: YYYY-MM-DD, or today+N',
      }),
    ),
    minimum_days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 365,
        description: 'Shortest rental it applies to; 1 when left out',
        examples: [5],
      }),
    ),
    vehicle_classes: Type.Optional(VehicleClasses),
  },
  { additionalProperties: false, description: 'A promotion code and what it takes off' },
)

const DistanceAllowance = Type.Union(
  [
    Type.Literal('unlimited'),
    Type.Object(
      {
        km_per_day: Type.Integer({
          minimum: 1,
          maximum: 10000,
          description: 'Kilometres included per rental day',
          examples: [300],
        }),
        extra_km_price: dollars('Price of each kilometre beyond the allowance', 0.35),
      },
      { additionalProperties: false },
    ),
  ],
  {
    description: 'unlimited, or an allowance per day and the price of each extra kilometre',
    examples: ['unlimited', { km_per_day: 300, extra_km_price: 0.35 }],
  },
)

const Terms = Type.Object(
  {
    distance: Type.Optional(
      Type.Object(
        {
          default: Type.Optional(DistanceAllowance),
          classes: Type.Optional(
            Type.Record(Type.String({ minLength: 1 }), DistanceAllowance, {
              description: "A vehicle class's own allowance",
              examples: [{ campervan: { km_per_day: 300, extra_km_price: 0.35 } }],
            }),
          ),
        },
        {
          additionalProperties: false,
          description: 'Kilometres included; unlimited when left out',
          examples: [
            {
              default: 'unlimited',
              classes: { campervan: { km_per_day: 300, extra_km_price: 0.35 } },
            },
          ],
        },
      ),
    ),
    fuel_policy: Type.Optional(
      text('The fuel policy in a sentence', 'Full to full: return it with a full tank.', {
        maxLength: 300,
      }),
    ),
    bond_without_plan: Type.Optional(
      dollars('The security deposit held on a card when no insurance plan is chosen', 3000),
    ),
    payment: Type.Optional(
      Type.Object(
        {
          deposit_percent: Type.Integer({
            minimum: 0,
            maximum: 100,
            description: 'Percent of the total paid when booking',
            examples: [20],
          }),
          balance_due_days_before_pick_up: Type.Optional(
            Type.Integer({
              minimum: 0,
              maximum: 365,
              description:
                'The balance is due this many days before pick-up; at pick-up when left out',
              examples: [14],
            }),
          ),
          how_to_pay: Type.Optional(
            text(
              'How the traveller pays, in a sentence: said with the payment terms on every quote, booking page and email (the booking page itself takes no payment)',
              'We email you a secure link to pay the deposit within one working day.',
              { maxLength: 300 },
            ),
          ),
        },
        {
          additionalProperties: false,
          description: 'When the traveller pays; everything at pick-up when left out',
          examples: [{ deposit_percent: 20, balance_due_days_before_pick_up: 14 }],
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    description:
      'What the traveller agrees to, shown on every quote: distance, fuel, bond and payment',
    examples: [
      {
        fuel_policy: 'Full to full: return it with a full tank.',
        payment: { deposit_percent: 20, balance_due_days_before_pick_up: 14 },
      },
    ],
  },
)

const Booking = Type.Object(
  {
    reference: Type.String({
      pattern: '^[A-Za-z0-9-]{1,40}$',
      description: 'Unique booking reference',
      examples: ['SAC-PHONE-0042'],
    }),
    vehicle: Type.Integer({ ...Id, description: 'Vehicle id' }),
    pick_up_depot: Type.Integer({ ...Id, description: 'Pick-up depot id; the unit is held there' }),
    drop_off_depot: Type.Integer({ ...Id, description: 'Drop-off depot id' }),
    pick_up_date: DateOrRelative,
    drop_off_date: DateOrRelative,
  },
  { additionalProperties: false, description: 'A booking made before the file was loaded' },
)

export const FleetFileSchema = Type.Object(
  {
    $schema: Type.Optional(
      Type.String({
        description: 'The JSON Schema this file follows',
        examples: ['./fleet.schema.json'],
      }),
    ),
    company: Company,
    rate_bands: Type.Array(RateBand, {
      minItems: 1,
      description:
        'Rental-length bands in rental days, from 1 day up with no gap; the last may leave out max_days. Each vehicle has one daily rate per band and season.',
      examples: [[{ min_days: 1, max_days: 4 }, { min_days: 5 }]],
    }),
    seasons: Type.Array(Season, {
      minItems: 1,
      description:
        'Seasons recur every year (MM-DD periods), must not overlap, and should cover every day.',
      examples: [
        [
          { id: 'summer', name: 'Summer', periods: [{ from: '11-01', to: '03-31' }] },
          { id: 'winter', name: 'Winter', periods: [{ from: '04-01', to: '10-31' }] },
        ],
      ],
    }),
    depots: Type.Array(Depot, {
      minItems: 1,
      description: 'Where vehicles are picked up and dropped off.',
      examples: [
        [
          {
            id: 1,
            name: 'Queenstown Airport',
            opening_hours: 'Every day 8:00 to 18:00.',
            pickup_times: { weekday: ['09:00', '13:00'], weekend: ['10:00'] },
            drop_off_times: { weekday: ['11:00', '16:00'], weekend: ['15:00'] },
          },
        ],
      ],
    }),
    vehicles: Type.Array(Vehicle, {
      description:
        'Rentable models: units stocked per depot id, daily rates per season id (one per rate band), minimum days per season id, and the facts travellers compare.',
      examples: [
        [
          {
            id: 1,
            name: '2-berth hi-top campervan',
            class: 'campervan',
            image: 'campervan.svg',
            units: { 1: 3 },
            daily_rates: { summer: [150, 135], winter: [95, 85] },
            seats: 2,
          },
        ],
      ],
    }),
    routes: Type.Array(Route, {
      description: 'One-way routes offered and their fees; a route not listed is not offered.',
      examples: [[{ from: 1, to: 2, fee: 180 }]],
    }),
    accessories: Type.Array(Accessory, {
      description: 'Accessories offered with a rental.',
      examples: [[{ id: 1, name: 'Camping chairs', price: 35, per: 'rental', max_quantity: 1 }]],
    }),
    drivers: Type.Optional(Drivers),
    surcharges: Type.Optional(
      Type.Array(Surcharge, {
        description:
          'Compulsory fees, part of every quote they apply to (the price a traveller is shown includes them)',
        examples: [
          [
            {
              id: 'airport-fee',
              name: 'Airport fee',
              price: 35,
              per: 'rental',
              applies: { depots: [1] },
            },
          ],
        ],
      }),
    ),
    promotions: Type.Optional(
      Type.Array(Promotion, {
        description: 'Promotion codes travellers and agents may send as promo_code',
        examples: [[{ code: 'SUMMER10', name: 'Summer sale: 10% off', percent_off: 10 }]],
      }),
    ),
    terms: Type.Optional(Terms),
    insurance_plans: Type.Array(InsurancePlan, {
      description: 'Insurance plans; a plan of price 0 is the cover included when none is chosen.',
      examples: [
        [
          {
            id: 1,
            name: 'Included cover',
            description: 'Included with every rental.',
            price: 0,
            per: 'day',
            excess: 5000,
          },
        ],
      ],
    }),
    bookings: Type.Optional(
      Type.Array(Booking, {
        description:
          'Bookings already made; an import adds those whose reference is new and never removes one.',
        examples: [
          [
            {
              reference: 'SAC-PHONE-0042',
              vehicle: 1,
              pick_up_depot: 1,
              drop_off_depot: 1,
              pick_up_date: '2027-02-01',
              drop_off_date: '2027-02-10',
            },
          ],
        ],
      }),
    ),
  },
  { additionalProperties: false },
)

export type FleetFile = Static<typeof FleetFileSchema>
