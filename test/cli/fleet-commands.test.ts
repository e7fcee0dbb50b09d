import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { Ajv } from 'ajv'
import { parse } from 'yaml'
import type { CalendarDate } from '../../src/domain/calendar-date.ts'
import type { Quote } from '../../src/domain/quote.ts'
import { fleetJsonSchema } from '../../src/fleet/fleet-json-schema.ts'
import { quoteExtras } from '../helpers/domain-fixtures.ts'
import {
  DEMO_FLEET,
  POSTGRES_SKIP,
  positionOf,
  postgresTarget,
  RULES_FLEET,
  runCommand,
  sqliteTarget,
  TARGETS,
  type Target,
} from './cli-runner.ts'

const rulesText = readFileSync(RULES_FLEET, 'utf8')

/** The rules fleet with one piece of text replaced; the test fails if the text is not there. */
function rulesWith(from: string, to: string): string {
  assert.ok(rulesText.includes(from), `test data: the rules fleet has no "${from}"`)
  return rulesText.replace(from, to)
}

/**
 * Every kind of bad fleet file, with the line (found by its text) and the column where the
 * problem must be reported, and what the message must say.
 */
const BAD_FILES = [
  {
    kind: 'a route to an unknown depot',
    text: rulesWith('{ from: 1, to: 2, fee: 75.50 }', '{ from: 1, to: 9, fee: 75.50 }'),
    at: ['{ from: 1, to: 9', '9'],
    message: 'routes[0].to: depot 9 is not in depots',
  },
  {
    kind: 'rates for an unknown season',
    text: rulesWith('high: [200.00, 180.00]', 'peak: [200.00, 180.00]'),
    at: ['peak: [200.00'],
    message: 'vehicles[1].daily_rates.peak: season peak is not in seasons',
  },
  {
    kind: 'a booking of an unknown vehicle',
    text: rulesWith('reference: T-1, vehicle: 2,', 'reference: T-1, vehicle: 7,'),
    at: ['reference: T-1, vehicle: 7', '7'],
    message: 'bookings[0].vehicle: vehicle 7 is not in vehicles',
  },
  {
    kind: 'overlapping seasons',
    text: rulesWith(
      'periods: [{ from: "03-01", to: "05-31" }]',
      'periods: [{ from: "02-20", to: "05-31" }]',
    ),
    at: ['- id: low', 'id'],
    message: 'seasons[1]: seasons high and low overlap on 02-20',
  },
  {
    kind: 'a gap between rate bands',
    text: rulesWith('- { min_days: 5 }', '- { min_days: 6 }'),
    at: ['- { min_days: 6 }', '6'],
    message: 'rate_bands[1].min_days: must be 5 so that bands leave no gap and do not overlap',
  },
  {
    kind: 'a negative price',
    text: rulesWith('price: 20.00', 'price: -20.00'),
    at: ['price: -20.00', '-20.00'],
    message: 'accessories[2].price:',
  },
  {
    kind: 'a fraction of a cent',
    text: rulesWith('fee: 75.50', 'fee: 75.505'),
    at: ['fee: 75.505', '75.505'],
    message: 'routes[0].fee: 75.505 has a fraction of a cent; use at most two decimals',
  },
  {
    kind: 'a duplicate id',
    text: rulesWith('  - id: 3\n    name: Kit', '  - id: 2\n    name: Kit'),
    at: ['  - id: 2\n    name: Kit', 'id'],
    // The second accessory with id 2 is the third in the list.
    message: 'accessories[2]: id 2 is already used by accessories[1]',
  },
  {
    kind: 'an unknown field',
    text: rulesWith('    name: Alpha\n', '    name: Alpha\n    colour: blue\n'),
    at: ['colour: blue', 'colour'],
    message: 'depots[0].colour: is not a known field',
  },
  {
    kind: 'broken YAML',
    text: rulesWith('    name: Alpha\n', '    name: Alpha: x\n'),
    at: ['name: Alpha: x', 'Alpha'],
    message: '(top level): Nested mappings are not allowed in compact mappings',
  },
] as const

/** Where the problem is expected: at the marker, found after the text that locates it. */
function expectedPosition(bad: (typeof BAD_FILES)[number]) {
  const [needle, marker] = bad.at
  return positionOf(bad.text, needle, marker ?? needle)
}

describe('rental-agent fleet export on a database with no fleet yet', () => {
  const empty = sqliteTarget()
  after(() => empty.close())

  test('with no database at all: says so, naming DATA_DIR, and makes none', async () => {
    const run = await runCommand(empty, ['fleet', 'export', `${empty.dir}/export.yaml`])
    assert.equal(run.code, 1, run.stdout)
    assert.match(
      run.stderr,
      /^No database at .*rental\.db: the service makes it, with .*Check DATA_DIR/,
    )
    assert.equal(existsSync(empty.env.DATA_DIR as string), false)
  })

  test('is refused, saying how to load one, and writes no file', async () => {
    // The database made, as the service's first start or a failed import leaves it: no fleet.
    await (await empty.openStore()).close()
    const file = `${empty.dir}/export.yaml`
    const run = await runCommand(empty, ['fleet', 'export', file])
    assert.equal(run.code, 1, run.stdout)
    assert.match(
      run.stderr,
      /holds no fleet yet: the service loads FLEET_FILE on its first start, or load one with `rental-agent fleet import FILE`\. Check DATA_DIR/,
    )
    assert.equal(existsSync(file), false)
  })
})

describe('the commands on a database made but holding no fleet (a start refused for its fleet file)', () => {
  const made = sqliteTarget()
  before(async () => {
    await (await made.openStore()).close()
  })
  after(() => made.close())

  for (const args of [
    ['bookings', 'list'],
    ['bookings', 'stats'],
    ['bookings', 'cancel', 'KR-0001'],
    ['bookings', 'export', 'bookings.csv'],
    ['outbox', 'list'],
    ['mcp', 'manifest'],
  ]) {
    test(`${args.join(' ')}: says the database holds no fleet, naming DATA_DIR, not "0 booking(s)"`, async () => {
      const run = await runCommand(made, args)
      assert.equal(run.code, 1, run.stdout)
      assert.match(run.stderr, /holds no fleet yet: .*Check DATA_DIR/)
    })
  }
})

describe('the commands on a PostgreSQL database the service never started on (a wrong DATABASE_URL)', () => {
  let target: Target | undefined
  before(async () => {
    if (!POSTGRES_SKIP) target = await postgresTarget()
  })
  after(async () => target?.close())

  for (const args of [
    ['bookings', 'list'],
    ['bookings', 'stats'],
    ['fleet', 'export', '-'],
  ]) {
    test(`${args.join(' ')}: refused naming DATABASE_URL, and no table is made there`, {
      skip: POSTGRES_SKIP,
    }, async () => {
      const pg = target as Target
      const run = await runCommand(pg, args)
      assert.equal(run.code, 1, run.stdout)
      assert.match(
        run.stderr,
        /holds none of the service's tables: the service makes them, with its fleet, on its first start\. Check DATABASE_URL/,
      )
      assert.deepEqual(await pg.dump(), {})
    })
  }
})

describe('the commands before the embedded database is made (a mistyped DATA_DIR, say)', () => {
  const none = sqliteTarget()
  after(() => none.close())

  // Each would have answered as from an empty company ("0 booking(s)", "vehicle 1 is not in the
  // fleet") and left a new empty database behind.
  const reads = [
    ['bookings', 'list'],
    ['bookings', 'stats'],
    ['bookings', 'cancel', 'KR-0001'],
    ['bookings', 'export', 'bookings.csv'],
    [
      'bookings',
      'import',
      none.write(
        'bookings.csv',
        'reference,vehicle_id,pick_up_depot_id,drop_off_depot_id,pick_up_date,drop_off_date\nX-1,1,1,1,2027-02-01,2027-02-03\n',
      ),
    ],
    ['outbox', 'list'],
    ['mcp', 'manifest'],
  ]
  for (const args of reads) {
    test(`${args.join(' ')}: says there is no database, naming DATA_DIR, and makes none`, async () => {
      const run = await runCommand(none, args)
      assert.equal(run.code, 1, run.stdout)
      assert.match(
        run.stderr,
        /^No database at .*rental\.db: the service makes it, with its fleet, on its first start\. Check DATA_DIR/,
      )
      assert.equal(existsSync(none.env.DATA_DIR as string), false)
    })
  }

  test('fleet import --dry-run: every item would be added, and no database is made', async () => {
    const run = await runCommand(none, ['fleet', 'import', '--dry-run', DEMO_FLEET])
    assert.equal(run.code, 0, run.stderr)
    assert.match(
      run.stdout,
      /rental\.db \(not made yet\) would make these changes; nothing was written/,
    )
    assert.match(run.stdout, /added {3}company "Kiwi Roads Rentals"/)
    assert.match(run.stdout, /\d+ added, \d+ changed, 0 removed\./)
    assert.equal(existsSync(none.env.DATA_DIR as string), false)
  })
})

describe('rental-agent fleet validate', { concurrency: 3 }, () => {
  const scratch = sqliteTarget()
  after(() => scratch.close())

  test('a good file is valid: exit 0 and a summary of what it holds', async () => {
    const run = await runCommand(undefined, ['fleet', 'validate', DEMO_FLEET])
    assert.equal(run.code, 0, run.stderr)
    assert.match(
      run.stdout,
      /is a valid fleet file for Kiwi Roads Rentals \(booking references KR-\.\.\.\): 6 depots, 9 vehicles, .* 8 bookings/,
    )
    assert.doesNotMatch(run.stdout, /warning|do not fit/)
  })

  test('a booking still to come on a day its depot hands nothing over is listed to arrange, exit 0', async () => {
    // Beta (2) has no pick-up at weekends; 2027-01-16 is a Saturday.
    const text = readFileSync(RULES_FLEET, 'utf8').replace(
      'bookings:\n',
      'bookings:\n  - { reference: T-3, vehicle: 1, pick_up_depot: 2, drop_off_depot: 2, pick_up_date: 2027-01-16, drop_off_date: 2027-01-19 }\n',
    )
    const run = await runCommand(undefined, [
      'fleet',
      'validate',
      scratch.write('saturday.yaml', text),
    ])
    assert.equal(run.code, 0, run.stderr)
    assert.match(
      run.stdout,
      /1 booking\(s\) still to come do not fit the fleet; they stand, so arrange each with its traveller .*\n {2}T-3 \(.*\): Beta has no pick-up times on a weekend \(2027-01-16\)/,
    )
  })

  for (const bad of BAD_FILES) {
    test(`${bad.kind} is reported at its line and column, exit code 1`, async () => {
      const file = scratch.write(`${bad.kind.replaceAll(' ', '-')}.yaml`, bad.text)
      const run = await runCommand(undefined, ['fleet', 'validate', file])
      assert.equal(run.code, 1)
      const { line, column } = expectedPosition(bad)
      assert.ok(
        run.stderr.includes(`${file}:${line}:${column}: ${bad.message}`),
        `expected ${file}:${line}:${column}: ${bad.message} in:\n${run.stderr}`,
      )
    })
  }

  test('a file with several problems lists every one', async () => {
    const text = rulesText
      .replace('fee: 75.50', 'fee: 75.505')
      .replace('- { min_days: 5 }', '- { min_days: 6 }')
    const run = await runCommand(undefined, ['fleet', 'validate', scratch.write('two.yaml', text)])
    assert.equal(run.code, 1)
    assert.match(run.stderr, /routes\[0\]\.fee/)
    assert.match(run.stderr, /rate_bands\[1\]\.min_days/)
  })

  test('a file that does not exist is named, exit code 1', async () => {
    const run = await runCommand(undefined, ['fleet', 'validate', '/no/such/fleet.yaml'])
    assert.equal(run.code, 1)
    assert.match(run.stderr, /\/no\/such\/fleet\.yaml: \(top level\): cannot be read: no such file/)
  })
})

for (const { kind, open, skip } of TARGETS) {
  describe(`rental-agent fleet import and export on ${kind}`, { skip }, () => {
    let target: Target
    before(async () => {
      target = await open()
    })
    after(() => target?.close())

    test('an import into an empty database loads the file and lists what it added', async () => {
      const run = await runCommand(target, ['fleet', 'import', RULES_FLEET])
      assert.equal(run.code, 0, run.stderr)
      assert.match(run.stdout, /added {3}company "Rules Test Rentals"\n {2}added/)
      // A new company is not a change of the blank one an empty database starts with.
      assert.doesNotMatch(run.stdout, /booking_reference_prefix: BK/)
      assert.match(run.stdout, /added {3}depot 1 \(Alpha\)/)
      assert.match(run.stdout, /added {3}booking T-1/)
      // Quiet when standard error is not a terminal.
      assert.equal(run.stderr, '')
    })

    test('a closure added over a booking to come is imported, and the booking listed to arrange', async () => {
      // T-1 picks up at Alpha (1) on 2027-01-20.
      const closed = rulesText.replace(
        '    name: Alpha\n',
        '    name: Alpha\n    closures: ["2027-01-20"]\n',
      )
      const dry = await runCommand(target, [
        'fleet',
        'import',
        '--dry-run',
        target.write('closed.yaml', closed),
      ])
      assert.equal(dry.code, 0, dry.stderr)
      assert.match(dry.stdout, /\n {2}T-1 \(.*\): Alpha is closed on 2027-01-20\n/)
      // Back as it was: nothing else in this suite expects the closure.
      assert.match(dry.stdout, /nothing was written/)
    })

    test('every kind of bad file is refused at its line and column, and nothing changes', async () => {
      const before = await target.dump()
      for (const bad of BAD_FILES) {
        const file = target.write(`bad-${bad.kind.replaceAll(' ', '-')}.yaml`, bad.text)
        const run = await runCommand(target, ['fleet', 'import', file])
        assert.equal(run.code, 1, `${bad.kind}: ${run.stdout}`)
        const { line, column } = expectedPosition(bad)
        assert.ok(
          run.stderr.includes(`${file}:${line}:${column}: ${bad.message}`),
          `${bad.kind}: expected ${line}:${column} in:\n${run.stderr}`,
        )
        assert.deepEqual(await target.dump(), before, `${bad.kind} changed the database`)
      }
    })

    test('a dry run lists what is added, changed and removed, and writes nothing', async () => {
      const before = await target.dump()
      const text = rulesText
        .replace('high: [100.00, 90.00]', 'high: [110.00, 99.00]')
        .replace(
          '  - id: 3\n    name: Kit\n    price: 20.00\n    per: rental\n    max_quantity: 1\n    vehicle_classes: [van]\n',
          '',
        )
        .replace(
          'vehicles:',
          'vehicles:\n  - { id: 5, name: Test Ute, class: ute, image: ute.svg, units: { 2: 1 }, daily_rates: { low: [80, 70] } }',
        )
      const file = target.write('dry-run.yaml', text)
      const run = await runCommand(target, ['fleet', 'import', '--dry-run', file])
      assert.equal(run.code, 0, run.stderr)
      assert.match(run.stdout, /^Dry run: .* nothing was written\./)
      assert.match(
        run.stdout,
        /changed +vehicle 1 \(Test Car\)\n +daily_rates\.high: \[100, 90\] → \[110, 99\]\n/,
      )
      assert.match(run.stdout, /added +vehicle 5 \(Test Ute\)/)
      assert.match(run.stdout, /removed +accessory 3 \(Kit\)/)
      assert.match(run.stdout, /1 added, 1 changed, 1 removed\./)
      assert.deepEqual(await target.dump(), before)
    })

    test('an import changes what the file changed, keeping ids and bookings', async () => {
      const text = rulesText
        .replace('high: [100.00, 90.00]', 'high: [110.00, 99.00]')
        .replace('name: Beta', 'name: Beta Central')
      const run = await runCommand(target, ['fleet', 'import', target.write('prices.yaml', text)])
      assert.equal(run.code, 0, run.stderr)
      assert.match(run.stdout, /0 added, 2 changed, 0 removed\./)
      const store = await target.openStore()
      try {
        const catalogue = await store.loadCatalogue()
        assert.deepEqual(catalogue.vehicles[0]?.dailyRates.high, [11_000, 9_900])
        assert.deepEqual(
          catalogue.depots.map((d) => `${d.id} ${d.name}`),
          ['1 Alpha', '2 Beta Central', '3 Gamma'],
        )
        assert.deepEqual(
          (await store.listBookings()).map((b) => b.reference),
          ['T-2', 'T-1'],
        )
      } finally {
        await store.close()
      }
    })

    test('an import that would remove a booked vehicle is refused, naming the bookings, and nothing changes', async () => {
      const before = await target.dump()
      const text = rulesText
        .replace(/ {2}- id: 2\n {4}name: Test Van[\s\S]*?high: \[200\.00, 180\.00\]\n/, '')
        .replace(/ {2}- \{ reference: T-1.*\n/, '')
        .replaceAll('vehicle_classes: [van]', 'vehicle_classes: [car]')
      assert.ok(!text.includes('Test Van'), 'test data: the van is removed')
      const run = await runCommand(target, ['fleet', 'import', target.write('no-van.yaml', text)])
      assert.equal(run.code, 1, run.stdout)
      assert.match(run.stderr, /^Refused: .* would break 1 booking\(s\)/)
      assert.match(
        run.stderr,
        /T-1 \(vehicle 2 at depot 1, 2027-01-20 to 2027-01-25\): vehicle 2 would be removed/,
      )
      assert.deepEqual(await target.dump(), before)
    })

    test('an import that leaves fewer units than are booked is refused, naming the bookings', async () => {
      const before = await target.dump()
      const text = rulesText
        .replace('units: { 1: 1 }', 'units: { 1: 0 }')
        .replace(/ {2}- \{ reference: T-1.*\n/, '')
      const run = await runCommand(target, ['fleet', 'import', target.write('fewer.yaml', text)])
      assert.equal(run.code, 1, run.stdout)
      assert.match(
        run.stderr,
        /T-1 \(.*\): vehicle 2 would have 0 unit\(s\) at depot 1, but 1 are booked on 2027-01-20/,
      )
      assert.deepEqual(await target.dump(), before)
    })

    test("a dry run names each field a change changes, old → new, in the file's own terms", async () => {
      const text = rulesText
        .replace(
          '  { name: Rules Test Rentals, email: desk@rules.example.com }',
          '  { name: Rules Rentals Ltd, email: desk@rules.example.com, phone: +64 9 555 0123 }',
        )
        .replace('    name: Alpha\n', '    name: Alpha\n    address: 1 Queen Street, Auckland\n')
        .replace('closures: ["2027-03-03"]', 'closures: [{ from: "2027-03-03", to: "2027-03-05" }]')
        .replace('    class: van\n', '    class: van\n    seats: 3\n')
      const run = await runCommand(target, [
        'fleet',
        'import',
        '--dry-run',
        target.write('fields.yaml', text),
      ])
      assert.equal(run.code, 0, run.stderr)
      for (const line of [
        'company "Rules Rentals Ltd"',
        'name: Rules Test Rentals → Rules Rentals Ltd',
        'phone: (none) → +64 9 555 0123',
        'booking_reference_prefix: RTR → RRL',
        'address: (none) → 1 Queen Street, Auckland',
        'closures: [2027-03-03] → (none)',
        'closures[0].from: (none) → 2027-03-03',
        'closures[0].to: (none) → 2027-03-05',
        'seats: (none) → 3',
      ]) {
        assert.ok(run.stdout.includes(line), `no "${line}" in:\n${run.stdout}`)
      }
    })

    test('export then import is a no-op, and the export is valid against the published schema', async () => {
      const exported = `${target.dir}/export.yaml`
      const run = await runCommand(target, ['fleet', 'export', exported])
      assert.equal(run.code, 0, run.stderr)
      assert.match(run.stdout, /Exported 3 depots, 2 vehicles and 2 bookings to /)
      assert.match(run.stdout, /`rental-agent bookings export FILE\.csv` writes every booking/)
      const text = readFileSync(exported, 'utf8')
      assert.match(
        text,
        /^# yaml-language-server: \$schema=http:\/\/localhost:3000\/schemas\/fleet\.json\n/,
      )
      const ajv = new Ajv({ allErrors: true, strict: false })
      const validate = ajv.compile(fleetJsonSchema())
      assert.ok(validate(parse(text)), JSON.stringify(validate.errors))
      // Absolute dates, as stored.
      assert.match(
        text,
        /reference: T-1, vehicle: 2, pick_up_depot: 1, drop_off_depot: 1, pick_up_date: "2027-01-20"/,
      )
      assert.match(text, /fee: 75\.50/)

      const before = await target.dump()
      const again = await runCommand(target, ['fleet', 'import', exported])
      assert.equal(again.code, 0, again.stderr)
      assert.match(again.stdout, /^Nothing to import: /)
      assert.deepEqual(await target.dump(), before)
      const valid = await runCommand(target, ['fleet', 'validate', exported])
      assert.equal(valid.code, 0, valid.stderr)
    })
  })
}

for (const { kind, open, skip } of TARGETS) {
  describe(`rental-agent fleet import over the demo company loaded by mistake, on ${kind}`, {
    skip,
  }, () => {
    test('another company replaces the untouched demo whole, its sample bookings with it, and no message is queued', async () => {
      const target = await open()
      try {
        // What a first start without FLEET_FILE leaves: the demo company and its sample bookings,
        // and a quote an agent was given for the demo's vehicle 1.
        assert.equal((await runCommand(target, ['fleet', 'import', DEMO_FLEET])).code, 0)
        const demoQuote: Quote = {
          ...quoteExtras(),
          id: 'q_demo_quote',
          createdAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 1_800_000).toISOString(),
          vehicleId: 1,
          vehicleName: 'Toyota Yaris or similar',
          pickUpDepotId: 1,
          dropOffDepotId: 1,
          pickUpDate: '2027-02-01' as CalendarDate,
          dropOffDate: '2027-02-08' as CalendarDate,
          pickUpTime: null,
          dropOffTime: null,
          rentalDays: 7,
          dailyRate: 5000,
          rentalFee: 35000,
          routeFee: 0,
          accessories: [],
          insurance: null,
          accessoriesFee: 0,
          insuranceFee: 0,
          totalAmount: 35000,
        }
        const opened = await target.openStore()
        try {
          await opened.saveQuote(demoQuote)
        } finally {
          await opened.close()
        }
        const before = await target.dump()
        const dry = await runCommand(target, ['fleet', 'import', '--dry-run', RULES_FLEET])
        assert.equal(dry.code, 0, dry.stderr)
        assert.match(
          dry.stdout,
          /^Dry run: importing .*rules-fleet\.yaml into the .* would replace the demo company Kiwi Roads Rentals \(loaded by a start without FLEET_FILE\) and its 8 sample booking\(s\) with Rules Test Rentals; nothing was written\./,
        )
        assert.deepEqual(await target.dump(), before)

        const run = await runCommand(target, ['fleet', 'import', RULES_FLEET])
        assert.equal(run.code, 0, run.stderr)
        assert.match(
          run.stdout,
          /^Replaced the demo company Kiwi Roads Rentals .* and its 8 sample booking\(s\) with .*rules-fleet\.yaml \(Rules Test Rentals\) in the .*\. No email or webhook was sent about the sample bookings\./,
        )
        const list = await runCommand(target, ['bookings', 'list'])
        assert.doesNotMatch(list.stdout, /KR-DEMO/)
        assert.match(list.stdout, /T-1/)
        const store = await target.openStore()
        try {
          assert.equal((await store.loadCatalogue()).company.name, 'Rules Test Rentals')
          assert.deepEqual(await store.claimMessages(100, 1000), [], 'no message queued')
          assert.equal(
            await store.findQuote(demoQuote.id),
            undefined,
            "the demo's quotes go: the new company's vehicle 1 is another vehicle",
          )
        } finally {
          await store.close()
        }
      } finally {
        await target.close()
      }
    })

    test('a demo with a booking that is not its own sample (cancelled, or made since) is not replaced: the usual refusal', async () => {
      const target = await open()
      try {
        assert.equal((await runCommand(target, ['fleet', 'import', DEMO_FLEET])).code, 0)
        const cancel = await runCommand(target, ['bookings', 'cancel', 'KR-DEMO-01'])
        assert.equal(cancel.code, 0, cancel.stderr)
        const before = await target.dump()
        const run = await runCommand(target, ['fleet', 'import', RULES_FLEET])
        assert.equal(run.code, 1, run.stdout)
        assert.match(run.stderr, /^Refused: .* would break/)
        assert.deepEqual(await target.dump(), before)
      } finally {
        await target.close()
      }
    })
  })
}
