import { Command } from 'commander'
import { CatalogueIndex } from '../domain/catalogue-index.ts'
import { describeRental } from '../domain/fleet-import-plan.ts'
import { bookingNoticesFor } from '../notifications/booking-notices.ts'
import { cancelBooking } from '../verbs/cancel-booking.ts'
import { withStore } from './cli-support.ts'

/** `rental-agent bookings cancel REFERENCE [--reason TEXT]` */
export function bookingsCancelCommand(): Command {
  return new Command('cancel')
    .summary('Cancel a booking and free its unit at once')
    .description(
      "Cancel a booking for the company: it is kept, marked cancelled by the operator with the reason, and its unit is free to book again at once, on every instance. The traveller's and the company's cancellation emails (and the webhook event, with WEBHOOK_URL) go into the outbox with it; the running service sends them. Exit code 1 when no booking has the reference or it is already cancelled.",
    )
    .argument('<reference>', 'the booking reference, such as SAC-7GQ4M2XA')
    .option('--reason <text>', 'why, for the traveller and the records', 'cancelled by the company')
    .action(async (reference: string, options: { reason: string }) => {
      await withStore(async (store, config) => {
        const catalogue = new CatalogueIndex(await store.loadCatalogue())
        const now = () => new Date()
        const cancelled = await cancelBooking(
          {
            store,
            catalogue: () => catalogue,
            now,
            notices: bookingNoticesFor(config, now),
            // The running service's sender looks at the outbox every second.
            messagesWritten: () => {},
          },
          reference.trim(),
          'operator',
          options.reason,
        )
        process.stdout.write(
          `Cancelled ${cancelled.reference} (${describeRental(cancelled)}); its unit is free again, and the cancellation's messages are in the outbox.\n`,
        )
      }, 'existing')
    })
}
