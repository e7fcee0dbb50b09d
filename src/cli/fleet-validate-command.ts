import { Command } from 'commander'
import { loadConfig } from '../config.ts'
import { todayIn } from '../domain/calendar-date.ts'
import { formatWarnings } from './fleet-warnings-text.ts'

/** `rental-agent fleet validate FILE` */
export function fleetValidateCommand(): Command {
  return new Command('validate')
    .summary('Check a fleet file; list every problem by line and column')
    .description(
      'Check a fleet file against its JSON Schema and its cross-references (unknown depots or seasons, overlapping seasons, gaps between rate bands, fractions of a cent, duplicate ids, overbooked units, unsafe characters in texts, image addresses) in one pass. Lists every problem as FILE:LINE:COLUMN; exit code 1 when there is one. Warnings (days no season covers, a vehicle with no rate for a season, an image file missing from IMAGES_DIR) are listed too, with exit code 0. Changes nothing.',
    )
    .argument('<file>', 'fleet file (YAML or JSON)')
    .action(async (file: string) => {
      const config = loadConfig()
      // Throws a FleetFileError listing every problem; the program prints it and exits with 1.
      const { readFleetFile } = await import('../fleet/read-fleet-file.ts')
      const fleet = await readFleetFile(file, todayIn(config.timeZone, new Date()), {
        imagesDir: config.imagesDir,
      })
      const c = fleet.catalogue
      process.stdout.write(
        `${file} is a valid fleet file for ${c.company.name} (booking references ${c.company.bookingReferencePrefix}-...): ${c.depots.length} depots, ${c.vehicles.length} vehicles, ${c.seasons.length} seasons, ${c.rateBands.length} rate bands, ${c.routes.length} routes, ${c.accessories.length} accessories, ${c.insurancePlans.length} insurance plans, ${fleet.bookings.length} bookings\n`,
      )
      process.stdout.write(formatWarnings(file, fleet.warnings))
    })
}
