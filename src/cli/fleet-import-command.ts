import { Command } from 'commander'
import { DEMO_FLEET_FILE } from '../config.ts'
import { todayIn } from '../domain/calendar-date.ts'
import type { Booking } from '../domain/catalogue.ts'
import type { FleetChange } from '../domain/fleet-import-plan.ts'
import { changedFields } from '../fleet/fleet-item-diff.ts'
import { untouchedDemo } from '../fleet/untouched-demo.ts'
import { importFleet } from '../verbs/import-fleet.ts'
import { CommandError, describeStore, withStore } from './cli-support.ts'
import { bookingLines, formatWarnings, lookAtText } from './fleet-warnings-text.ts'

/** `rental-agent fleet import FILE [--dry-run]` */
export function fleetImportCommand(): Command {
  return new Command('import')
    .summary('Load a fleet file into the database, keeping ids (--dry-run to preview)')
    .description(
      "Load a fleet file into the database the service uses, in one transaction: depots, vehicles, rates, routes, options and plans are added, changed or removed to match the file, keeping their ids, so quotes and checkout links already given keep working. Bookings are kept; the file's new bookings are added. Refused, with the bookings it would break listed and nothing changed, when a booking would lose its vehicle, a depot or its unit. Another company's file replaces the demo company whole, its sample bookings with it, while nothing but the demo's own bookings is stored (a start without FLEET_FILE loaded it). Running instances serve the new catalogue within FLEET_CHECK_SECONDS.",
    )
    .argument('<file>', 'fleet file (YAML or JSON), checked as `fleet validate` checks it')
    .option('--dry-run', 'print what would be added, changed and removed, and write nothing')
    .action(async (file: string, options: { dryRun?: boolean }) => {
      await withStore(
        async (store, config) => {
          const { readFleetFile } = await import('../fleet/read-fleet-file.ts')
          const today = todayIn(config.timeZone, new Date())
          const fleet = await readFleetFile(file, today, { imagesDir: config.imagesDir })
          const dryRun = options.dryRun === true
          // Read as shipped: the operator's IMAGES_DIR need not hold the demo's images.
          const demo = await readFleetFile(DEMO_FLEET_FILE, today)
          const { outcome, plan, lookAt, replaces } = await importFleet(store, fleet, {
            dryRun,
            today,
            replaceable: untouchedDemo(demo, fleet),
          })
          const where = describeStore(config)
          if (outcome === 'refused') {
            throw new CommandError(
              `Refused: importing ${file} would break ${plan.broken.length} booking(s) in the ${where}; nothing was changed. Change the file, or cancel these bookings first (rental-agent bookings cancel REFERENCE):\n${bookingLines(plan.broken)}`,
            )
          }
          const company = fleet.catalogue.company.name
          let report: string
          if (replaces) {
            const what = `the demo company ${replaces.company} (loaded by a start without FLEET_FILE) and its ${replaces.bookings} sample booking(s)`
            report =
              outcome === 'dry_run'
                ? `Dry run: importing ${file} into the ${where} would replace ${what} with ${company}; nothing was written.`
                : `Replaced ${what} with ${file} (${company}) in the ${where}. No email or webhook was sent about the sample bookings.`
          } else if (outcome === 'unchanged') {
            report = `Nothing to import: ${file} matches the ${where}.`
          } else {
            const header =
              outcome === 'dry_run'
                ? `Dry run: importing ${file} into the ${where} would make these changes; nothing was written.`
                : `Imported ${file} (${company}) into the ${where}:`
            report = `${header}\n${formatChanges(plan.changes)}`
          }
          process.stdout.write(`${report}\n`)
          process.stdout.write(formatWarnings(file, fleet.warnings))
          process.stdout.write(lookAtText(lookAt))
          // A replaced fleet keeps none of its bookings to stay cancelled.
          if (!replaces) process.stdout.write(stillCancelledText(plan.stillCancelled))
          if (outcome === 'imported' || outcome === 'replaced') {
            process.stdout.write(
              `Running instances serve the new catalogue within ${config.fleetCheckSeconds} s (FLEET_CHECK_SECONDS).\n`,
            )
          }
        },
        options.dryRun ? 'empty' : 'create',
      )
    })
}

/** Each change on a line; under a changed item, each field it changes, old → new. */
function formatChanges(changes: FleetChange[]): string {
  const counts = { added: 0, changed: 0, removed: 0 }
  const lines = changes.flatMap((change) => {
    counts[change.change]++
    return [
      `  ${change.change.padEnd(7)} ${change.item}`,
      ...changedFields(change).map(
        ({ field, from, to }) => `            ${field}: ${from} → ${to}`,
      ),
    ]
  })
  return [
    ...lines,
    `${counts.added} added, ${counts.changed} changed, ${counts.removed} removed.`,
  ].join('\n')
}

/**
 * The file's bookings the database holds as cancelled: "Nothing to import" alone said the file
 * matched, when it still listed them as holding a unit.
 */
function stillCancelledText(bookings: Booking[]): string {
  if (bookings.length === 0) return ''
  return `${bookings.length} booking(s) of the file are cancelled in the database and stay cancelled (an import never confirms a booking again; book it anew if it should stand): ${bookings.map((booking) => booking.reference).join(', ')}\n`
}
