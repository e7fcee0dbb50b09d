import { Command } from 'commander'
import { describeRental } from '../domain/fleet-import-plan.ts'
import { cancelBooking } from '../verbs/cancel-booking.ts'
import { withStore } from './cli-support.ts'

/** `rental-agent bookings cancel REFERENCE` */
export function bookingsCancelCommand(): Command {
  return new Command('cancel')
    .summary('Cancel a booking and free its unit at once')
    .description(
      'Cancel a booking: it is deleted and its unit is free to book again at once, on every instance. Exit code 1 when no booking has the reference.',
    )
    .argument('<reference>', 'the booking reference, such as SAC-7GQ4M2XA')
    .action(async (reference: string) => {
      await withStore(async (store) => {
        const cancelled = await cancelBooking(store, reference.trim())
        process.stdout.write(
          `Cancelled ${cancelled.reference} (${describeRental(cancelled)}); its unit is free again.\n`,
        )
      })
    })
}
