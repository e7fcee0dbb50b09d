import type { Listing } from '../domain/errors.ts'
import { formatNzd } from '../domain/money.ts'

/*
 * Pieces of the short text a tool gives beside its structured result, for clients that show an
 * agent text only. Amounts arrive already in dollars from the presenters.
 */

/** As the website and the terms write amounts (NZ$4,000.00): the dollars are whole cents. */
export function nzd(dollars: number): string {
  return formatNzd(Math.round(dollars * 100))
}

/** `per day, at most NZ$70.00` or `per rental`. */
export function chargeText(per: 'day' | 'rental', maxCharge: number | null): string {
  const cap = maxCharge === null ? '' : `, at most ${nzd(maxCharge)}`
  return `per ${per}${cap}`
}

// Shared with the operator's commands, which count in words too.
export { counted } from '../presenters/display-format.ts'

export function lines(heading: string, items: string[], next?: string): string {
  return [heading, ...items.map((item) => `- ${item}`), ...(next ? [next] : [])].join('\n')
}

/**
 * A vehicle's name with what else tells it apart in brackets (its class, its fuel), leaving out
 * what the name already says: `Toyota Hiace 2-berth campervan (diesel)`, not `... campervan
 * (campervan, diesel)`; `BYD Atto 3 (electric)` once when both class and fuel are electric.
 */
export function vehicleLabel(name: string, details: readonly (string | undefined)[]): string {
  const said = new Set<string>()
  const extra: string[] = []
  for (const detail of details) {
    if (detail === undefined || detail === '') continue
    const key = detail.toLowerCase()
    if (said.has(key) || namesWord(name, detail)) continue
    said.add(key)
    extra.push(detail)
  }
  return extra.length === 0 ? name : `${name} (${extra.join(', ')})`
}

/** True when the name holds the text as whole words, whatever the case. */
function namesWord(name: string, text: string): boolean {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'iu').test(name)
}

/** The tool that lists what an argument may take, as an agent using the MCP tools calls it. */
export function toolListingText(listing: Listing): string {
  switch (listing.of) {
    case 'depots':
      return 'list_depots lists the valid ids'
    case 'vehicles':
      return 'list_vehicles lists the vehicles and their ids'
    case 'accessories':
      return listing.forDates
        ? `list_accessories with vehicle_id ${listing.vehicleId} and the rental's pick_up_date and drop_off_date lists those offered then`
        : `list_accessories with vehicle_id ${listing.vehicleId} lists the ids offered for this vehicle`
    case 'insurance_plans':
      return `list_insurance_plans with vehicle_id ${listing.vehicleId} lists the plans for this vehicle`
    default:
      return listing satisfies never
  }
}
