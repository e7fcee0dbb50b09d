import { writeFile } from 'node:fs/promises'
import { Command } from 'commander'
import { fleetJsonSchemaText } from '../fleet/fleet-json-schema.ts'

/** `rental-agent fleet schema [FILE]` */
export function fleetSchemaCommand(): Command {
  return new Command('schema')
    .summary("Print the fleet file's JSON Schema")
    .description(
      "Print the fleet file's JSON Schema (also served at /schemas/fleet.json), for editors and other tools.",
    )
    .argument('[file]', 'write it to this file instead of standard output')
    .action(async (file: string | undefined) => {
      if (file) await writeFile(file, fleetJsonSchemaText())
      else process.stdout.write(fleetJsonSchemaText())
    })
}
