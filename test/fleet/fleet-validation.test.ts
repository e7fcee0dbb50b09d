import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { PUBLIC_IMAGES_DIR } from '../../src/config.ts'
import type { CalendarDate } from '../../src/domain/calendar-date.ts'
import { FleetFileError, type FleetProblem } from '../../src/fleet/fleet-file-error.ts'
import { parseFleet } from '../../src/fleet/read-fleet-file.ts'
import { DEMO_FLEET_FILE, date, rulesFleetText } from '../helpers/domain-fixtures.ts'

/*
 * What `fleet validate` and every import check beyond the schema's shapes: all problems of a file
 * in one pass, the company's fields, depot and vehicle facts, closures as ranges, texts that
 * cannot be shown safely, image addresses, and the warnings that do not stop a file.
 */

const TODAY = date('2027-01-10')
const FILE = 'fleet.yaml'

/** The rules fleet with each edit made once; an edit that does not match fails the test. */
function rulesFleetWith(...edits: [string, string][]): string {
  let text = rulesFleetText()
  for (const [find, replace] of edits) {
    const at = text.indexOf(find)
    assert.ok(at !== -1 && text.indexOf(find, at + 1) === -1, `test edit must match once: ${find}`)
    text = text.slice(0, at) + replace + text.slice(at + find.length)
  }
  return text
}

function problemsOf(text: string, today: CalendarDate = TODAY): FleetProblem[] {
  try {
    parseFleet(FILE, text, today)
  } catch (error) {
    assert.ok(error instanceof FleetFileError, `expected a FleetFileError, got ${String(error)}`)
    return error.problems
  }
  assert.fail('expected a FleetFileError, but the file loaded')
}

const COMPANY = '  { name: Rules Test Rentals, email: desk@rules.example.com }\n'
const ALPHA = '    name: Alpha\n'

describe('one pass lists every problem of a file, the schema and the cross-references alike', () => {
  test('a wrong type, an unknown depot, a bad prefix and a control character are all listed, in file order', () => {
    const text = rulesFleetWith(
      [COMPANY, '  { name: Rules Test Rentals, booking_reference_prefix: rtr }\n'],
      [ALPHA, '    name: "Alpha\\u0007"\n'],
      ['units: { 1: 1 }', 'units: { 1: many }'],
      ['{ from: 1, to: 2, fee: 75.50 }', '{ from: 1, to: 9, fee: 75.50 }'],
    )
    const problems = problemsOf(text)
    assert.deepEqual(
      problems.map((problem) => problem.path),
      [
        'company.booking_reference_prefix',
        'depots[0].name',
        'vehicles[1].units[1]',
        'routes[0].to',
      ],
    )
    const lines = problems.map((problem) => problem.line ?? 0)
    assert.deepEqual(
      lines,
      [...lines].sort((a, b) => a - b),
    )
  })

  test('a list the schema refuses as a whole does not stop the other lists being checked', () => {
    const text = rulesFleetWith(
      [
        'rate_bands:\n  - { min_days: 1, max_days: 4 }\n  - { min_days: 5 }\n',
        'rate_bands: four\n',
      ],
      ['fee: 75.50', 'fee: 75.505'],
    )
    assert.deepEqual(
      problemsOf(text).map((problem) => problem.path),
      ['rate_bands', 'routes[0].fee'],
    )
  })

  test('a typo repeated in every vehicle is listed for each, past the schema library limit of 8 errors, and not again for each class named elsewhere', () => {
    const demo = readFileSync(DEMO_FLEET_FILE, 'utf8')
    const vehicles = demo.match(/^ {4}class: /gm)?.length ?? 0
    assert.ok(vehicles > 4, 'the demo fleet has vehicles with a class')
    const problems = problemsOf(demo.replaceAll(/^ {4}class: /gm, '    klass: '))
    assert.equal(problems.length, vehicles * 2)
    for (let i = 0; i < vehicles; i++) {
      assert.ok(
        problems.some((problem) => problem.path === `vehicles[${i}].klass`),
        `vehicle ${i}`,
      )
    }
    assert.deepEqual(
      problems.filter((problem) => /no vehicle has class/.test(problem.message)),
      [],
    )
  })

  test('a class named nowhere in the vehicles is still refused when every vehicle has one', () => {
    const text = rulesFleetText()
    assert.ok(text.includes('vehicle_classes: ['), 'the rules fleet names classes')
    const problems = problemsOf(
      text.replace('vehicle_classes: [', 'vehicle_classes: [hovercraft, '),
    )
    assert.ok(
      problems.some((problem) => problem.message === 'no vehicle has class hovercraft'),
      JSON.stringify(problems),
    )
  })
})

describe('fleet file rules, each refused with its path', () => {
  const rows: { rule: string; edits: [string, string][]; path: string; says: string }[] = [
    {
      rule: 'a booking reference prefix of lower-case letters',
      edits: [[COMPANY, '  { name: Rules Test Rentals, booking_reference_prefix: rt }\n']],
      path: 'company.booking_reference_prefix',
      says: 'is not in the expected form',
    },
    {
      rule: 'a booking reference prefix of seven letters',
      edits: [[COMPANY, '  { name: Rules Test Rentals, booking_reference_prefix: RULESTR }\n']],
      path: 'company.booking_reference_prefix',
      says: 'is not in the expected form',
    },
    {
      rule: 'a company email that is not an address',
      edits: [[COMPANY, '  { name: Rules Test Rentals, email: desk }\n']],
      path: 'company.email',
      says: 'is not an email address: give one such as bookings@example.com, without spaces',
    },
    {
      rule: 'a company website over plain http',
      edits: [[COMPANY, '  { name: Rules Test Rentals, website: "http://rules.example.com" }\n']],
      path: 'company.website',
      says: 'is not an https address: give https://host/path',
    },
    {
      rule: 'terms on a host with a wildcard',
      edits: [
        [COMPANY, '  { name: Rules Test Rentals, terms_url: "https://*.example.com/terms" }\n'],
      ],
      path: 'company.terms_url',
      says: 'is not an https address with a host name',
    },
    {
      rule: 'a logo outside the images folder',
      edits: [[COMPANY, '  { name: Rules Test Rentals, logo: ../secret.svg }\n']],
      path: 'company.logo',
      says: 'is not a file name inside the images folder',
    },
    {
      rule: 'a vehicle image over plain http',
      edits: [
        ['image: https://images.example.com/van.png', 'image: http://images.example.com/van.png'],
      ],
      path: 'vehicles[1].image',
      says: 'is not an https address with a host name',
    },
    {
      rule: 'a vehicle image on a wildcard host',
      edits: [
        ['image: https://images.example.com/van.png', 'image: "https://*.example.com/van.png"'],
      ],
      path: 'vehicles[1].image',
      says: 'is not an https address with a host name',
    },
    {
      rule: 'a vehicle image with a user name in its address',
      edits: [
        [
          'image: https://images.example.com/van.png',
          'image: https://me@images.example.com/van.png',
        ],
      ],
      path: 'vehicles[1].image',
      says: 'is not an https address with a host name',
    },
    {
      rule: 'a latitude without a longitude',
      edits: [[ALPHA, `${ALPHA}    latitude: -36.85\n`]],
      path: 'depots[0]',
      says: 'give longitude as well',
    },
    {
      rule: 'a latitude beyond the pole',
      edits: [[ALPHA, `${ALPHA}    latitude: -91\n    longitude: 174.7\n`]],
      path: 'depots[0].latitude',
      says: '-91 must be at least -90',
    },
    {
      rule: 'a depot phone with letters',
      edits: [[ALPHA, `${ALPHA}    phone: call us\n`]],
      path: 'depots[0].phone',
      says: 'is not a phone number: give 7 to 24 digits',
    },
    {
      rule: 'a transmission that is not automatic or manual',
      edits: [['    class: van\n', '    class: van\n    transmission: cvt\n']],
      path: 'vehicles[1].transmission',
      says: 'must be one of automatic, manual',
    },
    {
      rule: 'seats that are not a whole number',
      edits: [['    class: van\n', '    class: van\n    seats: 2.5\n']],
      path: 'vehicles[1].seats',
      says: '2.5 must be a whole number',
    },
    {
      rule: 'an annual closure range that is not MM-DD',
      edits: [['annual_closures: ["12-25"]', 'annual_closures: [{ from: "12-24", to: "13-01" }]']],
      path: 'depots[1].annual_closures[0].to',
      says: '13-01 is not a day of the year',
    },
    {
      rule: 'a dated closure that ends before it starts',
      edits: [['closures: ["2027-03-03"]', 'closures: [{ from: "2027-03-03", to: "2027-03-01" }]']],
      path: 'depots[1].closures[0].to',
      says: 'is before from',
    },
    {
      rule: 'a closure that is neither a date nor a range',
      edits: [['closures: ["2027-03-03"]', 'closures: [{ on: "2027-03-03" }]']],
      path: 'depots[1].closures[0]',
      says: 'must be a date YYYY-MM-DD such as "2027-03-03", or { from: "2027-06-01", to: "2027-06-14" }',
    },
  ]
  for (const { rule, edits, path, says } of rows) {
    test(rule, () => {
      const problems = problemsOf(rulesFleetWith(...edits))
      const problem = problems.find((candidate) => candidate.path === path)
      assert.ok(problem, `no problem at ${path} among ${JSON.stringify(problems)}`)
      assert.ok(problem.message.includes(says), `${problem.message} does not say "${says}"`)
      assert.ok(problem.line !== undefined && problem.column !== undefined)
    })
  }
})

describe('texts that would not read as they are stored are refused at their line and column', () => {
  const rows = [
    {
      what: 'a control character (bell)',
      value: '"Alpha\\u0007"',
      says: 'a control character, U+0007, at character 6',
    },
    {
      what: 'a NUL, which PostgreSQL cannot store',
      value: '"Al\\0pha"',
      says: 'a control character, U+0000, at character 3',
    },
    {
      what: 'a right-to-left override',
      value: '"Alpha \\u202Eahpla"',
      says: 'a bidirectional text control, U+202E',
    },
    {
      what: 'a bidirectional isolate',
      value: '"\\u2066Alpha"',
      says: 'a bidirectional text control, U+2066, at character 1',
    },
    {
      what: 'a lone surrogate',
      value: '"Alpha \\ud800"',
      says: 'half of a character (a lone surrogate), U+D800, at character 7',
    },
  ]
  for (const { what, value, says } of rows) {
    test(`${what} in a depot name`, () => {
      const [problem, ...others] = problemsOf(rulesFleetWith([ALPHA, `    name: ${value}\n`]))
      assert.deepEqual(others, [])
      assert.equal(problem?.path, 'depots[0].name')
      assert.equal(problem?.line, 21)
      assert.equal(problem?.column, 11)
      assert.ok(problem?.message.includes(`holds ${says}`), problem?.message)
    })
  }

  test('a key holding one (a season named in daily rates) is refused too, at the key', () => {
    const problems = problemsOf(
      rulesFleetWith(['      high: [100.00, 90.00]\n', '      "high\\u0007": [100.00, 90.00]\n']),
    )
    const problem = problems.find((item) =>
      item.message.includes('the key holds a control character'),
    )
    assert.ok(problem, JSON.stringify(problems))
    assert.match(problem.path, /^vehicles\[0\]\.daily_rates\./)
  })

  test('a newline in a text written as a YAML block is kept', () => {
    const text = rulesFleetWith([
      '    opening_hours: Every day 8:00 to 18:00\n',
      '    opening_hours: |\n      Every day 8:00 to 18:00\n      Closed on public holidays\n',
    ])
    const { catalogue } = parseFleet(FILE, text, TODAY)
    assert.match(catalogue.depots[0]?.openingHoursDescription ?? '', /18:00\nClosed/)
  })
})

describe('closures may be single days or ranges, annual or dated', () => {
  test('ranges are kept as ranges; a single day is a range of one day', () => {
    const text = rulesFleetWith(
      ['annual_closures: ["12-25"]', 'annual_closures: ["12-25", { from: "12-31", to: "01-02" }]'],
      [
        'closures: ["2027-03-03"]',
        'closures: ["2027-03-03", { from: "2027-06-01", to: "2027-06-14" }]',
      ],
    )
    const beta = parseFleet(FILE, text, TODAY).catalogue.depots[1]
    assert.deepEqual(beta?.annualClosures, [
      { from: '12-25', to: '12-25' },
      { from: '12-31', to: '01-02' },
    ])
    assert.deepEqual(beta?.closures, [
      { from: '2027-03-03', to: '2027-03-03' },
      { from: '2027-06-01', to: '2027-06-14' },
    ])
  })
})

describe('warnings: a valid file that still leaves something out is loaded, and told so', () => {
  const warningsOf = (text: string, imagesDir?: string) =>
    parseFleet(FILE, text, TODAY, { imagesDir }).warnings.map((w) => `${w.path}: ${w.message}`)

  test('the rules fixture: a gap between seasons and a vehicle with no rate for one', () => {
    assert.deepEqual(warningsOf(rulesFleetText(), PUBLIC_IMAGES_DIR), [
      'seasons: no season covers 06-01 to 11-30: nothing can be rented from those days (no_rate)',
      'vehicles[1].daily_rates: no rate for low: Test Van cannot be rented in that season',
    ])
  })

  test('a price capped below itself, and a daily rate of 0, as a typo makes them', () => {
    const text = rulesFleetWith(
      ['    max_charge: 50.00\n', '    max_charge: 0.01\n'],
      ['      high: [100.00, 90.00]', '      high: [100.00, 0]'],
    )
    const warnings = warningsOf(text)
    assert.ok(
      warnings.includes(
        "accessories[0].max_charge: 0.01 is below one day's price of 12.00: Seat costs 0.01 whatever the rental",
      ),
      warnings.join('\n'),
    )
    assert.ok(
      warnings.includes(
        'vehicles[0].daily_rates.high[1]: a daily rate of 0: Test Car is free to rent in high for that rental length',
      ),
      warnings.join('\n'),
    )
  })

  test('no company email', () => {
    const warnings = warningsOf(rulesFleetWith([COMPANY, '  { name: Rules Test Rentals }\n']))
    assert.ok(
      warnings.some((warning) => warning.startsWith('company: no email')),
      warnings.join('\n'),
    )
  })

  test('an image file or a logo that is not in the images folder', () => {
    const empty = mkdtempSync(join(tmpdir(), 'images-'))
    try {
      const text = rulesFleetWith([
        COMPANY,
        '  { name: Rules Test Rentals, email: a@b.example, logo: logo.png }\n',
      ])
      const warnings = warningsOf(text, empty)
      assert.ok(
        warnings.includes(
          `vehicles[0].image: ${join(empty, 'vehicles', 'economy.svg')} does not exist: pages would show no picture`,
        ),
        warnings.join('\n'),
      )
      assert.ok(
        warnings.includes(
          `company.logo: ${join(empty, 'logo.png')} does not exist: pages would show no logo`,
        ),
      )
      // An image given as an address is not looked for in the folder.
      assert.ok(!warnings.some((warning) => warning.startsWith('vehicles[1].image')))
    } finally {
      rmSync(empty, { recursive: true })
    }
  })
})

describe('a value given but wrong is told what is wrong with it, once, and nothing else', () => {
  const BOOKINGS = 'bookings:\n'
  const rows: { rule: string; edits: [string, string][]; said: string[] }[] = [
    {
      rule: 'a latitude out of range is not also "give latitude as well"',
      edits: [[ALPHA, `${ALPHA}    latitude: 151.4775\n    longitude: 174.78\n`]],
      said: ['depots[0].latitude: 151.4775 must be at most 90'],
    },
    {
      rule: 'a longitude of the wrong type is not also "give longitude as well"',
      edits: [[ALPHA, `${ALPHA}    latitude: -36.85\n    longitude: "174.78 E"\n`]],
      said: [
        'depots[0].longitude: "174.78 E" must be a number, without quotes or a currency sign (45.00, not "45.00" or "$45")',
      ],
    },
    {
      rule: 'a percent_off over 100 is not also "give percent_off or amount_off"',
      edits: [
        [BOOKINGS, 'promotions:\n  - { code: BIG, name: Too big, percent_off: 110 }\nbookings:\n'],
      ],
      said: ['promotions[0].percent_off: 110 must be at most 100'],
    },
    {
      rule: 'a closure on a day that does not exist is said once',
      edits: [['closures: ["2027-03-03"]', 'closures: ["2027-02-30"]']],
      said: ['depots[1].closures[0]: 2027-02-30 is not a calendar date'],
    },
    {
      rule: 'an annual closure on a day that does not exist is said once',
      edits: [['annual_closures: ["12-25"]', 'annual_closures: ["02-30"]']],
      said: ['depots[1].annual_closures[0]: 02-30 is not a day of the year (MM-DD)'],
    },
  ]
  for (const { rule, edits, said } of rows) {
    test(rule, () => {
      const problems = problemsOf(rulesFleetWith(...edits))
      assert.deepEqual(
        problems.map((problem) => `${problem.path}: ${problem.message}`),
        said,
      )
    })
  }
})
