import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { PUBLIC_IMAGES_DIR } from '../../src/config.ts'
import { addDays, type CalendarDate } from '../../src/domain/calendar-date.ts'
import { CatalogueIndex, depotClosure } from '../../src/domain/catalogue-index.ts'
import { FleetFileError, type FleetProblem } from '../../src/fleet/fleet-file-error.ts'
import { fleetFileFromCatalogue } from '../../src/fleet/fleet-file-from-catalogue.ts'
import {
  formatPath,
  parseFleet,
  readFleetFile,
  resolveFleetDate,
} from '../../src/fleet/read-fleet-file.ts'
import { fleetFileYaml } from '../../src/fleet/write-fleet-file.ts'
import {
  DEMO_FLEET_FILE,
  date,
  RULES_FLEET_FILE,
  rulesFleetText,
} from '../helpers/domain-fixtures.ts'

const TODAY = date('2027-01-10')
const FILE = 'broken-fleet.yaml'
const DEMO_TEXT = readFileSync(DEMO_FLEET_FILE, 'utf8')

/** The rules fleet with one edit; the edit must match exactly once, so the fixture cannot drift. */
function rulesFleetWith(find: string, replace: string): string {
  const text = rulesFleetText()
  const at = text.indexOf(find)
  assert.ok(at !== -1 && text.indexOf(find, at + 1) === -1, `test edit must match once: ${find}`)
  return text.slice(0, at) + replace + text.slice(at + find.length)
}

function problemsOf(text: string, today: CalendarDate = TODAY): FleetProblem[] {
  try {
    parseFleet(FILE, text, today)
  } catch (error) {
    assert.ok(error instanceof FleetFileError, `expected a FleetFileError, got ${String(error)}`)
    assert.equal(error.file, FILE)
    return error.problems
  }
  assert.fail('expected a FleetFileError, but the file loaded')
}

describe('the demo fleet loads as the demo company', () => {
  const today = date('2026-05-01')
  const { catalogue, bookings } = parseFleet(DEMO_FLEET_FILE, DEMO_TEXT, today)
  const index = new CatalogueIndex(catalogue)

  test('it has 6 depots, of which only Rotorua (6) is inactive', () => {
    assert.equal(catalogue.depots.length, 6)
    assert.deepEqual(
      catalogue.depots.filter((depot) => !depot.active).map((depot) => depot.id),
      [6],
    )
    assert.deepEqual(
      index.activeDepots.map((depot) => depot.id),
      [1, 2, 3, 4, 5],
    )
  })

  test('one active depot has no weekend times (Auckland City, 2)', () => {
    const closedAtWeekends = index.activeDepots.filter(
      (depot) => depot.pickupTimes.weekend.length === 0 && depot.dropOffTimes.weekend.length === 0,
    )
    assert.deepEqual(
      closedAtWeekends.map((depot) => depot.id),
      [2],
    )
  })

  test('it has 9 vehicles, economy cars to motorhomes and an electric car', () => {
    assert.equal(catalogue.vehicles.length, 9)
    const classes = new Set(catalogue.vehicles.map((vehicle) => vehicle.vehicleClass))
    for (const name of ['economy', 'electric', 'campervan', 'motorhome']) {
      assert.ok(classes.has(name), `a vehicle of class ${name}`)
    }
  })

  test('it has 8 accessories, 3 seasons and 4 rate bands', () => {
    assert.equal(catalogue.accessories.length, 8)
    assert.equal(catalogue.seasons.length, 3)
    assert.deepEqual(catalogue.rateBands, [
      { minDays: 1, maxDays: 4 },
      { minDays: 5, maxDays: 9 },
      { minDays: 10, maxDays: 20 },
      { minDays: 21, maxDays: null },
    ])
  })

  test('amounts are held in integer cents (Wi-Fi hotspot 9.95 a day, capped at 99.50)', () => {
    const hotspot = index.accessory(8)
    assert.equal(hotspot?.price, 995)
    assert.equal(hotspot?.maxCharge, 9950)
    assert.deepEqual(index.vehicle(1)?.dailyRates.low, [4500, 4100, 3750, 3400])
    assert.equal(index.routeFee(1, 4), 29500)
  })

  test('every day of a leap year is in a season, so the demo data never expires', () => {
    const missing: string[] = []
    for (let day = date('2028-01-01'); day <= '2028-12-31'; day = addDays(day, 1)) {
      if (!index.seasonOf(day)) missing.push(day)
    }
    assert.deepEqual(missing, [])
  })

  test('every vehicle has a rate for every season and band', () => {
    for (const vehicle of catalogue.vehicles) {
      for (const season of catalogue.seasons) {
        assert.equal(
          vehicle.dailyRates[season.id]?.length,
          4,
          `${vehicle.name} in the ${season.name} season`,
        )
      }
    }
  })

  test('each vehicle is offered 3 insurance plans, one with price 0 and the highest excess', () => {
    for (const vehicle of catalogue.vehicles) {
      const plans = index.insurancePlansFor(vehicle)
      assert.equal(plans.length, 3, vehicle.name)
      const free = plans.filter((plan) => plan.price === 0)
      assert.equal(free.length, 1, `${vehicle.name}: one plan with price 0`)
      const highest = Math.max(...plans.map((plan) => plan.excess))
      assert.equal(
        free[0]?.excess,
        highest,
        `${vehicle.name}: the free plan has the highest excess`,
      )
    }
  })

  test('some one-way routes are not offered (Queenstown to Auckland Airport)', () => {
    assert.equal(index.routeFee(1, 5), 39500)
    assert.equal(index.routeFee(5, 1), undefined)
  })

  test('relative booking dates are resolved from the loading day (today+20 to today+34)', () => {
    assert.equal(bookings.length, 8)
    assert.deepEqual(bookings[0], {
      reference: 'KR-DEMO-01',
      vehicleId: 8,
      pickUpDepotId: 4,
      dropOffDepotId: 4,
      pickUpDate: '2026-05-21',
      dropOffDate: '2026-06-04',
    })
  })

  test('loaded on another day, the same bookings move with it', () => {
    const later = parseFleet(DEMO_FLEET_FILE, DEMO_TEXT, date('2027-12-20'))
    assert.equal(later.bookings[0]?.pickUpDate, '2028-01-09')
    assert.equal(later.bookings[0]?.dropOffDate, '2028-01-23')
  })

  test('readFleetFile reads the demo file from disk', async () => {
    const loaded = await readFleetFile(DEMO_FLEET_FILE, today, { imagesDir: PUBLIC_IMAGES_DIR })
    // The demo fleet draws no warning: every day has a season, every vehicle a rate, every image a file.
    assert.deepEqual(loaded, { catalogue, bookings, warnings: [] })
  })
})

describe('the rules fleet fixture loads', () => {
  test('readFleetFile reads it with its two bookings on their absolute dates', async () => {
    const { catalogue, bookings } = await readFleetFile(RULES_FLEET_FILE, TODAY)
    assert.equal(catalogue.vehicles.length, 2)
    assert.deepEqual(
      bookings.map((booking) => [booking.reference, booking.pickUpDate, booking.dropOffDate]),
      [
        ['T-1', '2027-01-20', '2027-01-25'],
        ['T-2', '2027-01-12', '2027-01-12'],
      ],
    )
  })
})

type BadFile = {
  rule: string
  text: () => string
  path: string
  line: number
  column: number
  says: string
}

describe('a bad fleet file is refused with every problem located by path, line and column', () => {
  const rows: BadFile[] = [
    {
      rule: 'a YAML syntax error (a key given twice) is located where it is',
      text: () => rulesFleetWith('    name: Alpha\n', '    name: Alpha\n    name: Again\n'),
      path: '',
      line: 22,
      column: 5,
      says: 'Map keys must be unique',
    },
    {
      rule: 'a YAML syntax error (a second colon on a line) is located where it is',
      text: () => rulesFleetWith('    name: Alpha\n', '    name: Alpha: x\n'),
      path: '',
      line: 21,
      column: 11,
      says: 'Nested mappings are not allowed',
    },
    {
      rule: 'an unknown field is named with its path',
      // The column is that of the unknown key itself.
      text: () => rulesFleetWith('    name: Alpha\n', '    name: Alpha\n    colour: red\n'),
      path: 'depots[0].colour',
      line: 22,
      column: 5,
      says: 'is not a known field',
    },
    {
      rule: 'a mistyped field says the field it most likely meant',
      text: () => rulesFleetWith('    annual_closures:', '    anual_closures:'),
      path: 'depots[1].anual_closures',
      line: 30,
      column: 5,
      says: 'is not a known field; did you mean annual_closures?',
    },
    {
      rule: 'an unknown top-level field is named with its path',
      text: () => rulesFleetWith('company:\n', 'currency: NZD\ncompany:\n'),
      path: 'currency',
      line: 3,
      column: 1,
      says: 'is not a known field',
    },
    {
      rule: 'a wrong type (units that are not a number) is located at the value',
      text: () => rulesFleetWith('units: { 1: 1 }', 'units: { 1: many }'),
      path: 'vehicles[1].units[1]',
      line: 53,
      column: 17,
      says: '"many" must be a whole number',
    },
    {
      rule: 'a wrong type (a price in words) is located at the value',
      text: () => rulesFleetWith('price: 20.00', 'price: twenty'),
      path: 'accessories[2].price',
      line: 75,
      column: 12,
      says: '"twenty" must be a number, without quotes or a currency sign',
    },
    {
      rule: 'a charge unit that is not day or rental lists the allowed values',
      text: () =>
        rulesFleetWith(
          '    per: rental\n    max_quantity: 1\n    vehicle_classes',
          '    per: week\n    max_quantity: 1\n    vehicle_classes',
        ),
      path: 'accessories[2].per',
      line: 76,
      column: 10,
      says: 'must be one of day, rental',
    },
    {
      rule: 'a missing required field is located at the object that lacks it',
      text: () => rulesFleetWith('    opening_hours: Weekdays 9:00 to 17:00\n', ''),
      path: 'depots[1]',
      line: 25,
      column: 5,
      says: 'opening_hours',
    },
    {
      rule: 'a price with a fraction of a cent (12.345) is refused',
      text: () => rulesFleetWith('fee: 75.50', 'fee: 12.345'),
      path: 'routes[0].fee',
      line: 58,
      column: 28,
      says: '12.345 has a fraction of a cent; use at most two decimals',
    },
    {
      rule: 'a daily rate with a fraction of a cent is refused',
      text: () => rulesFleetWith('low: [50.00, 45.50]', 'low: [50.00, 45.505]'),
      path: 'vehicles[0].daily_rates.low[1]',
      line: 48,
      column: 20,
      says: '45.505 has a fraction of a cent',
    },
    {
      rule: 'a negative price is refused',
      text: () => rulesFleetWith('price: 20.00', 'price: -20.00'),
      path: 'accessories[2].price',
      line: 75,
      column: 12,
      says: '-20 must be at least 0',
    },
    {
      rule: 'a duplicate vehicle id names the second vehicle and the first',
      text: () => rulesFleetWith('  - id: 2\n    name: Test Van', '  - id: 1\n    name: Test Van'),
      path: 'vehicles[1]',
      line: 49,
      column: 5,
      says: 'id 1 is already used by vehicles[0]',
    },
    {
      rule: 'a route to an unknown depot names the depot',
      text: () =>
        rulesFleetWith('{ from: 1, to: 2, fee: 75.50 }', '{ from: 1, to: 9, fee: 75.50 }'),
      path: 'routes[0].to',
      line: 58,
      column: 20,
      says: 'depot 9 is not in depots',
    },
    {
      rule: 'units at an unknown depot name the depot',
      text: () => rulesFleetWith('units: { 1: 1 }', 'units: { 1: 1, 9: 1 }'),
      path: 'vehicles[1].units.9',
      line: 53,
      column: 20,
      says: 'depot 9 is not in depots',
    },
    {
      rule: 'rates for an unknown season name the season',
      text: () => rulesFleetWith('      high: [200.00, 180.00]', '      peak: [200.00, 180.00]'),
      path: 'vehicles[1].daily_rates.peak',
      line: 55,
      column: 7,
      says: 'season peak is not in seasons',
    },
    {
      rule: 'minimum days for an unknown season name the season',
      text: () => rulesFleetWith('minimum_days: { high: 3 }', 'minimum_days: { peak: 3 }'),
      path: 'vehicles[0].minimum_days.peak',
      line: 45,
      column: 21,
      says: 'season peak is not in seasons',
    },
    {
      rule: 'a wrong number of rates for the bands says how many to give',
      text: () => rulesFleetWith('      high: [200.00, 180.00]', '      high: [200.00]'),
      path: 'vehicles[1].daily_rates.high',
      line: 55,
      column: 13,
      says: 'has 1 rates; give one per rate band (2)',
    },
    {
      rule: 'a gap between rate bands says what min_days must be',
      text: () => rulesFleetWith('  - { min_days: 5 }', '  - { min_days: 6 }'),
      path: 'rate_bands[1].min_days',
      line: 8,
      column: 17,
      says: 'must be 5 so that bands leave no gap and do not overlap',
    },
    {
      rule: 'overlapping rate bands say what min_days must be',
      text: () => rulesFleetWith('  - { min_days: 5 }', '  - { min_days: 4 }'),
      path: 'rate_bands[1].min_days',
      line: 8,
      column: 17,
      says: 'must be 5',
    },
    {
      rule: 'overlapping seasons name both seasons and the first shared day',
      text: () =>
        rulesFleetWith('{ from: "03-01", to: "05-31" }', '{ from: "02-20", to: "05-31" }'),
      path: 'seasons[1]',
      line: 15,
      column: 5,
      says: 'seasons high and low overlap on 02-20',
    },
    {
      rule: 'a season day that does not exist is refused',
      text: () =>
        rulesFleetWith('{ from: "03-01", to: "05-31" }', '{ from: "03-01", to: "06-31" }'),
      path: 'seasons[1].periods[0].to',
      line: 17,
      column: 36,
      says: '06-31 is not a day of the year (MM-DD)',
    },
    {
      rule: 'a booking for an unknown vehicle names the vehicle',
      text: () => rulesFleetWith('{ reference: T-1, vehicle: 2,', '{ reference: T-1, vehicle: 7,'),
      path: 'bookings[0].vehicle',
      line: 105,
      column: 32,
      says: 'vehicle 7 is not in vehicles',
    },
    {
      rule: 'a booking that ends before it starts is refused',
      text: () =>
        rulesFleetWith(
          'pick_up_date: 2027-01-20, drop_off_date: 2027-01-25',
          'pick_up_date: 2027-01-20, drop_off_date: 2027-01-19',
        ),
      path: 'bookings[0].drop_off_date',
      line: 105,
      column: 113,
      says: 'is before pick_up_date',
    },
    {
      rule: 'bookings over the units stocked name the vehicle, depot and day',
      text: () =>
        `${rulesFleetText()}  - { reference: T-3, vehicle: 2, pick_up_depot: 1, drop_off_depot: 1, pick_up_date: 2027-01-22, drop_off_date: 2027-01-23 }\n`,
      path: 'bookings[2]',
      line: 107,
      column: 5,
      says: 'books more than the 1 unit(s) of vehicle 2 at depot 1 on 2027-01-22',
    },
  ]
  for (const { rule, text, path, line, column, says } of rows) {
    test(`${rule} (${path || 'top level'} at ${line}:${column})`, () => {
      const problems = problemsOf(text())
      const problem = problems.find((candidate) => candidate.message.includes(says))
      assert.ok(problem, `a problem saying "${says}" among ${JSON.stringify(problems)}`)
      assert.deepEqual(
        { path: problem.path, line: problem.line, column: problem.column },
        { path, line, column },
      )
    })
  }

  test('the error message lists each problem as file:line:column: path: message', () => {
    try {
      parseFleet(FILE, rulesFleetWith('fee: 75.50', 'fee: 12.345'), TODAY)
      assert.fail('expected a FleetFileError')
    } catch (error) {
      assert.ok(error instanceof FleetFileError)
      assert.equal(
        error.message,
        `${FILE} is not a valid fleet file; nothing was loaded:\n  ${FILE}:58:28: routes[0].fee: 12.345 has a fraction of a cent; use at most two decimals`,
      )
    }
  })

  test('a file that is no fleet at all is said so in one line, without its content', () => {
    const csv = `reference,name,email\n${Array.from({ length: 40 }, (_, i) => `R-${i},Jane Doe ${i},jane${i}@example.com`).join('\n')}\n`
    for (const [text, says] of [
      [
        csv,
        'the file is plain text, not a fleet file: a fleet file is YAML or JSON whose top level has company, depots and vehicles (`rental-agent fleet schema` gives its schema); it looks like a CSV of bookings, which `rental-agent bookings import FILE` loads',
      ],
      ['- a\n- b\n', 'the file is a list, not a fleet file'],
      ['', 'the file is empty, not a fleet file'],
    ] as const) {
      const problems = problemsOf(text)
      assert.equal(problems.length, 1, JSON.stringify(problems))
      assert.ok(problems[0]?.message.startsWith(says), problems[0]?.message)
      assert.doesNotMatch(JSON.stringify(problems), /Jane Doe|example\.com/)
    }
  })

  test('an alias without its anchor is one problem that does not repeat the alias', () => {
    const problems = problemsOf(`${rulesFleetText()}\nextra: *Jane.Doe@example.com\n`)
    assert.deepEqual(
      problems.map((problem) => problem.message),
      [
        'a YAML alias (*name) names no anchor (&name) set before it; set the anchor first, or write the value out',
      ],
    )
  })

  test("a key that is no plain name is quoted and escaped in the problem's path", () => {
    const problems = problemsOf(
      rulesFleetWith('    name: Alpha\n', '    name: Alpha\n    "\u001b[31mkey": 1\n'),
    )
    const paths = problems.map((problem) => problem.path)
    assert.ok(paths.includes('depots[0]."\\u001b[31mkey"'), JSON.stringify(paths))
    for (const { path, message } of problems) {
      assert.ok(!`${path} ${message}`.includes('\u001b'), `a raw escape character in ${path}`)
    }
  })

  test('a decimal comma inside braces is said as one, not as a near spelling of a field', () => {
    const problems = problemsOf(rulesFleetWith('fee: 75.50', 'fee: 75,50'))
    const problem = problems.find((candidate) => candidate.path === 'routes[0].50')
    assert.equal(
      problem?.message,
      'is not a known field: a decimal comma in an amount (45,00) splits it in two inside { }; write the amount with a dot, such as 45.00',
    )
  })

  test('a long value refused is quoted cut, with its length', () => {
    const long = 'x'.repeat(500)
    const problems = problemsOf(rulesFleetWith('fee: 75.50', `fee: ${long}`))
    const problem = problems.find((candidate) => candidate.path === 'routes[0].fee')
    assert.equal(
      problem?.message,
      `"${'x'.repeat(59)}... (502 characters) must be a number, without quotes or a currency sign (45.00, not "45.00" or "$45")`,
    )
  })

  test('every problem of a file is listed, not only the first', () => {
    const text = rulesFleetWith('fee: 75.50', 'fee: 12.345').replace(
      'price: 20.00',
      'price: 20.001',
    )
    const paths = problemsOf(text).map((problem) => problem.path)
    assert.deepEqual(paths.sort(), ['accessories[2].price', 'routes[0].fee'])
  })

  test('bookings over the units stocked are reported once for each day over', () => {
    const text = `${rulesFleetText()}  - { reference: T-3, vehicle: 2, pick_up_depot: 1, drop_off_depot: 1, pick_up_date: 2027-01-22, drop_off_date: 2027-01-23 }\n`
    assert.deepEqual(
      problemsOf(text).map((problem) => problem.message.slice(-10)),
      ['2027-01-22', '2027-01-23'],
    )
  })

  test('a file that does not exist is a FleetFileError that says so', async () => {
    const missing = join(import.meta.dirname, 'no-such-fleet.yaml')
    await assert.rejects(readFleetFile(missing, TODAY), (error) => {
      assert.ok(error instanceof FleetFileError)
      assert.equal(error.file, missing)
      assert.deepEqual(error.problems, [{ path: '', message: 'cannot be read: no such file' }])
      assert.ok(error.message.includes(`${missing}: (top level): cannot be read: no such file`))
      return true
    })
  })
})

describe('resolveFleetDate reads absolute and relative booking dates', () => {
  const rows = [
    { value: '2027-02-01', resolved: '2027-02-01', why: 'an absolute date' },
    { value: 'today', resolved: '2027-01-10', why: 'the loading day' },
    { value: 'today+14', resolved: '2027-01-24', why: 'two weeks after the loading day' },
    { value: 'today+365', resolved: '2028-01-10', why: 'a year after the loading day' },
    { value: 'today-3', resolved: '2027-01-07', why: 'three days before the loading day' },
    { value: '2027-02-29', resolved: undefined, why: 'a date that does not exist' },
    { value: 'tomorrow', resolved: undefined, why: 'not a form the file allows' },
  ]
  for (const { value, resolved, why } of rows) {
    test(`${value} is ${resolved ?? 'not a date'} when loaded on 2027-01-10 (${why})`, () => {
      assert.equal(resolveFleetDate(value, TODAY), resolved)
    })
  }
})

describe('formatPath writes a path as it reads in the file', () => {
  test('list indexes in brackets and fields after dots', () => {
    assert.equal(formatPath(['vehicles', 2, 'daily_rates', 'peak']), 'vehicles[2].daily_rates.peak')
  })
  test('the top level is the empty path', () => {
    assert.equal(formatPath([]), '')
  })
})

describe('weekly closures: a depot closed on some days of every week', () => {
  const withSundays = rulesFleetWith(
    '    name: Alpha\n',
    '    name: Alpha\n    weekly_closures: [sunday]\n',
  )

  test('are read by day name, and written back as they were read', () => {
    const { catalogue, bookings } = parseFleet(FILE, withSundays, TODAY)
    assert.deepEqual(catalogue.depots[0]?.weeklyClosures, ['sunday'])
    assert.deepEqual(catalogue.depots[1]?.weeklyClosures, [])
    const written = fleetFileYaml(fleetFileFromCatalogue(catalogue, bookings), {
      schemaUrl: 'https://rentals.example.com/schemas/fleet.json',
      note: 'written back',
    })
    assert.match(written, /weekly_closures:/)
    assert.deepEqual(parseFleet(FILE, written, TODAY).catalogue.depots, catalogue.depots)
  })

  test('make the depot closed on those days: a pick-up there is refused, saying it is weekly', () => {
    const index = new CatalogueIndex(parseFleet(FILE, withSundays, TODAY).catalogue)
    const alpha = index.catalogue.depots[0]
    assert.ok(alpha)
    assert.equal(
      depotClosure(alpha, date('2027-01-17'), 'pick-up'),
      'Alpha is closed on 2027-01-17 (closed every Sunday)',
    )
  })

  for (const [rule, value, says] of [
    ['a day that is not one', '[sundays]', 'depots[0].weekly_closures[0]'],
    ['a day given twice', '[sunday, sunday]', 'depots[0].weekly_closures'],
  ] as const) {
    test(`refuse ${rule}`, () => {
      const text = rulesFleetWith(
        '    name: Alpha\n',
        `    name: Alpha\n    weekly_closures: ${value}\n`,
      )
      assert.throws(
        () => parseFleet(FILE, text, TODAY),
        (error: unknown) =>
          error instanceof FleetFileError &&
          error.problems.some((problem) => problem.path === says),
      )
    })
  }
})
