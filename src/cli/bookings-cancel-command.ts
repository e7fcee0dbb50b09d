import { Command } from 'commander'
import { MAX_REASON_LENGTH } from '../domain/booking.ts'
import { CatalogueIndex } from '../domain/catalogue-index.ts'
import { describeRental } from '../domain/fleet-import-plan.ts'
import { bookingNoticesFor } from '../notifications/booking-notices.ts'
import { formatInstant } from '../presenters/display-format.ts'
import { cancelBooking } from '../verbs/cancel-booking.ts'
import { CommandError, withStore } from './cli-support.ts'

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
      // Refused before anything is opened: cut short, the traveller read half a sentence.
      const length = options.reason.trim().length
      if (length > MAX_REASON_LENGTH) {
        throw new CommandError(
          `--reason is ${length} characters; at most ${MAX_REASON_LENGTH}: shorten it (it goes to the traveller in the cancellation email)`,
        )
      }
      await withStore(
        async (store, config) => {
          const catalogue = new CatalogueIndex(await store.loadCatalogue())
          const now = () => new Date()
          // As typed, else in capitals: references are read out over the phone and typed back.
          const typed = reference.trim()
          const found =
            (await store.findBooking({ reference: typed })) ??
            (await store.findBooking({ reference: typed.toUpperCase() }))
          const was = found?.status === 'cancelled' ? found.cancellation : null
          if (found && was) {
            throw new CommandError(
              `${found.reference} was already cancelled on ${formatInstant(was.at, config.timeZone)} by the ${was.by}${was.reason ? ` (${was.reason})` : ''}`,
            )
          }
          const cancelled = await cancelBooking(
            {
              store,
              catalogue: () => catalogue,
              now,
              notices: bookingNoticesFor(config, now),
              // The running service's sender looks at the outbox every second.
              messagesWritten: () => {},
            },
            found?.reference ?? typed,
            'operator',
            options.reason,
          )
          process.stdout.write(
            `Cancelled ${cancelled.reference} (${describeRental(cancelled)}); its unit is free again, and the cancellation's messages are in the outbox.\n`,
          )
        },
        'existing',
        { tellsTimes: true },
      )
    })
}
