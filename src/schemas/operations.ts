/**
 * Each operation's name and the rules an agent needs, written once for the OpenAPI document and
 * the MCP tool descriptions. Agent platforms cap a summary and an operation description at 300
 * characters, so the longer rules live in the document's `info.description`.
 */
export type OperationDoc = { operationId: string; summary: string; description: string }

export type OperationSettings = { quoteTtlMinutes: number }

/** In the order an agent calls them: the two catalogue listings are optional, before step 2. */
export const OPERATION_IDS = [
  'list_depots',
  'list_routes',
  'list_vehicles',
  'find_available_vehicles',
  'explain_unavailable',
  'find_flexible_dates',
  'list_accessories',
  'list_insurance_plans',
  'get_quote',
] as const

export type OperationId = (typeof OPERATION_IDS)[number]

export function operationDocs(settings: OperationSettings): Record<OperationId, OperationDoc> {
  return {
    list_depots: {
      operationId: 'list_depots',
      summary: 'List pickup and drop-off depots',
      description:
        'Step 1 of 4. The active depots with their weekday and weekend pickup and drop-off times and opening hours. Next: find_available_vehicles with a pickup and a drop-off depot id and the dates.',
    },
    list_routes: {
      operationId: 'list_routes',
      summary: 'List the routes that can be rented',
      description:
        'Optional, before step 2. Every pickup and drop-off depot pair that can be rented, with its one-way routeFee (0 for a return to the same depot); a pair not listed is not offered. pick_up_depot_id gives only the routes from that depot.',
    },
    list_vehicles: {
      operationId: 'list_vehicles',
      summary: 'List the vehicles the company rents',
      description:
        'Optional, before step 2. Every vehicle with its facts, the depots that stock it (depotIds) and its minimum rental days per season, whatever the dates; find_available_vehicles says which are free and their price. Filters: vehicle_class, min_seats, depot_id.',
    },
    find_available_vehicles: {
      operationId: 'find_available_vehicles',
      summary: 'Find vehicles available for dates and depots',
      description:
        'Step 2. Vehicles free for the dates, cheapest first. Rental days = drop-off minus pickup date (same day = 1). A vehicle is left out when sold out, under its minimum days, a depot is closed or has no times that day, the route is not offered, or no rate applies.',
    },
    find_flexible_dates: {
      operationId: 'find_flexible_dates',
      summary: 'Find the cheapest dates to rent, over a window of pickup dates',
      description:
        'Step 2 when the dates can move. Each pickup date from earliest_pick_up_date to latest_pick_up_date (at most 31) and vehicle rentable for rental_days: what availability gives for each date, in one call. Cheapest rentalFee + routeFee first, then earliest date; limit 50 (up to 500).',
    },
    explain_unavailable: {
      operationId: 'explain_unavailable',
      summary: 'Say why vehicles are not available',
      description:
        'After step 2, when a vehicle is missing or the list is empty; the same parameters and filters. Each vehicle stocked at the pickup depot that availability leaves out, with code, reason and suggestion: the parameters to send instead (sending it gives a quote), or null.',
    },
    list_accessories: {
      operationId: 'list_accessories',
      summary: 'List accessories for a vehicle',
      description:
        'Step 3. Accessories for the vehicle; with both dates, only those offered then. cost = min(price x days (or x 1 if per rental), maxCharge) x quantity. Send ids to get_quote as accessory_ids; repeat an id for a quantity of two.',
    },
    list_insurance_plans: {
      operationId: 'list_insurance_plans',
      summary: 'List insurance plans for a vehicle',
      description:
        'Step 3. Insurance plans for the vehicle with price (per day or per rental), maxCharge and excess (what the renter still pays after damage). A price of 0 costs nothing extra. Send one id to get_quote as insurance_id.',
    },
    get_quote: {
      operationId: 'get_quote',
      summary: 'Get a priced quote',
      description: `Step 4. totalAmount = rentalFee + routeFee + accessoriesFee + insuranceFee + surchargesFee - discount, in NZD dollars converted from cents, GST included. Valid ${settings.quoteTtlMinutes} minutes (expiresAt). Give checkoutUrl to the person to book. When the vehicle cannot be rented, the error says why.`,
    },
  }
}
