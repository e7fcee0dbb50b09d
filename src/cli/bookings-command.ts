import { Command } from 'commander'
import { bookingsCancelCommand } from './bookings-cancel-command.ts'
import { bookingsExportCommand } from './bookings-export-command.ts'
import { bookingsImportCommand } from './bookings-import-command.ts'
import { bookingsListCommand } from './bookings-list-command.ts'
import { bookingsStatsCommand } from './bookings-stats-command.ts'

/** `rental-agent bookings ...`: see, cancel and load bookings. */
export function bookingsCommand(): Command {
  return new Command('bookings')
    .description('List, cancel, export and import bookings; count them per agent')
    .addCommand(bookingsListCommand())
    .addCommand(bookingsCancelCommand())
    .addCommand(bookingsExportCommand())
    .addCommand(bookingsImportCommand())
    .addCommand(bookingsStatsCommand())
}
