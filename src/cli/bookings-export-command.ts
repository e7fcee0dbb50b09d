import { writeFile } from 'node:fs/promises'
import { Command } from 'commander'
import { bookingsCsv } from '../fleet/bookings-csv.ts'
import { listBookings } from '../verbs/list-bookings.ts'
import { CommandError, describeStore, withStore } from './cli-support.ts'

/** `rental-agent bookings export FILE.csv` */
export function bookingsExportCommand(): Command {
  return new Command('export')
    .summary('Write every booking, with every field, as CSV')
    .description(
      'Write every booking (confirmed and cancelled, from every channel) with every field: the rental, its hand-over times, the customer, the total, when it was booked, its status and cancellation, and for website bookings the quote, the price line by line and the manage link\'s token hash. `bookings import` reads the file back, so a company can move from the embedded store to PostgreSQL (export from one, import into the other) without losing anything, manage links included. "-" writes to standard output.',
    )
    .argument('<file>', 'CSV file to write (UTF-8), or - for standard output')
    .action(async (file: string) => {
      await withStore(async (store, config) => {
        const bookings = await listBookings(store, {})
        const csv = bookingsCsv(bookings)
        if (file === '-') {
          process.stdout.write(csv)
          return
        }
        try {
          await writeFile(file, csv)
        } catch (error) {
          throw new CommandError(
            `cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
          )
        }
        const cancelled = bookings.filter((booking) => booking.status === 'cancelled').length
        process.stdout.write(
          `Exported ${bookings.length} booking(s) (${cancelled} cancelled) from the ${describeStore(config)} to ${file}.\n`,
        )
      }, 'existing')
    })
}
