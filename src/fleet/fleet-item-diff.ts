import type {
  Accessory,
  Depot,
  InsurancePlan,
  RateBand,
  RouteFee,
  Season,
  Vehicle,
} from '../domain/catalogue.ts'
import type { Company } from '../domain/company.ts'
import type { CompanyTerms } from '../domain/company-terms.ts'
import type { FleetChange, FleetItemKind } from '../domain/fleet-import-plan.ts'
import {
  accessoryInFile,
  companyInFile,
  depotInFile,
  insurancePlanInFile,
  rateBandInFile,
  routeInFile,
  seasonInFile,
  termsInFile,
  vehicleInFile,
} from './fleet-file-from-catalogue.ts'

/** One field of an item that an import changes, in the fleet file's terms (dollars, file names). */
export type FieldChange = { field: string; from: string; to: string }

const IN_FILE: Record<FleetItemKind, (item: never) => unknown> = {
  company: (item: Company) => companyInFile(item),
  rate_bands: (item: RateBand) => rateBandInFile(item),
  seasons: (item: Season) => seasonInFile(item),
  depots: (item: Depot) => depotInFile(item),
  vehicles: (item: Vehicle) => vehicleInFile(item, []),
  routes: (item: RouteFee) => routeInFile(item),
  accessories: (item: Accessory) => accessoryInFile(item),
  insurance_plans: (item: InsurancePlan) => insurancePlanInFile(item),
  terms: (item: CompanyTerms) => termsInFile(item),
}

/**
 * The fields a changed item changes, as the fleet file writes them: `daily_rates.peak[1]: 72 →
 * 75`, `address: (none) → 14 Sir Henry Wigley Drive`. Lists of plain values (times, features,
 * months) are one field each.
 */
export function changedFields(change: FleetChange): FieldChange[] {
  if (change.kind === undefined || change.before === undefined || change.after === undefined) {
    return []
  }
  const inFile = IN_FILE[change.kind] as (item: unknown) => unknown
  const before = flatten(inFile(change.before))
  const after = flatten(inFile(change.after))
  const fields = [...new Set([...before.keys(), ...after.keys()])]
  return fields
    .filter((field) => before.get(field) !== after.get(field))
    .map((field) => ({
      field,
      from: before.get(field) ?? '(none)',
      to: after.get(field) ?? '(none)',
    }))
}

/** Leaf values by path; a list of plain values is one leaf, written as `[a, b]`. */
function flatten(value: unknown, path = '', into = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== 'object')) {
      into.set(path, `[${value.join(', ')}]`)
    } else {
      for (const [i, item] of value.entries()) flatten(item, `${path}[${i}]`, into)
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      flatten(item, path === '' ? key : `${path}.${key}`, into)
    }
  } else if (value !== undefined) {
    into.set(path, String(value))
  }
  return into
}
