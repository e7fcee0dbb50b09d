import fc from 'fast-check'
import { addDays, type CalendarDate } from '../../src/domain/calendar-date.ts'

/*
 * Generated requests as a public agent might send them, meaning well or not: hostile ids and
 * dates, long and broken lists, parameters missing, duplicated, unknown, named after prototype
 * keys, very long values, broken percent-encoding, hostile path segments. Each request keeps the
 * texts it sent, so that a check can tell the service quoting the request back (which it does
 * in its 400 messages, and may) from the service leaking something of its own.
 */

export type HostileRequest = { url: string; inputs: string[] }

export type Endpoint = {
  name: string
  /** `api`: JSON answers; `page`: the website's HTML answers. */
  kind: 'api' | 'page'
  requests: fc.Arbitrary<HostileRequest>
}

/** The tests' clock (test/helpers/test-app.ts): dates are generated around it. */
const TODAY = '2027-01-10' as CalendarDate

const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'isPrototypeOf',
  'then',
]

const HOSTILE_TEXTS = [
  '',
  ' ',
  "' OR 1=1 --",
  '1; DROP TABLE bookings',
  '1 UNION SELECT * FROM bookings',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection, sent as text
  '${7*7}',
  '{{7*7}}',
  '\u0000',
  '\r\nSet-Cookie: x=1',
  '\u202e1',
  '🚗',
  'null',
  'undefined',
  'NaN',
  '[object Object]',
  ...PROTOTYPE_KEYS,
]

const idLike = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 12 }).map(String) },
  fc.constantFrom(
    '0',
    '-1',
    '07',
    '1e3',
    '0x10',
    '0b11',
    ' 7',
    '7 ',
    '7.0',
    '+7',
    '9999999999',
    '10000000000',
    '99999999999999999999',
    'Infinity',
    '1,2',
    '١',
    '７',
  ),
  fc.nat().map(String),
  fc.string({ maxLength: 12 }),
)

const validDate = fc
  .integer({ min: -30, max: 700 })
  .map((offset) => addDays(TODAY, offset) as string)

const dateLike = fc.oneof(
  { weight: 4, arbitrary: validDate },
  fc.constantFrom(
    '2027-02-30',
    '2027-13-01',
    '2027-00-10',
    '0000-01-01',
    '9999-12-31',
    '2027-1-5',
    '20270115',
    '2027/01/15',
    '15-01-2027',
    '2027-01-15T00:00:00Z',
    '+002027-01-15',
    '2028-02-29',
    '2027-02-29',
    'today',
  ),
  fc.string({ maxLength: 12 }),
)

const listLike = fc.oneof(
  fc.array(idLike, { maxLength: 60 }).map((ids) => ids.join(',')),
  fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 8 }).map((ids) => ids.join(',')),
  fc.constantFrom(',', ',,', '1,', ',1', '1, 2', '1;2', '1%2C2'),
)

const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  // Very long: past the per-parameter limits, and now and then past the query-string limit.
  { weight: 1, arbitrary: fc.string({ minLength: 200, maxLength: 2500 }) },
)

type ValueKind = 'id' | 'date' | 'list' | 'text'

function hostileValue(kind: ValueKind): fc.Arbitrary<string> {
  const typed = { id: idLike, date: dateLike, list: listLike, text: hostileText }[kind]
  return fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: hostileText })
}

/** How one value is written into the URL: encoded, or with the breakage agents send. */
const writing = fc.constantFrom<(text: string) => string>(
  encodeURIComponent,
  encodeURIComponent,
  encodeURIComponent,
  (text) => encodeURIComponent(text).replaceAll('%20', '+'),
  (text) => `${encodeURIComponent(text)}%`,
  (text) => `%zz${encodeURIComponent(text)}`,
  (text) => `${encodeURIComponent(text)}%E0%A4`,
)

type Pair = { key: string; value: string; write: (text: string) => string }

/** Keys no endpoint reads: prototype names, near misses of real names, anything. */
const extraKey = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS),
  fc.constantFrom('PICK_UP_DEPOT_ID', 'vehicle_id[]', 'accessory_ids[0]', 'pick_up_date ', ''),
  fc.string({ maxLength: 16 }),
)

/**
 * What the demo fleet (fleets/demo-fleet.yaml: 5 active depots, 9 vehicles, 8 accessories, 6
 * plans) takes for each parameter: the request a well-meaning agent sends.
 */
function sensible(key: string): fc.Arbitrary<string> {
  const between = (min: number, max: number) => fc.integer({ min, max }).map(String)
  switch (key) {
    case 'pick_up_depot_id':
    case 'drop_off_depot_id':
    case 'depot_id':
      return between(1, 5)
    case 'vehicle_id':
      return between(1, 9)
    case 'insurance_id':
      return between(1, 6)
    case 'accessory_ids':
      return fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 3 }).map((ids) => ids.join(','))
    case 'pick_up_date':
    case 'drop_off_date':
    case 'earliest_pick_up_date':
    case 'latest_pick_up_date':
      return fc.integer({ min: 1, max: 300 }).map((offset) => addDays(TODAY, offset) as string)
    case 'rental_days':
      return between(1, 14)
    case 'limit':
      return between(1, 500)
    case 'min_seats':
      return between(1, 8)
    case 'vehicle_class':
      return fc.constantFrom('economy', 'suv', 'campervan', 'motorhome')
    default:
      return key.startsWith('qty_') ? between(0, 2) : fc.constant('')
  }
}

/** Sensible values for every parameter, the drop-off a few days after the pick-up. */
function sensibleQuery(parameters: Record<string, ValueKind>): fc.Arbitrary<Pair[]> {
  const keys = Object.keys(parameters)
  return fc
    .tuple(fc.tuple(...keys.map((key) => sensible(key))), fc.integer({ min: 0, max: 20 }))
    .map(([values, days]) => {
      const pairs = keys.map((key, index) => ({
        key,
        value: values[index] as string,
        write: encodeURIComponent,
      }))
      const pickUp = pairs.find((pair) => pair.key === 'pick_up_date')
      const dropOff = pairs.find((pair) => pair.key === 'drop_off_date')
      if (pickUp && dropOff) dropOff.value = addDays(pickUp.value as CalendarDate, days)
      // A flexible search's window: up to 21 pick-up dates.
      const earliest = pairs.find((pair) => pair.key === 'earliest_pick_up_date')
      const latest = pairs.find((pair) => pair.key === 'latest_pick_up_date')
      if (earliest && latest) latest.value = addDays(earliest.value as CalendarDate, days)
      return pairs
    })
}

type Mutation =
  | { kind: 'replace'; at: number; value: string; write: (text: string) => string }
  | { kind: 'drop'; at: number }
  | { kind: 'repeat'; at: number; value: string; write: (text: string) => string }
  | { kind: 'add'; key: string; value: string; write: (text: string) => string }

function mutation(kinds: ValueKind[]): fc.Arbitrary<Mutation> {
  const at = fc.nat({ max: Math.max(0, kinds.length - 1) })
  const add = fc.record({
    kind: fc.constant('add' as const),
    key: extraKey,
    value: hostileText,
    write: writing,
  })
  if (kinds.length === 0) return add
  const valueAt = at.chain((index) =>
    fc.record({
      at: fc.constant(index),
      value: hostileValue(kinds[index] as ValueKind),
      write: writing,
    }),
  )
  return fc.oneof(
    { weight: 4, arbitrary: valueAt.map((m) => ({ kind: 'replace' as const, ...m })) },
    { weight: 1, arbitrary: at.map((index) => ({ kind: 'drop' as const, at: index })) },
    { weight: 1, arbitrary: valueAt.map((m) => ({ kind: 'repeat' as const, ...m })) },
    { weight: 1, arbitrary: add },
  )
}

function mutate(pairs: Pair[], mutations: Mutation[]): Pair[] {
  const result: (Pair | undefined)[] = [...pairs]
  const added: Pair[] = []
  for (const change of mutations) {
    if (change.kind === 'add') {
      added.push({ key: change.key, value: change.value, write: change.write })
      continue
    }
    const original = pairs[change.at]
    if (!original) continue
    if (change.kind === 'drop') result[change.at] = undefined
    else if (change.kind === 'replace') {
      result[change.at] = { key: original.key, value: change.value, write: change.write }
    } else added.push({ key: original.key, value: change.value, write: change.write })
  }
  return [...result.filter((pair) => pair !== undefined), ...added]
}

/**
 * A query string: sensible values for every parameter, then up to three changes (a value made
 * hostile, a parameter dropped, repeated, or an unknown or prototype key added), in any order;
 * now and then a query of nothing but hostile pairs.
 */
export function hostileQuery(parameters: Record<string, ValueKind>) {
  const kinds = Object.values(parameters)
  const mutated = fc
    .tuple(
      sensibleQuery(parameters),
      fc.oneof(
        { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
        { weight: 3, arbitrary: fc.array(mutation(kinds), { minLength: 1, maxLength: 3 }) },
      ),
    )
    .map(([pairs, mutations]) => mutate(pairs, mutations))
  const junk = fc.array(fc.record({ key: extraKey, value: hostileText, write: writing }), {
    maxLength: 5,
  })
  return fc
    .tuple(
      fc.oneof({ weight: 9, arbitrary: mutated }, { weight: 1, arbitrary: junk }),
      fc.boolean(),
    )
    .chain(([pairs, shuffle]) =>
      shuffle ? fc.shuffledSubarray(pairs, { minLength: pairs.length }) : fc.constant(pairs),
    )
    .map((pairs) => ({
      query: pairs.map(({ key, value, write }) => `${write(key)}=${write(value)}`).join('&'),
      inputs: pairs.flatMap(({ key, value }) => [key, value]),
    }))
}

/** A path segment where a vehicle id goes: ids, hostile text, broken encoding, too long. */
const vehicleSegment = fc.oneof(
  { weight: 4, arbitrary: sensible('vehicle_id').map((id) => ({ segment: id, input: id })) },
  { weight: 4, arbitrary: idLike.map((id) => ({ segment: encodeURIComponent(id), input: id })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('%2F', '..', '.', '%2e%2e', '%00', '%', '%zz', '1%2F2', '1;2', '%E0%A4', '%20')
      .map((segment) => ({ segment, input: segment })),
  },
  {
    weight: 1,
    arbitrary: hostileText.map((text) => ({ segment: encodeURIComponent(text), input: text })),
  },
)

function withQuery(
  path: fc.Arbitrary<{ path: string; inputs: string[] }>,
  parameters: Record<string, ValueKind>,
): fc.Arbitrary<HostileRequest> {
  return fc.tuple(path, hostileQuery(parameters)).map(([where, { query, inputs }]) => ({
    url: query === '' ? where.path : `${where.path}?${query}`,
    inputs: [...where.inputs, ...inputs],
  }))
}

const fixed = (path: string) => fc.constant({ path, inputs: [] as string[] })
const vehiclePath = (tail: string) =>
  vehicleSegment.map(({ segment, input }) => ({
    path: `/api/agent/vehicles/${segment}/${tail}`,
    inputs: [input],
  }))

const SEARCH: Record<string, ValueKind> = {
  pick_up_depot_id: 'id',
  drop_off_depot_id: 'id',
  pick_up_date: 'date',
  drop_off_date: 'date',
}
const DATES: Record<string, ValueKind> = { pick_up_date: 'date', drop_off_date: 'date' }
const QUOTE: Record<string, ValueKind> = {
  ...SEARCH,
  vehicle_id: 'id',
  accessory_ids: 'list',
  insurance_id: 'id',
}

/** The endpoints of the agent API and the website's /book, each with its generated requests. */
export const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /api/agent/depots',
    kind: 'api',
    requests: withQuery(fixed('/api/agent/depots'), {}),
  },
  {
    name: 'GET /api/agent/vehicles/availability',
    kind: 'api',
    requests: withQuery(fixed('/api/agent/vehicles/availability'), SEARCH),
  },
  {
    name: 'GET /api/agent/routes',
    kind: 'api',
    requests: withQuery(fixed('/api/agent/routes'), { pick_up_depot_id: 'id' }),
  },
  {
    name: 'GET /api/agent/vehicles',
    kind: 'api',
    requests: withQuery(fixed('/api/agent/vehicles'), {
      depot_id: 'id',
      min_seats: 'id',
      vehicle_class: 'text',
    }),
  },
  {
    name: 'GET /api/agent/vehicles/unavailable',
    kind: 'api',
    requests: withQuery(fixed('/api/agent/vehicles/unavailable'), SEARCH),
  },
  {
    name: 'GET /api/agent/vehicles/availability/flexible',
    kind: 'api',
    requests: withQuery(fixed('/api/agent/vehicles/availability/flexible'), {
      pick_up_depot_id: 'id',
      drop_off_depot_id: 'id',
      earliest_pick_up_date: 'date',
      latest_pick_up_date: 'date',
      rental_days: 'id',
      vehicle_class: 'text',
      min_seats: 'id',
      limit: 'id',
    }),
  },
  {
    name: 'GET /api/agent/vehicles/{vehicleId}/accessories',
    kind: 'api',
    requests: withQuery(vehiclePath('accessories'), DATES),
  },
  {
    name: 'GET /api/agent/vehicles/{vehicleId}/insurance-types',
    kind: 'api',
    requests: withQuery(vehiclePath('insurance-types'), DATES),
  },
  {
    name: 'GET /api/agent/quotes',
    kind: 'api',
    requests: withQuery(fixed('/api/agent/quotes'), QUOTE),
  },
  {
    name: 'GET /api/agent/{unknown path}',
    kind: 'api',
    requests: withQuery(
      fc.array(hostileText, { minLength: 1, maxLength: 3 }).map((parts) => ({
        path: `/api/agent/${parts.map(encodeURIComponent).join('/')}`,
        inputs: parts,
      })),
      {},
    ),
  },
  {
    name: 'GET /book (search, results, checkout)',
    kind: 'page',
    requests: withQuery(fixed('/book'), {
      ...QUOTE,
      quote_id: 'text',
      qty_1: 'id',
      qty_2: 'id',
    }),
  },
]
