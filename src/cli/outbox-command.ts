import { Command, Option } from 'commander'
import { withStore } from './cli-support.ts'
import { textTable } from './text-table.ts'

/** `rental-agent outbox list [--failed] [--json]` */
export function outboxCommand(): Command {
  return new Command('outbox')
    .description('See the booking messages (emails, webhook events) the service has not delivered')
    .addCommand(
      new Command('list')
        .summary('List the messages waiting to be delivered, and those given up')
        .description(
          'List the outbox: the messages of bookings and cancellations not delivered yet (pending: each is tried again later, for two days) and those given up (failed: a refused address, a webhook receiver that answers 4xx, or two days without success). Recipients are shown by domain only.',
        )
        .addOption(
          new Option('--status <status>', 'only pending or only failed messages').choices([
            'pending',
            'failed',
          ]),
        )
        .option('--json', 'write a JSON array instead of a table')
        .action(async (options: { status?: 'pending' | 'failed'; json?: boolean }) => {
          await withStore(async (store) => {
            const entries = await store.listOutbox(options.status)
            if (options.json) {
              process.stdout.write(`${JSON.stringify(entries, null, 2)}\n`)
              return
            }
            const rows = entries.map((entry) => [
              entry.id,
              entry.status,
              entry.bookingReference ?? '',
              entry.summary,
              String(entry.attempts),
              entry.createdAt,
              entry.nextAttemptAt ?? '',
              entry.lastError ?? '',
            ])
            process.stdout.write(
              `${textTable(['ID', 'STATUS', 'BOOKING', 'MESSAGE', 'TRIES', 'WRITTEN', 'NEXT TRY', 'LAST ERROR'], rows)}\n`,
            )
            const pending = entries.filter((entry) => entry.status === 'pending').length
            process.stdout.write(
              `${pending} pending, ${entries.length - pending} failed message(s)\n`,
            )
          }, 'existing')
        }),
    )
}
