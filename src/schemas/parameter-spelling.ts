import { DomainError } from '../domain/errors.ts'

/*
 * A parameter an agent knows but spells another way (`pickUpDepotId`, `pickup_depot_id`,
 * `Pick-Up-Depot-Id`) would otherwise be ignored as an unknown one: a required one then looks
 * missing, an optional one (a filter) silently does nothing. Both doors refuse it instead, with
 * the name to send.
 */

/** What is left of a name once case, underscores, hyphens, dots and spaces are set aside. */
function spellingKey(name: string): string {
  return name.toLowerCase().replace(/[-_.\s]/g, '')
}

/**
 * For the parameters an operation takes, a check of the names sent: a 400 naming the right
 * parameter for the first name that spells one of them differently (when the right name is not
 * sent as well), else undefined. Other unknown names are ignored, as the API ignores them.
 */
export function misspeltParameterCheck(
  parameters: readonly string[],
): (sent: Record<string, unknown>) => DomainError | undefined {
  const known = new Set(parameters)
  const byKey = new Map(parameters.map((name) => [spellingKey(name), name]))
  return (sent) => {
    for (const name in sent) {
      if (known.has(name)) continue
      const right = byKey.get(spellingKey(name))
      if (right === undefined || Object.hasOwn(sent, right)) continue
      return new DomainError(
        'invalid_parameter',
        `${JSON.stringify(name)} is not a parameter name here; send it as ${right}`,
        right,
      )
    }
    return undefined
  }
}
