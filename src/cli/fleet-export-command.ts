import { writeFile } from 'node:fs/promises'
import { Command } from 'commander'
import { fleetFileFromCatalogue } from '../fleet/fleet-file-from-catalogue.ts'
import { FLEET_SCHEMA_PATH } from '../fleet/fleet-json-schema.ts'
import { describeStore, withStore } from './cli-support.ts'

/** `rental-agent fleet export FILE` */
export function fleetExportCommand(): Command {
  return new Command('export')
    .summary('Write the stored fleet and bookings as a fleet file')
    .description(
      'Write the fleet the database holds (catalogue and confirmed bookings) as a fleet file in the format `fleet import` reads, with absolute booking dates. Importing it again changes nothing. Every booking with every detail, cancelled ones included, is written by `bookings export`.',
    )
    .argument('<file>', 'where to write the YAML file; - for standard output')
    .option(
      '--without-bookings',
      'the catalogue only: for a new database whose bookings come from `bookings export` and `bookings import` (moving to PostgreSQL), where the bookings of the file would be stored twice',
    )
    .action(async (file: string, options: { withoutBookings?: boolean }) => {
      await withStore(async (store, config) => {
        // The fleet file's bookings are those that hold a unit; every booking, cancelled ones
        // and every detail included, is in `bookings export`.
        const [catalogue, bookings, cancelled] = await Promise.all([
          store.loadCatalogue(),
          options.withoutBookings ? [] : store.listBookings({ status: 'confirmed' }),
          options.withoutBookings ? [] : store.listBookings({ status: 'cancelled' }),
        ])
        const fleet = fleetFileFromCatalogue(catalogue, bookings)
        const { fleetFileYaml } = await import('../fleet/write-fleet-file.ts')
        const text = fleetFileYaml(fleet, {
          schemaUrl: `${config.publicUrl}${FLEET_SCHEMA_PATH}`,
          note: `${catalogue.company.name}: exported from the ${describeStore(config)} on ${new Date().toISOString()}. Amounts are NZD dollars.`,
        })
        if (file === '-') {
          process.stdout.write(text)
          return
        }
        await writeFile(file, text)
        // Said, so that nobody takes the file for a copy of every booking.
        const left =
          cancelled.length === 0
            ? ''
            : ` (the confirmed ones; ${cancelled.length} cancelled booking(s) left out, as a fleet file holds only bookings that hold a unit)`
        process.stdout.write(
          `Exported ${catalogue.depots.length} depots, ${catalogue.vehicles.length} vehicles and ${bookings.length} bookings${left} to ${file}. The bookings' customers, times and prices are not in a fleet file: \`rental-agent bookings export FILE.csv\` writes every booking with every field.\n`,
        )
      }, 'existing')
    })
}
