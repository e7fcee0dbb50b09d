import { Command } from 'commander'
import { agentStats } from '../verbs/agent-stats.ts'
import { withStore } from './cli-support.ts'
import { textTable } from './text-table.ts'

/** `rental-agent bookings stats [--json]` */
export function bookingsStatsCommand(): Command {
  return new Command('stats')
    .summary('Count quotes and bookings per agent reference and month')
    .description(
      "Count, per agent_ref (the reference an agent sends with its quotes) and month, the quotes it asked for and the bookings travellers made from them, cancelled ones apart. Months are the company's own (its time zone). Quotes without an agent_ref are not counted; bookings without one are shown under (none).",
    )
    .option('--json', 'write a JSON array instead of a table')
    .action(async (options: { json?: boolean }) => {
      await withStore(async (store, config) => {
        const months = await agentStats(store, config.timeZone)
        if (options.json) {
          process.stdout.write(`${JSON.stringify(months, null, 2)}\n`)
          return
        }
        const rows = months.map((row) => [
          row.month,
          row.agentRef ?? '(none)',
          row.agentRef === null ? '' : String(row.quotes),
          String(row.bookings),
          String(row.cancelled),
          row.agentRef === null || row.quotes === 0
            ? ''
            : `${((row.bookings / row.quotes) * 100).toFixed(1)}%`,
        ])
        process.stdout.write(
          `${textTable(['MONTH', 'AGENT_REF', 'QUOTES', 'BOOKINGS', 'CANCELLED', 'BOOKED/QUOTED'], rows)}\n`,
        )
      }, 'existing')
    })
}
