import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { CalendarDate } from '../../src/domain/calendar-date.ts'
import { addDays } from '../../src/domain/calendar-date.ts'
import type { BookingJson } from '../../src/presenters/booking-record.ts'
import {
  POSTGRES_SKIP,
  positionOf,
  postgresTarget,
  RULES_FLEET,
  runCommand,
  sqliteTarget,
  TARGETS,
  type Target,
} from './cli-runner.ts'

const day = (text: string) => text as CalendarDate

const HEADER = 'reference,vehicle_id,pick_up_depot_id,drop_off_depot_id,pick_up_date,drop_off_date'

/** Units of the car (1) booked at depot 1 on a day, as the service would count them. */
async function carsBooked(target: Target, on: string): Promise<number> {
  const store = await target.openStore()
  try {
    const booked = await store.bookedUnits({
      depotId: 1,
      vehicleIds: [1],
      from: day(on),
      to: day(on),
    })
    return booked.get(1) ?? 0
  } finally {
    await store.close()
  }
}

for (const { kind, open, skip } of TARGETS) {
  describe(`rental-agent bookings on ${kind}`, { skip }, () => {
    let target: Target
    before(async () => {
      target = await open()
      const load = await runCommand(target, ['fleet', 'import', RULES_FLEET])
      assert.equal(load.code, 0, load.stderr)
    })
    after(() => target?.close())

    test('a booking for a day its depot hands nothing over can be imported, and is listed to arrange', async () => {
      // Beta (2) has no pick-up at weekends; 2027-02-13 is a Saturday. A dry run: nothing stays.
      const csv = [HEADER, 'PH-2001,1,2,2,2027-02-13,2027-02-15'].join('\n')
      const run = await runCommand(target, [
        'bookings',
        'import',
        '--dry-run',
        target.write('saturday.csv', csv),
      ])
      assert.equal(run.code, 0, run.stderr)
      assert.match(run.stdout, /^Dry run: all 1 booking\(s\) of .* can be imported/)
      assert.match(
        run.stdout,
        /1 booking\(s\) still to come do not fit the fleet; .*\n {2}PH-2001 \(.*\): Beta has no pick-up times on a weekend \(2027-02-13\)/,
      )
    })

    test('a CSV of bookings from another channel is imported, with who booked and the total', async () => {
      const csv = [
        `${HEADER},customer_name,customer_email,customer_phone,total,booked_at,agent_ref`,
        'PH-1001,1,1,2,2027-02-10,2027-02-12,Mere Tane,mere@example.com,+64 9 555 0100,450.50,2027-01-09T22:00:00Z,travel-desk.nz',
        'PH-1002,1,1,1,2027-02-11,2027-02-11,"Smith, Jo",,,,,',
      ].join('\n')
      const run = await runCommand(target, ['bookings', 'import', target.write('phone.csv', csv)])
      assert.equal(run.code, 0, run.stderr)
      assert.match(run.stdout, /^Imported 2 booking\(s\) from /)
      assert.equal(run.stderr, '')
      const list = await runCommand(target, ['bookings', 'list', '--json', '--from', '2027-02-01'])
      const listed = JSON.parse(list.stdout) as BookingJson[]
      assert.deepEqual(listed[0], {
        reference: 'PH-1001',
        status: 'confirmed',
        vehicleId: 1,
        vehicleName: 'Test Car',
        pickUpDepotId: 1,
        dropOffDepotId: 2,
        pickUpDate: '2027-02-10',
        pickUpTime: null,
        dropOffDate: '2027-02-12',
        dropOffTime: null,
        customer: { fullName: 'Mere Tane', email: 'mere@example.com', phone: '+64 9 555 0100' },
        totalAmount: 450.5,
        createdAt: '2027-01-09T22:00:00.000Z',
        cancellation: null,
        channel: 'other channel',
        agentRef: 'travel-desk.nz',
        driverAge: null,
        surcharges: [],
        promotion: null,
      })
      assert.deepEqual(listed[1]?.customer, { fullName: 'Smith, Jo', email: '', phone: '' })
      assert.equal(listed[1]?.totalAmount, null)
      assert.equal(await carsBooked(target, '2027-02-11'), 2)
    })

    test('bookings list as a table, filtered by depot, vehicle and dates', async () => {
      const all = await runCommand(target, ['bookings', 'list'])
      assert.equal(all.code, 0, all.stderr)
      const lines = all.stdout.trimEnd().split('\n')
      assert.match(
        lines[0] ?? '',
        /^REFERENCE +STATUS +VEHICLE +PICK-UP +AT +DROP-OFF +AT +CUSTOMER +TOTAL +AGENT_REF$/,
      )
      assert.deepEqual(
        lines.slice(1, -1).map((line) => line.split(' ')[0]),
        ['T-2', 'T-1', 'PH-1001', 'PH-1002'],
      )
      assert.match(
        all.stdout,
        /PH-1001 +confirmed +1 Test Car +2027-02-10 +1 Alpha +2027-02-12 +2 Beta +Mere Tane, mere@example.com, \+64 9 555 0100 +NZ\$450\.50/,
      )
      assert.equal(lines.at(-1), '4 booking(s)')

      const references = async (...filter: string[]) => {
        const run = await runCommand(target, ['bookings', 'list', '--json', ...filter])
        assert.equal(run.code, 0, run.stderr)
        return (JSON.parse(run.stdout) as BookingJson[]).map((b) => b.reference)
      }
      assert.deepEqual(await references('--vehicle', '2'), ['T-1'])
      assert.deepEqual(await references('--agent-ref', 'travel-desk.nz'), ['PH-1001'])
      assert.deepEqual(await references('--depot', '2'), ['T-2', 'PH-1001'])
      assert.deepEqual(await references('--from', '2027-01-21', '--to', '2027-02-10'), [
        'T-1',
        'PH-1001',
      ])
      const noDepot = await runCommand(target, ['bookings', 'list', '--depot', '9'])
      assert.equal(noDepot.code, 1)
      assert.match(
        noDepot.stderr,
        /^no depot 9 in the fleet, nor in any booking; the depots are 1 \(Alpha\), 2 \(Beta\)/,
      )
      const bad = await runCommand(target, ['bookings', 'list', '--from', '2027-02-30'])
      assert.equal(bad.code, 2)
      assert.match(bad.stderr, /--from <date>' argument '2027-02-30' is invalid/)
    })

    test('cancelling a booking keeps it, marked cancelled by the operator, and frees its unit at once', async () => {
      assert.equal(await carsBooked(target, '2027-02-11'), 2)
      // A reason over 500 characters is refused, not cut short: nothing is cancelled.
      const long = await runCommand(target, [
        'bookings',
        'cancel',
        'PH-1002',
        '--reason',
        'x'.repeat(501),
      ])
      assert.equal(long.code, 1)
      assert.match(long.stderr, /--reason is 501 characters; at most 500: shorten it/)
      assert.equal(await carsBooked(target, '2027-02-11'), 2)
      const run = await runCommand(target, [
        'bookings',
        'cancel',
        'PH-1002',
        '--reason',
        'Customer phoned to cancel',
      ])
      assert.equal(run.code, 0, run.stderr)
      // No service has started on this database, nor is TIME_ZONE set: the default zone, said so
      // (a London company's first cancellation email said NZDT without a word).
      assert.match(
        run.stderr,
        /Warning: no time zone is recorded for this database yet \(the service records its TIME_ZONE when it starts\) and TIME_ZONE is not set here, so times are in Pacific\/Auckland, the default; set TIME_ZONE to the company's zone/,
      )
      assert.match(
        run.stdout,
        /^Cancelled PH-1002 \(vehicle 1 at depot 1, 2027-02-11 to 2027-02-11\); its unit is free again/,
      )
      assert.equal(await carsBooked(target, '2027-02-11'), 1)
      // Typed in small letters, as read out over the phone: the same booking.
      const again = await runCommand(target, ['bookings', 'cancel', 'ph-1002'])
      assert.equal(again.code, 1)
      // When, in the company's zone as people read it, not a UTC timestamp.
      assert.match(
        again.stderr,
        /PH-1002 was already cancelled on \w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}\s[ap]m NZ[DS]T by the operator \(Customer phoned to cancel\)/,
      )
      // A shell without TIME_ZONE takes the zone the service last started in, not the default:
      // a Tasmanian company's emails said "NZDT".
      const store = await target.openStore()
      try {
        await store.recordServiceTimeZone('Australia/Hobart')
      } finally {
        await store.close()
      }
      const inHobart = await runCommand(target, ['bookings', 'cancel', 'PH-1002'])
      assert.match(inHobart.stderr, /was already cancelled on .* AEDT by the operator/)
      assert.doesNotMatch(inHobart.stderr, /no time zone is recorded/)
      const told = await runCommand(target, ['bookings', 'cancel', 'PH-1002'], {
        TIME_ZONE: 'Pacific/Auckland',
      })
      assert.match(
        told.stderr,
        /Warning: TIME_ZONE Pacific\/Auckland is not the service's \(Australia\/Hobart, as it last started\); times this command writes are in Pacific\/Auckland/,
      )
      assert.match(told.stderr, /was already cancelled on .* NZDT by the operator/)
      const unknown = await runCommand(target, ['bookings', 'cancel', 'PH-9999'])
      assert.equal(unknown.code, 1)
      assert.match(unknown.stderr, /no booking has the reference PH-9999/)

      const cancelled = await runCommand(target, [
        'bookings',
        'list',
        '--json',
        '--status',
        'cancelled',
      ])
      const [kept] = JSON.parse(cancelled.stdout) as BookingJson[]
      assert.equal(kept?.reference, 'PH-1002')
      assert.equal(kept?.cancellation?.by, 'operator')
      assert.equal(kept?.cancellation?.reason, 'Customer phoned to cancel')
      const table = await runCommand(target, ['bookings', 'list', '--status', 'confirmed'])
      assert.doesNotMatch(table.stdout, /PH-1002/)
      assert.match(
        (await runCommand(target, ['bookings', 'list'])).stdout,
        /PH-1002 +cancelled \(operator\)/,
      )
    })

    test('export writes every booking with every field; import reads it back into another store unchanged', async () => {
      const file = `${target.dir}/all-bookings.csv`
      const exported = await runCommand(target, ['bookings', 'export', file])
      assert.equal(exported.code, 0, exported.stderr)
      assert.match(exported.stdout, /^Exported 4 booking\(s\) \(1 cancelled\) from the .* to /)
      // A fleet export holds the three that hold a unit, and says what it left out.
      const fleet = await runCommand(target, ['fleet', 'export', `${target.dir}/fleet.yaml`])
      assert.match(
        fleet.stdout,
        /and 3 bookings \(the confirmed ones; 1 cancelled booking\(s\) left out, as a fleet file holds only bookings that hold a unit\) to /,
      )
      const csv = readFileSync(file, 'utf8')
      assert.match(
        csv.split('\n')[0] ?? '',
        /^reference,vehicle_id,.*,status,cancelled_at,cancelled_by,cancel_reason,quote_id,price,manage_token_hash,agent_ref$/,
      )

      // From the embedded store to PostgreSQL, as a growing company moves (and back), as README
      // "Bookings" says: the catalogue without its bookings, then every booking from the export.
      const other = kind === 'SQLite' && !POSTGRES_SKIP ? await postgresTarget() : sqliteTarget()
      try {
        const catalogue = `${target.dir}/catalogue.yaml`
        const exportedFleet = await runCommand(target, [
          'fleet',
          'export',
          '--without-bookings',
          catalogue,
        ])
        assert.equal(exportedFleet.code, 0, exportedFleet.stderr)
        assert.match(readFileSync(catalogue, 'utf8'), /^bookings: \[\]$/m)
        assert.equal((await runCommand(other, ['fleet', 'import', catalogue])).code, 0)
        const imported = await runCommand(other, ['bookings', 'import', file])
        assert.equal(imported.code, 0, imported.stderr)
        const list = async (at: Target) =>
          JSON.parse((await runCommand(at, ['bookings', 'list', '--json'])).stdout) as BookingJson[]
        assert.deepEqual(await list(other), await list(target))
        assert.equal(
          await carsBooked(other, '2027-02-11'),
          1,
          'the cancelled booking holds no unit',
        )
      } finally {
        await other.close()
      }
    })

    test('bookings at a depot the fleet no longer has are still listed by its id', async () => {
      // A depot removed after its bookings were cancelled: its id is only in their history.
      const other = sqliteTarget()
      try {
        assert.equal((await runCommand(other, ['fleet', 'import', RULES_FLEET])).code, 0)
        const history = `${other.dir}/history.csv`
        writeFileSync(
          history,
          `${HEADER},status,cancelled_at\nOLD-9,1,9,9,2027-04-01,2027-04-03,cancelled,2027-01-02T00:00:00Z\n`,
        )
        assert.equal((await runCommand(other, ['bookings', 'import', history])).code, 0)
        const removed = await runCommand(other, ['bookings', 'list', '--depot', '9', '--json'])
        assert.equal(removed.code, 0, removed.stderr)
        assert.match(
          removed.stderr,
          /^Note: depot 9 is no longer in the fleet; its bookings are listed/,
        )
        assert.deepEqual(
          (JSON.parse(removed.stdout) as BookingJson[]).map((booking) => booking.reference),
          ['OLD-9'],
        )
      } finally {
        await other.close()
      }
    })

    test('--skip-existing brings a restored copy up to date: the bookings made since, and the cancellations', async () => {
      // The restored copy: two bookings of the car at Alpha (2 units) on the same days. The
      // database set aside: one of them cancelled since, its unit taken by a phone booking
      // imported since (with its own earlier booked_at), and a one-way booking.
      const restored = sqliteTarget()
      try {
        assert.equal((await runCommand(restored, ['fleet', 'import', RULES_FLEET])).code, 0)
        const columns = `${HEADER},status,cancelled_at,cancelled_by,cancel_reason`
        const copy = `${restored.dir}/copy.csv`
        writeFileSync(
          copy,
          `${columns}\nRS-A,1,1,1,2027-03-10,2027-03-12,confirmed,,,\nRS-B,1,1,1,2027-03-10,2027-03-12,confirmed,,,\n`,
        )
        assert.equal((await runCommand(restored, ['bookings', 'import', copy])).code, 0)
        const aside = `${restored.dir}/aside.csv`
        writeFileSync(
          aside,
          `${columns}\nRS-A,1,1,1,2027-03-10,2027-03-12,confirmed,,,\nRS-B,1,1,1,2027-03-10,2027-03-12,cancelled,2027-01-09T21:00:00.000Z,traveller,Plans changed\nRS-C,1,1,1,2027-03-10,2027-03-12,confirmed,,,\nRS-D,1,1,2,2027-03-20,2027-03-22,confirmed,,,\n`,
        )
        // Without the option, a reference already there refuses the whole file.
        assert.equal((await runCommand(restored, ['bookings', 'import', aside])).code, 1)
        const dry = await runCommand(restored, [
          'bookings',
          'import',
          '--skip-existing',
          '--dry-run',
          aside,
        ])
        assert.match(
          dry.stdout,
          /^Dry run: 1 booking\(s\) cancelled in .* would be cancelled here as they were, telling nobody again: RS-B/m,
        )
        const run = await runCommand(restored, ['bookings', 'import', '--skip-existing', aside])
        assert.equal(run.code, 0, run.stderr)
        assert.match(
          run.stdout,
          /^Cancelled 1 booking\(s\) here as they were cancelled in .*aside\.csv, telling nobody again \(they were told when it happened\): RS-B\.$/m,
        )
        assert.match(
          run.stdout,
          /^Imported 2 booking\(s\) from .* 2 booking\(s\) the database has already were left as they are\.$/m,
        )
        const listed = JSON.parse(
          (await runCommand(restored, ['bookings', 'list', '--json'])).stdout,
        ) as BookingJson[]
        const restoredOnes = listed.filter((booking) => booking.reference.startsWith('RS-'))
        assert.deepEqual(
          restoredOnes.map((booking) => [booking.reference, booking.status]).sort(),
          [
            ['RS-A', 'confirmed'],
            ['RS-B', 'cancelled'],
            ['RS-C', 'confirmed'],
            ['RS-D', 'confirmed'],
          ],
        )
        const cancelled = restoredOnes.find((booking) => booking.reference === 'RS-B')
        assert.equal(cancelled?.cancellation?.by, 'traveller')
        assert.equal(cancelled?.cancellation?.reason, 'Plans changed')
        assert.equal(await carsBooked(restored, '2027-03-11'), 2)
        // Nothing new for anyone: the outbox holds no message.
        assert.match(
          (await runCommand(restored, ['outbox', 'list'])).stdout,
          /^0 pending, 0 failed message\(s\)$/m,
        )
        // A reference the file gives twice is refused at its lines, not left out.
        const twice = `${restored.dir}/twice.csv`
        writeFileSync(
          twice,
          `${columns}\nRS-A,1,1,1,2027-03-10,2027-03-12,confirmed,,,\nRS-A,1,1,1,2027-03-10,2027-03-12,confirmed,,,\n`,
        )
        const refused = await runCommand(restored, ['bookings', 'import', '--skip-existing', twice])
        assert.equal(refused.code, 1)
        assert.match(
          refused.stderr,
          /RS-A is also the reference of an earlier booking in this import/,
        )
      } finally {
        await restored.close()
      }
    })

    test('every bad row is reported at its line and column, and nothing is imported', async () => {
      const csv = [
        HEADER,
        'OK-1,1,1,1,2027-03-01,2027-03-02',
        'BAD 1,1,1,1,2027-03-01,2027-03-02',
        'OK-2,07,1,1,2027-03-01,2027-03-02',
        'OK-3,1,1,1,2027-02-30,2027-03-02',
        'OK-4,1,1,1,2027-03-05,2027-03-01',
        'OK-5,9,1,4,2027-03-01,2027-03-02',
        'OK-1,1,1,1,2027-04-01,2027-04-02',
        'T-1,1,1,1,2027-04-01,2027-04-02',
        'OK-6,1,1',
        'OK-7,2,2,2,2027-04-01,2027-04-02',
      ].join('\n')
      const file = target.write('bad.csv', csv)
      const before = await target.dump()
      const run = await runCommand(target, ['bookings', 'import', file])
      assert.equal(run.code, 1, run.stdout)
      const expected = [
        [positionOf(csv, 'BAD 1'), 'reference: "BAD 1" is not a booking reference'],
        [positionOf(csv, 'OK-2,07', '07'), 'vehicle_id: "07" is not an id'],
        [positionOf(csv, '2027-02-30'), 'pick_up_date: "2027-02-30" is not a calendar date'],
        [
          positionOf(csv, 'OK-4', '2027-03-01'),
          'drop_off_date: 2027-03-01 is before the pick-up date 2027-03-05',
        ],
        [positionOf(csv, 'OK-6'), 'has 3 field(s); the header has 6'],
      ] as const
      // The readable rows are checked against the fleet and the stored bookings in the same run.
      const alsoExpected = [
        [positionOf(csv, 'OK-5,9', '9'), 'vehicle_id: vehicle 9 is not in the fleet'],
        [positionOf(csv, 'T-1'), 'reference: T-1 is already the reference of a stored booking'],
        [positionOf(csv, 'OK-7,2', '2'), 'vehicle_id: depot 2 stocks no unit of vehicle 2'],
      ] as const
      for (const [{ line, column }, message] of [...expected, ...alsoExpected]) {
        assert.ok(
          run.stderr.includes(`${file}:${line}:${column}: ${message}`),
          `${line}:${column}: ${message} in\n${run.stderr}`,
        )
      }
      assert.deepEqual(await target.dump(), before)

      // Rows that are well formed but do not fit the fleet or the stored bookings.
      const fit = csv
        .split('\n')
        .filter((line) => !/^(BAD 1|OK-2,|OK-3,|OK-4,|OK-6,)/.test(line))
        .join('\n')
      const fitFile = target.write('unfit.csv', fit)
      const unfit = await runCommand(target, ['bookings', 'import', fitFile])
      assert.equal(unfit.code, 1, unfit.stdout)
      const unfitExpected = [
        [positionOf(fit, 'OK-5,9', '9'), 'vehicle_id: vehicle 9 is not in the fleet'],
        [positionOf(fit, 'OK-5,9,1,4', '4'), 'drop_off_depot_id: depot 4 is not in the fleet'],
        [
          positionOf(fit, 'OK-1,1,1,1,2027-04-01'),
          'reference: OK-1 is also the reference of an earlier booking in this import',
        ],
        [positionOf(fit, 'T-1'), 'reference: T-1 is already the reference of a stored booking'],
        [positionOf(fit, 'OK-7,2', '2'), 'vehicle_id: depot 2 stocks no unit of vehicle 2'],
      ] as const
      for (const [{ line, column }, message] of unfitExpected) {
        assert.ok(
          unfit.stderr.includes(`${fitFile}:${line}:${column}: ${message}`),
          `${line}:${column}: ${message} in\n${unfit.stderr}`,
        )
      }
      assert.deepEqual(await target.dump(), before)
    })

    test('an oversold CSV is refused whole, naming the rows that oversell', async () => {
      // Two cars at depot 1, one held by PH-1001 from 02-10 to 02-12; one van, free in March.
      const csv = [
        HEADER,
        'OS-1,2,1,1,2027-03-10,2027-03-12',
        'OS-2,1,1,1,2027-02-12,2027-02-14',
        'OS-3,1,1,1,2027-02-11,2027-02-12',
        'OS-4,2,1,1,2027-03-12,2027-03-13',
      ].join('\n')
      const file = target.write('oversold.csv', csv)
      const before = await target.dump()
      assert.equal(await carsBooked(target, '2027-02-12'), 1)
      const run = await runCommand(target, ['bookings', 'import', file])
      assert.equal(run.code, 1, run.stdout)
      assert.match(
        run.stderr,
        /^Refused: 2 problem\(s\) on 2 line\(s\) of .*; no booking was imported:/,
      )
      const os3 = positionOf(csv, 'OS-3', '1')
      const os4 = positionOf(csv, 'OS-4', '2')
      for (const expected of [
        `${file}:${os3.line}:${os3.column}: vehicle_id: oversells vehicle 1 at depot 1 on 2027-02-12: it would be booking 3 of 2 unit(s)`,
        `${file}:${os4.line}:${os4.column}: vehicle_id: oversells vehicle 2 at depot 1 on 2027-03-12: it would be booking 2 of 1 unit(s)`,
      ]) {
        assert.ok(run.stderr.includes(expected), `${expected} in\n${run.stderr}`)
      }
      assert.deepEqual(await target.dump(), before)
      assert.equal(await carsBooked(target, '2027-02-12'), 1)
    })

    test('a dry run checks every row against the database and writes nothing', async () => {
      const csv = [HEADER, 'DR-1,1,1,1,2027-05-01,2027-05-03'].join('\n')
      const before = await target.dump()
      const run = await runCommand(target, [
        'bookings',
        'import',
        '--dry-run',
        target.write('dry.csv', csv),
      ])
      assert.equal(run.code, 0, run.stderr)
      assert.match(run.stdout, /^Dry run: all 1 booking\(s\) of .* can be imported/)
      assert.deepEqual(await target.dump(), before)
    })

    test('a large file is imported in one go, quietly when standard error is not a terminal', async () => {
      // 2,000 one-day rentals of the two cars at depot 1, two a day, from 2028-01-01.
      const rows = [HEADER]
      for (let i = 0; i < 2000; i++) {
        const date = addDays(day('2028-01-01'), Math.floor(i / 2))
        rows.push(`BULK-${i},1,1,1,${date},${date}`)
      }
      const run = await runCommand(target, [
        'bookings',
        'import',
        target.write('bulk.csv', rows.join('\n')),
      ])
      assert.equal(run.code, 0, run.stderr)
      assert.equal(run.stderr, '')
      assert.match(run.stdout, /^Imported 2000 booking\(s\)/)
      assert.equal(await carsBooked(target, '2028-01-01'), 2)
      const list = await runCommand(target, ['bookings', 'list', '--json', '--from', '2028-01-01'])
      assert.equal((JSON.parse(list.stdout) as unknown[]).length, 2000)
    })
  })
}
