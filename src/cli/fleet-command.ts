import { Command } from 'commander'
import { fleetExportCommand } from './fleet-export-command.ts'
import { fleetImportCommand } from './fleet-import-command.ts'
import { fleetSchemaCommand } from './fleet-schema-command.ts'
import { fleetValidateCommand } from './fleet-validate-command.ts'

/** `rental-agent fleet ...`: the company's depots, vehicles, prices and bookings as a file. */
export function fleetCommand(): Command {
  return new Command('fleet')
    .description('Check, load and write fleet files (depots, vehicles, prices, options, bookings)')
    .addCommand(fleetValidateCommand())
    .addCommand(fleetImportCommand())
    .addCommand(fleetExportCommand())
    .addCommand(fleetSchemaCommand())
}
