import { readFile } from 'node:fs/promises'
import { Command } from 'commander'
import type { BookingRecord } from '../domain/booking.ts'
import { bookingsToLookAt } from '../domain/bookings-to-look-at.ts'
import { todayIn } from '../domain/calendar-date.ts'
import {
  type CsvBooking,
  type CsvProblem,
  OPTIONAL_COLUMNS,
  parseBookingsCsv,
  REQUIRED_COLUMNS,
} from '../fleet/bookings-csv.ts'
import type { Store } from '../store/store.ts'
import { cancelAsExported, catchUpPlan, importBookings } from '../verbs/import-bookings.ts'
import { CommandError, describeStore, withStore } from './cli-support.ts'
import { lookAtText } from './fleet-warnings-text.ts'
import { Progress } from './progress.ts'

/** `rental-agent bookings import FILE.csv [--dry-run]` */
export function bookingsImportCommand(): Command {
  return new Command('import')
    .summary('Load bookings from a CSV file, all or none')
    .description(
      `Load bookings made through other channels from a CSV file with a header row: ${REQUIRED_COLUMNS.join(', ')}, and optionally ${OPTIONAL_COLUMNS.join(', ')}. All or nothing, in one transaction: any bad row (listed as FILE:LINE:COLUMN), and any row that would book more units than a depot stocks on a day, refuses the whole file.`,
    )
    .argument('<file>', 'CSV file, UTF-8, comma-separated')
    .option('--dry-run', 'check every row against the database, and write nothing')
    .option(
      '--skip-existing',
      'leave out the rows whose reference the database has already, cancelling here those cancelled in the file (to bring a restored backup up to date)',
    )
    .action(async (file: string, options: { dryRun?: boolean; skipExisting?: boolean }) => {
      const progress = new Progress()
      const text = await readCsv(file)
      const parsed = await parseBookingsCsv(text, (rows, finished) =>
        progress.update('Reading rows', rows, finished ? rows : undefined),
      )
      progress.finish()
      if (parsed.problems.length > 0) {
        const more = await readableRowProblems(parsed.bookings)
        refuse(
          file,
          [...parsed.problems, ...more].sort((a, b) => a.line - b.line || a.column - b.column),
        )
      }
      await withStore(async (store, config) => {
        const plan = options.skipExisting
          ? await catchUpPlan(
              store,
              parsed.bookings.map((row) => row.booking),
            )
          : undefined
        const rows = plan
          ? plan.fresh.map((index) => parsed.bookings[index] as CsvBooking)
          : parsed.bookings
        const existing = plan?.existing ?? 0
        const cancelledSince = plan?.cancelledSince ?? []
        if (!options.dryRun) await cancelAsExported(store, cancelledSince)
        process.stdout.write(cancelledSinceText(file, cancelledSince, options.dryRun === true))
        const total = rows.length
        if (!options.dryRun) progress.update('Checking and writing bookings', 0, total)
        const problems = await storeProblems(store, rows, {
          maxRentalDays: config.maxRentalDays,
          dryRun: options.dryRun === true,
          onProgress: (written) => progress.update('Writing bookings', written, total),
        })
        progress.finish()
        if (problems.length > 0) refuse(file, problems)
        const where = describeStore(config)
        const left =
          existing === 0
            ? ''
            : ` ${existing} booking(s) the database has already were left as they are.`
        process.stdout.write(
          options.dryRun
            ? `Dry run: all ${total} booking(s) of ${file} can be imported into the ${where}; nothing was written.${left}\n`
            : `Imported ${total} booking(s) from ${file} into the ${where}.${left}\n`,
        )
        // A booking taken by phone for a day its depot is shut goes in as it stands: said, to arrange.
        const bookings = rows
          .map((row) => row.booking)
          .filter((booking) => booking.status !== 'cancelled')
        const today = todayIn(config.timeZone, new Date())
        process.stdout.write(
          lookAtText(bookingsToLookAt(await store.loadCatalogue(), bookings, today)),
        )
      }, 'existing')
    })
}

/** The bookings cancelled in the file but confirmed in the database (see cancelAsExported). */
function cancelledSinceText(file: string, cancelled: BookingRecord[], dryRun: boolean): string {
  if (cancelled.length === 0) return ''
  const references = cancelled.map((booking) => booking.reference).join(', ')
  return dryRun
    ? `Dry run: ${cancelled.length} booking(s) cancelled in ${file} but confirmed in the database would be cancelled here as they were, telling nobody again: ${references} (the check below counts their units as still booked).\n`
    : `Cancelled ${cancelled.length} booking(s) here as they were cancelled in ${file}, telling nobody again (they were told when it happened): ${references}.\n`
}

/**
 * Imports the rows (or, on a dry run, checks them all), and what the store's checks refuse, at
 * each problem's line and column: none when they were imported, or could be.
 */
async function storeProblems(
  store: Store,
  rows: CsvBooking[],
  options: Parameters<typeof importBookings>[2],
): Promise<CsvProblem[]> {
  const result = await importBookings(
    store,
    rows.map((row) => row.booking),
    options,
  )
  return result.outcome === 'refused' ? result.problems.map((problem) => locate(rows, problem)) : []
}

/**
 * In a file that also has unreadable rows, what the store's checks find in the readable ones (a
 * dry run), so that one run lists what a second would find once the unreadable rows are fixed. A
 * check across rows (the stock on a day) may find more then. A store that cannot be reached adds
 * nothing: the file's own problems are reported as they are.
 */
async function readableRowProblems(rows: CsvBooking[]): Promise<CsvProblem[]> {
  if (rows.length === 0) return []
  return withStore(
    (store, config) =>
      storeProblems(store, rows, { maxRentalDays: config.maxRentalDays, dryRun: true }),
    'existing',
  ).catch(() => [])
}

async function readCsv(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new CommandError(`${file}: cannot be read (${code === 'ENOENT' ? 'no such file' : code})`)
  }
}

/** A problem the verb found with a booking, at the line and column of the field at fault. */
function locate(
  rows: CsvBooking[],
  problem: { index: number; field: string; message: string },
): CsvProblem {
  const row = rows[problem.index]
  const position = row?.positions[problem.field as keyof CsvBooking['positions']] ?? {
    line: row?.line ?? 1,
    column: 1,
  }
  return { ...position, field: problem.field, message: problem.message }
}

function refuse(file: string, problems: CsvProblem[]): never {
  const lines = problems.map(
    (p) => `  ${file}:${p.line}:${p.column}: ${p.field ? `${p.field}: ` : ''}${p.message}`,
  )
  const rows = new Set(problems.map((p) => p.line)).size
  throw new CommandError(
    `Refused: ${problems.length} problem(s) on ${rows} line(s) of ${file}; no booking was imported:\n${lines.join('\n')}`,
  )
}
