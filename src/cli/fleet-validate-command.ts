import { Command } from 'commander'
import { loadConfig } from '../config.ts'
import { bookingsToLookAt } from '../domain/bookings-to-look-at.ts'
import { todayIn } from '../domain/calendar-date.ts'
import { counted } from '../presenters/display-format.ts'
import { formatWarnings, lookAtText } from './fleet-warnings-text.ts'

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
      const today = todayIn(config.timeZone, new Date())
      const fleet = await readFleetFile(file, today, { imagesDir: config.imagesDir })
      const c = fleet.catalogue
      const counts = [
        counted(c.depots.length, 'depot'),
        counted(c.vehicles.length, 'vehicle'),
        counted(c.seasons.length, 'season'),
        counted(c.rateBands.length, 'rate band'),
        counted(c.routes.length, 'route'),
        counted(c.accessories.length, 'accessory', 'accessories'),
        counted(c.insurancePlans.length, 'insurance plan'),
        counted(fleet.bookings.length, 'booking'),
      ]
      process.stdout.write(
        `${file} is a valid fleet file for ${c.company.name} (booking references ${c.company.bookingReferencePrefix}-...): ${counts.join(', ')}\n`,
      )
      process.stdout.write(formatWarnings(file, fleet.warnings))
      process.stdout.write(lookAtText(bookingsToLookAt(c, fleet.bookings, today)))
    })
}
