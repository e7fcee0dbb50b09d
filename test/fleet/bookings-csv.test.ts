import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { bookingsCsv, fieldPositions, parseBookingsCsv } from '../../src/fleet/bookings-csv.ts'

const HEADER = 'reference,vehicle_id,pick_up_depot_id,drop_off_depot_id,pick_up_date,drop_off_date'

describe('fieldPositions finds where each field of a record starts', () => {
  const rows = [
    { raw: 'a,bb,c\n', endLine: 3, starts: ['3:1', '3:3', '3:6'] },
    { raw: '"x,y",2\r\n', endLine: 1, starts: ['1:1', '1:7'] },
    { raw: '\n\nq,"two\nlines",r\n', endLine: 5, starts: ['4:1', '4:3', '5:8'] },
    { raw: '"say ""hi"", ok",1', endLine: 2, starts: ['2:1', '2:18'] },
  ]
  for (const { raw, endLine, starts } of rows) {
    test(JSON.stringify(raw), () => {
      assert.deepEqual(
        fieldPositions(raw, endLine).map((p) => `${p.line}:${p.column}`),
        starts,
      )
    })
  }
})

describe('parseBookingsCsv', () => {
  test('reads columns in any order, the optional ones empty or left out, with a BOM and CRLF', async () => {
    const text = `\uFEFFdrop_off_date,pick_up_date,reference,vehicle_id,pick_up_depot_id,drop_off_depot_id,total\r\n2027-02-03,2027-02-01,A-1,2,1,3,99\r\n2027-02-03,2027-02-01,A-2,2,1,1,\r\n`
    const { bookings, problems } = await parseBookingsCsv(text)
    assert.deepEqual(problems, [])
    assert.deepEqual(
      bookings.map((b) => [
        b.line,
        b.booking.reference,
        b.booking.dropOffDepotId,
        b.booking.totalAmount,
      ]),
      [
        [2, 'A-1', 3, 9900],
        [3, 'A-2', 1, null],
      ],
    )
    assert.equal(bookings[0]?.booking.customer, null)
    assert.deepEqual(bookings[0]?.positions.reference, { line: 2, column: 23 })
  })

  const headerRows = [
    {
      header: 'reference,vehicle_id',
      message:
        'the header lacks the column(s) pick_up_depot_id, drop_off_depot_id, pick_up_date, drop_off_date',
      at: '1:1',
    },
    {
      header: `${HEADER},colour`,
      message: '"colour" is not a known column',
      at: `1:${HEADER.length + 2}`,
    },
    {
      header: `${HEADER},reference`,
      message: 'column reference is given twice',
      at: `1:${HEADER.length + 2}`,
    },
    {
      header: HEADER.replaceAll(',', ';'),
      message:
        'the columns are separated by semicolons; save the file as CSV with commas (in a spreadsheet, "CSV (comma-separated)" with a dot as the decimal point)',
      at: '1:1',
    },
  ]
  for (const { header, message, at } of headerRows) {
    test(`a header ${message.split(';')[0]}`, async () => {
      const { problems } = await parseBookingsCsv(`${header}\nA-1,1,1,1,2027-02-01,2027-02-01\n`)
      assert.ok(
        problems.some((p) => `${p.line}:${p.column}` === at && p.message.startsWith(message)),
        JSON.stringify(problems),
      )
    })
  }

  const valueRows = [
    {
      row: 'A-1,1,1,1,2027-02-01,2027-02-01,12.345',
      field: 'total',
      message: '"12.345" is not an amount',
    },
    { row: 'A-1,1,1,1,2027-02-01,2027-02-01,-5', field: 'total', message: '"-5" is not an amount' },
    {
      row: 'A-1,1,1,1,2027-02-01,2027-02-01,"700,00"',
      field: 'total',
      message:
        '"700,00" is not an amount; give NZD dollars with at most two decimals (with a dot, not a comma, before the cents), such as 450.50',
    },
    {
      row: 'A-1,1e1,1,1,2027-02-01,2027-02-01,',
      field: 'vehicle_id',
      message: '"1e1" is not an id',
    },
    {
      row: 'A-1,1,1,0,2027-02-01,2027-02-01,',
      field: 'drop_off_depot_id',
      message: '"0" is not an id',
    },
    {
      row: 'A-1,1,1,1,2027-2-01,2027-02-01,',
      field: 'pick_up_date',
      message: '"2027-2-01" is not a calendar date',
    },
    // A terminal's escape sequence is written escaped, not obeyed; a long value is cut.
    {
      row: 'A-1,1,1,1,2027-02-01,2027-02-01,\u001b[2J\u001b[HImported',
      field: 'total',
      message: '"\\u001b[2J\\u001b[HImported" is not an amount',
    },
    {
      row: `A-1,1,1,1,2027-02-01,2027-02-01,${'9'.repeat(200)}x`,
      field: 'total',
      message: `"${'9'.repeat(59)}... (203 characters) is not an amount`,
    },
  ]
  for (const { row, field, message } of valueRows) {
    test(`${field}: ${message}`, async () => {
      const { problems, bookings } = await parseBookingsCsv(`${HEADER},total\n${row}\n`)
      assert.deepEqual(bookings, [])
      assert.equal(problems.length, 1, JSON.stringify(problems))
      assert.equal(problems[0]?.field, field)
      assert.ok(problems[0]?.message.startsWith(message), problems[0]?.message)
      assert.equal(problems[0]?.line, 2)
    })
  }

  test('a name with a control character is refused as the booking form refuses it; a reason is cleaned', async () => {
    const { problems } = await parseBookingsCsv(
      `${HEADER},customer_name\nA-1,1,1,1,2027-02-01,2027-02-01,"Ana\u0000 Lee"\n`,
    )
    assert.deepEqual(
      problems.map((problem) => [problem.field, problem.message]),
      [
        [
          'customer_name',
          'holds a line break or a control or direction-changing character; remove it',
        ],
      ],
    )
    const cancelled = await parseBookingsCsv(
      `${HEADER},status,cancelled_at,cancel_reason\nA-2,1,1,1,2027-02-01,2027-02-01,cancelled,2027-01-05T10:00:00Z,"Plans\r\nchanged\u0007"\n`,
    )
    assert.deepEqual(cancelled.problems, [])
    assert.equal(cancelled.bookings[0]?.booking.cancellation?.reason, 'Plans\nchanged')
  })

  test('a quote left open is reported at its line', async () => {
    const { problems } = await parseBookingsCsv(
      `${HEADER}\nA-1,1,1,1,2027-02-01,2027-02-01\n"A-2,1,1,1,2027-02-01,2027-02-01\n`,
    )
    assert.equal(problems.length, 1)
    assert.match(problems[0]?.message ?? '', /^not valid CSV: Quote Not Closed/)
  })

  test('an empty file asks for a header row', async () => {
    const { problems } = await parseBookingsCsv('')
    assert.deepEqual(problems, [
      { line: 1, column: 1, message: 'the file is empty; expected a header row' },
    ])
  })
})

describe('what a traveller typed cannot become a spreadsheet formula', () => {
  test('a cell starting as a formula is written with a leading quote, and read back as typed', async () => {
    const { bookings } = await parseBookingsCsv(
      `${HEADER},customer_name,customer_email,customer_phone\nF-1,1,1,1,2027-02-01,2027-02-03,"=HYPERLINK(""http://x"")",-a@example.com,+64 21 555 0101\n`,
    )
    const booking = bookings[0]?.booking
    assert.ok(booking)
    const csv = bookingsCsv([booking])
    const row = csv.split('\n')[1] ?? ''
    assert.match(row, /,"'=HYPERLINK\(""http:\/\/x""\)",'-a@example\.com,'\+64 21 555 0101,/)
    const again = await parseBookingsCsv(csv)
    assert.deepEqual(again.problems, [])
    assert.deepEqual(again.bookings[0]?.booking.customer, {
      fullName: '=HYPERLINK("http://x")',
      email: '-a@example.com',
      phone: '+64 21 555 0101',
    })
  })
})
