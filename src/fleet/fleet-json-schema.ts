import { FleetFileSchema } from './fleet-file-schema.ts'

/** Where the running service publishes the fleet file's JSON Schema. */
export const FLEET_SCHEMA_PATH = '/schemas/fleet.json'

/**
 * The fleet file's schema as a JSON Schema (draft-07, which editors' YAML and JSON language
 * servers handle), made from the same TypeBox schema that `fleet validate` and the loader check
 * files against, so the two cannot differ. `fleets/fleet.schema.json` is a copy for editors
 * working offline; a test keeps it equal to this.
 */
export function fleetJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Vehicle rental fleet file',
    description:
      'A rental company\'s depots, vehicles, seasons, rate bands, routes, accessories, insurance plans and bookings, loaded with "rental-agent fleet import". Amounts are NZD dollars with at most two decimals. Cross-references (known depots and seasons, contiguous bands, seasons that do not overlap, unique ids) are checked by "rental-agent fleet validate".',
    // The TypeBox schema is JSON Schema already; the round trip drops TypeBox's own symbols.
    ...JSON.parse(JSON.stringify(FleetFileSchema)),
  }
}

/** The schema as the text of fleets/fleet.schema.json and of the served document. */
export function fleetJsonSchemaText(): string {
  return `${JSON.stringify(fleetJsonSchema(), null, 2)}\n`
}
