import { type CsvError, parse } from 'csv-parse'
import type { BookingRecord } from '../domain/booking.ts'
import { type CalendarDate, parseCalendarDate } from '../domain/calendar-date.ts'
import { dollarsToCents } from './check-fleet.ts'

/*
 * Bookings made through the company's other channels, one per row of a CSV file with a header
 * row. Columns may come in any order; the optional ones may be left out or left empty.
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
  'customer_name',
  'customer_email',
  'customer_phone',
  'total',
  'booked_at',
] as const
export type BookingColumn = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number]

const KNOWN: readonly string[] = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]
/** As the fleet file's booking references: letters, digits and dashes. */
export const REFERENCE = /^[A-Za-z0-9-]{1,40}$/
const ID = /^[1-9][0-9]{0,9}$/
const DOLLARS = /^\d{1,9}(\.\d{1,2})?$/
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/
const MAX_TEXT = 254

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
  header.forEach((name, i) => {
    if (!KNOWN.includes(name)) {
      problems.push({
        ...at(i),
        message: `"${name}" is not a known column; the columns are ${KNOWN.join(', ')}`,
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
      `"${reference}" is not a booking reference: 1 to 40 letters, digits or dashes`,
    )
  }
  const id = (name: BookingColumn) => {
    const text = value(name)
    if (ID.test(text)) return Number(text)
    fail(name, `"${text}" is not an id; give a whole number such as 3`)
    return 0
  }
  const date = (name: BookingColumn) => {
    const text = value(name)
    const parsed = parseCalendarDate(text)
    if (!parsed) fail(name, `"${text}" is not a calendar date; give YYYY-MM-DD such as 2027-02-01`)
    return parsed
  }
  const text = (name: BookingColumn) => {
    const given = value(name)
    if (given.length > MAX_TEXT) fail(name, `is ${given.length} characters; at most ${MAX_TEXT}`)
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
    fail('customer_email', `"${email}" is not an email address`)
  }
  const total = value('total')
  let totalAmount: number | null = null
  if (total !== '') {
    const cents = DOLLARS.test(total) ? dollarsToCents(Number(total)) : undefined
    if (cents === undefined) {
      fail(
        'total',
        `"${total}" is not an amount; give NZD dollars with at most two decimals, such as 450.50`,
      )
    } else totalAmount = cents
  }
  const bookedAt = value('booked_at')
  let createdAt: string | null = null
  if (bookedAt !== '') {
    const instant = INSTANT.test(bookedAt) ? new Date(bookedAt) : undefined
    if (!instant || Number.isNaN(instant.getTime())) {
      fail(
        'booked_at',
        `"${bookedAt}" is not an instant; give ISO 8601 with its zone, such as 2027-01-09T22:00:00Z`,
      )
    } else createdAt = instant.toISOString()
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
      customer: fullName || email || phone ? { fullName, email, phone } : null,
      totalAmount,
      createdAt,
    },
  }
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
