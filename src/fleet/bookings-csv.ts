import { type CsvError, parse } from 'csv-parse'
import { stringify } from 'csv-stringify/sync'
import { type BookedPrice, type BookingRecord, MAX_REASON_LENGTH } from '../domain/booking.ts'
import { type CalendarDate, parseCalendarDate } from '../domain/calendar-date.ts'
import { TIME_OF_DAY } from '../domain/local-time.ts'
import { toDollars } from '../domain/money.ts'
import { withQuoteDefaults } from '../domain/quote.ts'
import { unsafeInLine, withoutUnsafeCharacters } from '../domain/unsafe-text.ts'
import { dollarsToCents } from './check-fleet.ts'
import { shownValue } from './shown-value.ts'

/*
 * Bookings as CSV with a header row: those made through the company's other channels, to import,
 * and every stored booking with every field, as `bookings export` writes them, to import into
 * another store. Columns may come in any order; the optional ones may be left out or left empty.
 */

export const REQUIRED_COLUMNS = [
  'reference',
  'vehicle_id',
  'pick_up_depot_id',
  'drop_off_depot_id',
  'pick_up_date',
  'drop_off_date',
] as const
export const OPTIONAL_COLUMNS = [
  'pick_up_time',
  'drop_off_time',
  'customer_name',
  'customer_email',
  'customer_phone',
  'total',
  'booked_at',
  'status',
  'cancelled_at',
  'cancelled_by',
  'cancel_reason',
  'quote_id',
  'price',
  'manage_token_hash',
  'agent_ref',
] as const
export type BookingColumn = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number]

const KNOWN: readonly string[] = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]
/** As the fleet file's booking references: letters, digits and dashes. */
export const REFERENCE = /^[A-Za-z0-9-]{1,40}$/
const ID = /^[1-9][0-9]{0,9}$/
const DOLLARS = /^\d{1,9}(\.\d{1,2})?$/
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/
const MAX_TEXT = 254
const QUOTE_ID = /^q_[A-Za-z0-9_-]{1,64}$/
const TOKEN_HASH = /^[A-Za-z0-9_-]{43}$/
/** As an agent's `agent_ref` on a quote. */
const AGENT_REF = /^[A-Za-z0-9._-]{1,64}$/

/** Where a field is in the file: 1-based line and column, as an editor shows them. */
export type Position = { line: number; column: number }

/** One booking read from a row, with where each of its fields is. */
export type CsvBooking = {
  line: number
  booking: BookingRecord
  positions: Partial<Record<BookingColumn, Position>>
}

export type CsvProblem = Position & { field?: string; message: string }

export type ParsedBookings = { bookings: CsvBooking[]; problems: CsvProblem[] }

/**
 * Reads every row, reporting each problem with its line and column rather than stopping at the
 * first. `onRow` hears how many rows have been read, and last when all have, for a progress display.
 */
export async function parseBookingsCsv(
  text: string,
  onRow?: (rows: number, finished: boolean) => void,
): Promise<ParsedBookings> {
  const bookings: CsvBooking[] = []
  const problems: CsvProblem[] = []
  const parser = parse(text, {
    info: true,
    raw: true,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
  })
  let header: string[] | undefined
  let rows = 0
  try {
    for await (const { record, raw, info } of parser as AsyncIterable<{
      record: string[]
      raw: string
      info: { lines: number }
    }>) {
      const fields = fieldPositions(raw, info.lines)
      if (!header) {
        header = record.map((name) => name.trim().toLowerCase())
        problems.push(...headerProblems(header, fields))
        if (problems.length > 0) return { bookings, problems }
        continue
      }
      const row = readRow(header, record, fields)
      if ('problems' in row) problems.push(...row.problems)
      else bookings.push(row)
      rows++
      if (rows % 5000 === 0) onRow?.(rows, false)
    }
  } catch (error) {
    const csv = error as CsvError & { lines?: number }
    problems.push({ line: csv.lines ?? 1, column: 1, message: csvMessage(csv) })
    return { bookings, problems }
  }
  onRow?.(rows, true)
  if (!header)
    problems.push({ line: 1, column: 1, message: 'the file is empty; expected a header row' })
  return { bookings, problems }
}

/** The library's message without its own "at line N" part, which the position already gives. */
function csvMessage(error: CsvError): string {
  return `not valid CSV: ${error.message.replace(/ at line \d+.*$/, '').replace(/:$/, '')}`
}

function headerProblems(header: string[], fields: Position[]): CsvProblem[] {
  const problems: CsvProblem[] = []
  const at = (i: number) => fields[i] ?? fields[0] ?? { line: 1, column: 1 }
  // A spreadsheet set to a comma decimal (German, French, ...) saves "CSV" with semicolons: the
  // whole header is then one column, and every name in it unknown.
  if (header.length === 1 && (header[0] ?? '').includes(';')) {
    return [
      {
        ...at(0),
        message:
          'the columns are separated by semicolons; save the file as CSV with commas (in a spreadsheet, "CSV (comma-separated)" with a dot as the decimal point)',
      },
    ]
  }
  header.forEach((name, i) => {
    if (!KNOWN.includes(name)) {
      problems.push({
        ...at(i),
        message: `${shownValue(name)} is not a known column; the columns are ${KNOWN.join(', ')}`,
      })
    } else if (header.indexOf(name) !== i) {
      problems.push({ ...at(i), message: `column ${name} is given twice` })
    }
  })
  const missing = REQUIRED_COLUMNS.filter((name) => !header.includes(name))
  if (missing.length > 0) {
    problems.push({ ...at(0), message: `the header lacks the column(s) ${missing.join(', ')}` })
  }
  return problems
}

function readRow(
  header: string[],
  record: string[],
  fields: Position[],
): CsvBooking | { problems: CsvProblem[] } {
  const line = fields[0]?.line ?? 1
  if (record.length !== header.length) {
    return {
      problems: [
        {
          line,
          column: 1,
          message: `has ${record.length} field(s); the header has ${header.length}`,
        },
      ],
    }
  }
  const problems: CsvProblem[] = []
  const positions: CsvBooking['positions'] = {}
  const value = (name: BookingColumn) => {
    const i = header.indexOf(name)
    if (i < 0) return ''
    positions[name] = fields[i] ?? { line, column: 1 }
    return (record[i] ?? '').trim()
  }
  const fail = (name: BookingColumn, message: string) =>
    problems.push({ ...(positions[name] ?? { line, column: 1 }), field: name, message })

  const reference = value('reference')
  if (!REFERENCE.test(reference)) {
    fail(
      'reference',
      `${shownValue(reference)} is not a booking reference: 1 to 40 letters, digits or dashes`,
    )
  }
  const id = (name: BookingColumn) => {
    const text = value(name)
    if (ID.test(text)) return Number(text)
    fail(name, `${shownValue(text)} is not an id; give a whole number such as 3`)
    return 0
  }
  const date = (name: BookingColumn) => {
    const text = value(name)
    const parsed = parseCalendarDate(text)
    if (!parsed)
      fail(name, `${shownValue(text)} is not a calendar date; give YYYY-MM-DD such as 2027-02-01`)
    return parsed
  }
  const text = (name: BookingColumn) => {
    const given = typed(value(name))
    if (given.length > MAX_TEXT) fail(name, `is ${given.length} characters; at most ${MAX_TEXT}`)
    // As the booking form refuses them: they would reach pages and emails, and PostgreSQL
    // refuses NUL outright.
    else if (unsafeInLine(given)) {
      fail(name, 'holds a line break or a control or direction-changing character; remove it')
    }
    return given
  }
  const vehicleId = id('vehicle_id')
  const pickUpDepotId = id('pick_up_depot_id')
  const dropOffDepotId = id('drop_off_depot_id')
  const pickUpDate = date('pick_up_date')
  const dropOffDate = date('drop_off_date')
  if (pickUpDate && dropOffDate && dropOffDate < pickUpDate) {
    fail('drop_off_date', `${dropOffDate} is before the pick-up date ${pickUpDate}`)
  }
  const fullName = text('customer_name')
  const email = text('customer_email')
  const phone = text('customer_phone')
  if (email !== '' && !/^[^\s@]+@[^\s@]+$/.test(email)) {
    fail('customer_email', 'is not an email address such as name@example.com')
  }
  const total = value('total')
  let totalAmount: number | null = null
  if (total !== '') {
    const cents = DOLLARS.test(total) ? dollarsToCents(Number(total)) : undefined
    if (cents === undefined) {
      const comma = /^\d+,\d{1,2}$/.test(total)
        ? ' (with a dot, not a comma, before the cents)'
        : ''
      fail(
        'total',
        `${shownValue(total)} is not an amount; give NZD dollars with at most two decimals${comma}, such as 450.50`,
      )
    } else totalAmount = cents
  }
  const instant = (name: BookingColumn) => {
    const given = value(name)
    if (given === '') return null
    const parsed = INSTANT.test(given) ? new Date(given) : undefined
    if (!parsed || Number.isNaN(parsed.getTime())) {
      fail(
        name,
        `${shownValue(given)} is not an instant; give ISO 8601 with its zone, such as 2027-01-09T22:00:00Z`,
      )
      return null
    }
    return parsed.toISOString()
  }
  const time = (name: BookingColumn) => {
    const given = value(name)
    if (given === '') return null
    if (!TIME_OF_DAY.test(given))
      fail(name, `${shownValue(given)} is not a time; give HH:MM such as 09:30`)
    return given
  }
  const pickUpTime = time('pick_up_time')
  const dropOffTime = time('drop_off_time')
  const createdAt = instant('booked_at')
  const status = value('status') || 'confirmed'
  if (status !== 'confirmed' && status !== 'cancelled') {
    fail(
      'status',
      `${shownValue(status)} is not a status; give confirmed or cancelled (or leave it empty)`,
    )
  }
  const cancelledAt = instant('cancelled_at')
  const cancelledBy = value('cancelled_by') || 'operator'
  if (cancelledBy !== 'traveller' && cancelledBy !== 'operator') {
    fail(
      'cancelled_by',
      `${shownValue(cancelledBy)} is not who cancelled; give traveller or operator`,
    )
  }
  if (status === 'cancelled' && value('cancelled_at') === '') {
    fail('status', 'a cancelled booking needs cancelled_at, when it was cancelled')
  }
  // Cleaned as a reason given on the website is: its lines kept, control characters gone (a
  // reason exported before they were removed still imports).
  const reason = withoutUnsafeCharacters(typed(value('cancel_reason')))
  if (reason.length > MAX_REASON_LENGTH) {
    fail('cancel_reason', `is ${reason.length} characters; at most ${MAX_REASON_LENGTH}`)
  }
  const quoteId = value('quote_id')
  if (quoteId !== '' && !QUOTE_ID.test(quoteId))
    fail('quote_id', `${shownValue(quoteId)} is not a quote id`)
  const price = bookedPrice(value('price'), (message) => fail('price', message))
  const manageTokenHash = value('manage_token_hash')
  if (manageTokenHash !== '' && !TOKEN_HASH.test(manageTokenHash)) {
    fail('manage_token_hash', 'is not a token hash as bookings export writes it')
  }
  const agentRef = value('agent_ref')
  if (agentRef !== '' && !AGENT_REF.test(agentRef)) {
    fail(
      'agent_ref',
      `${shownValue(agentRef)} is not an agent reference: 1 to 64 letters, digits, dots, dashes or underscores`,
    )
  }
  if (problems.length > 0) return { problems }
  return {
    line,
    positions,
    booking: {
      reference,
      vehicleId,
      pickUpDepotId,
      dropOffDepotId,
      pickUpDate: pickUpDate as CalendarDate,
      dropOffDate: dropOffDate as CalendarDate,
      pickUpTime,
      dropOffTime,
      customer: fullName || email || phone ? { fullName, email, phone } : null,
      totalAmount,
      createdAt,
      status: status as BookingRecord['status'],
      cancellation:
        status === 'cancelled'
          ? {
              at: cancelledAt ?? '',
              by: cancelledBy as 'traveller' | 'operator',
              reason,
            }
          : null,
      quoteId: quoteId || null,
      price,
      manageTokenHash: manageTokenHash || null,
      agentRef: agentRef || null,
    },
  }
}

/**
 * A website booking's price lines, as `bookings export` writes them (JSON, in cents): kept so that
 * a booking moved to another store still shows and sends every line. Empty for other bookings.
 */
function bookedPrice(text: string, fail: (message: string) => void): BookedPrice | null {
  if (text === '') return null
  try {
    const price = withQuoteDefaults(JSON.parse(text)) as BookedPrice
    const cents = [
      price.rentalFee,
      price.routeFee,
      price.accessoriesFee,
      price.insuranceFee,
      price.totalAmount,
    ]
    if (
      price === null ||
      typeof price !== 'object' ||
      !Array.isArray(price.accessories) ||
      !cents.every((amount) => Number.isInteger(amount) && amount >= 0)
    ) {
      throw new Error('not a price')
    }
    return price
  } catch {
    fail('is not the price lines of a booking as bookings export writes them (JSON in cents)')
    return null
  }
}

/** Every booking as CSV with every column, as `bookings import` reads it back. */
export function bookingsCsv(bookings: readonly BookingRecord[]): string {
  const columns = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]
  const rows = bookings.map((booking) => {
    const row: Record<BookingColumn, string | number> = {
      reference: booking.reference,
      vehicle_id: booking.vehicleId,
      pick_up_depot_id: booking.pickUpDepotId,
      drop_off_depot_id: booking.dropOffDepotId,
      pick_up_date: booking.pickUpDate,
      drop_off_date: booking.dropOffDate,
      pick_up_time: booking.pickUpTime ?? '',
      drop_off_time: booking.dropOffTime ?? '',
      customer_name: inert(booking.customer?.fullName ?? ''),
      customer_email: inert(booking.customer?.email ?? ''),
      customer_phone: inert(booking.customer?.phone ?? ''),
      total: booking.totalAmount === null ? '' : toDollars(booking.totalAmount).toFixed(2),
      booked_at: booking.createdAt ?? '',
      status: booking.status,
      cancelled_at: booking.cancellation?.at ?? '',
      cancelled_by: booking.cancellation?.by ?? '',
      cancel_reason: inert(booking.cancellation?.reason ?? ''),
      quote_id: booking.quoteId ?? '',
      price: booking.price ? JSON.stringify(booking.price) : '',
      manage_token_hash: booking.manageTokenHash ?? '',
      agent_ref: booking.agentRef ?? '',
    }
    return columns.map((column) => row[column])
  })
  return stringify([columns, ...rows])
}

/**
 * What a traveller typed, made inert for a spreadsheet: a cell starting with `=`, `+`, `-`, `@`, a
 * tab or a carriage return is a formula to Excel and LibreOffice (`=HYPERLINK(...)` in a name), so
 * it gets a leading `'`, which they show as text and `bookings import` takes off again.
 */
function inert(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

const FORMULA_START = /^[=+\-@\t\r]/

/** A cell as `inert` wrote it, as it was typed. */
function typed(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text
}

/**
 * Where each field of a record starts. `raw` is the record's text as read (with any empty lines
 * skipped before it and its line break after it); `endLine` is the line it ends on.
 */
export function fieldPositions(raw: string, endLine: number): Position[] {
  const text = raw.replace(/^(?:\r?\n)+/, '').replace(/\r?\n$/, '')
  let line = endLine - (text.match(/\n/g)?.length ?? 0)
  let lineStart = 0
  let quoted = false
  const positions: Position[] = [{ line, column: 1 }]
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '"') quoted = !quoted
    else if (char === '\n') {
      line++
      lineStart = i + 1
    } else if (char === ',' && !quoted) positions.push({ line, column: i + 2 - lineStart })
  }
  return positions
}
