import { Command, Option } from 'commander'
import type { BookingStatus } from '../domain/booking.ts'
import type { CalendarDate } from '../domain/calendar-date.ts'
import { CatalogueIndex } from '../domain/catalogue-index.ts'
import {
  BOOKING_TABLE_HEADER,
  bookingTableRow,
  presentBookingRecord,
} from '../presenters/booking-record.ts'
import { listBookings } from '../verbs/list-bookings.ts'
import { CommandError, dateOption, idOption, withStore } from './cli-support.ts'
import { textTable } from './text-table.ts'

type ListOptions = {
  status?: BookingStatus
  depot?: number
  vehicle?: number
  from?: CalendarDate
  to?: CalendarDate
  agentRef?: string
  json?: boolean
}

/** `rental-agent bookings list [--status S] [--depot N] [--vehicle N] [--from DATE] [--to DATE] [--json]` */
export function bookingsListCommand(): Command {
  return new Command('list')
    .summary('List bookings, filtered by depot, vehicle and dates')
    .description(
      'List bookings (website, imported and fleet-file ones, confirmed and cancelled) by pick-up date, with their hand-over times and status, as a table or as JSON.',
    )
    .addOption(
      new Option('--status <status>', 'only bookings with this status').choices([
        'confirmed',
        'cancelled',
      ]),
    )
    .option('--depot <id>', 'only bookings picked up or dropped off at this depot', idOption)
    .option('--vehicle <id>', 'only bookings of this vehicle', idOption)
    .option(
      '--from <date>',
      'only rentals still running on or after this date (YYYY-MM-DD)',
      dateOption,
    )
    .option('--to <date>', 'only rentals starting on or before this date (YYYY-MM-DD)', dateOption)
    .option('--agent-ref <ref>', 'only bookings that came with this agent_ref')
    .option('--json', 'write a JSON array (amounts in NZD dollars) instead of a table')
    .action(async (options: ListOptions) => {
      await withStore(async (store) => {
        const catalogue = new CatalogueIndex(await store.loadCatalogue())
        // A mistyped id listed "0 booking(s)", as if the depot or vehicle had none. One the fleet
        // no longer has but bookings name (cancelled ones keep a removed depot's id) is listed.
        const { depots, vehicles } = catalogue.catalogue
        for (const [kind, id, items, filter] of [
          ['depot', options.depot, depots, { depotId: options.depot }],
          ['vehicle', options.vehicle, vehicles, { vehicleId: options.vehicle }],
        ] as const) {
          if (id === undefined || items.some((item) => item.id === id)) continue
          if ((await listBookings(store, filter)).length > 0) {
            process.stderr.write(
              `Note: ${kind} ${id} is no longer in the fleet; its bookings are listed\n`,
            )
            continue
          }
          throw new CommandError(
            `no ${kind} ${id} in the fleet, nor in any booking; the ${kind}s are ${items.map((item) => `${item.id} (${item.name})`).join(', ')}`,
          )
        }
        const bookings = await listBookings(store, {
          ...(options.status === undefined ? {} : { status: options.status }),
          ...(options.depot === undefined ? {} : { depotId: options.depot }),
          ...(options.vehicle === undefined ? {} : { vehicleId: options.vehicle }),
          ...(options.from === undefined ? {} : { from: options.from }),
          ...(options.to === undefined ? {} : { to: options.to }),
          ...(options.agentRef === undefined ? {} : { agentRef: options.agentRef }),
        })
        if (options.json) {
          const json = bookings.map((booking) => presentBookingRecord(booking, catalogue))
          process.stdout.write(`${JSON.stringify(json, null, 2)}\n`)
          return
        }
        const rows = bookings.map((booking) => bookingTableRow(booking, catalogue))
        process.stdout.write(`${textTable(BOOKING_TABLE_HEADER, rows)}\n`)
        process.stdout.write(`${bookings.length} booking(s)\n`)
      }, 'existing')
    })
}
