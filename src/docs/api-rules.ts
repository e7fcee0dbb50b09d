import { MAX_ACCESSORY_ITEMS } from '../domain/accessory-selection.ts'
import { COMPRESSION_THRESHOLD_BYTES } from '../http/compression.ts'
import { MAX_QUERY_LENGTH } from '../http/query-limit.ts'
import type { DocsSettings } from './docs-settings.ts'
import { markdownText } from './markdown-to-html.ts'

/**
 * The rules an agent needs, in Markdown: the OpenAPI document's description, and the source of
 * the rules on /docs and in /llms.txt, so that every document says the same.
 */
export function apiRulesMarkdown(settings: DocsSettings, companyName: string): string {
  const window = `${settings.rateLimitMax} requests per ${settings.rateLimitWindowSeconds} seconds`
  return `Read-only API of ${markdownText(companyName)}, a vehicle rental company, for AI agents: find depots, check which vehicles are free for given dates, see accessories and insurance plans, and get a priced quote that a person then books on the website.

## Call order
1. \`GET /depots\`: pick a pickup and a drop-off depot.
2. \`GET /vehicles/availability\` with both depot ids and the dates.
3. \`GET /vehicles/{vehicleId}/accessories\` and \`GET /vehicles/{vehicleId}/insurance-types\`.
4. \`GET /quotes\` with the vehicle and the chosen options; give the quote's \`checkoutUrl\` to the person, who books on the website.

Optional, before step 2: \`GET /routes\` lists the depot pairs that can be rented with their one-way \`routeFee\` (a pair not listed is not offered), and \`GET /vehicles\` every vehicle with its facts, the depots that stock it (\`depotIds\`) and its minimum rental days per season, whatever the dates.

## Dates and rental days
Dates are calendar dates \`YYYY-MM-DD\` in the company's time zone (${settings.timeZone}); "today" is today there. A date must exist, the drop-off date must not be before the pickup date, the pickup date must not be in the past nor more than ${settings.bookingHorizonDays} days ahead. Rental days = drop-off date minus pickup date; a same-day rental is 1 day. The longest rental is ${settings.maxRentalDays} days.

## Availability
A vehicle is available when a unit is left at the pickup depot on every day of the rental (a booking holds its unit from its pickup date to its drop-off date, both included). It is not available when it is sold out, when the rental is shorter than its minimum days for the season, when the pickup depot has no pickup times that day (weekday or weekend) or is closed that date (likewise the drop-off depot on the drop-off date), when the one-way route is not offered, or when no rate covers the pickup date. Availability then leaves it out; a quote answers 404 with a \`code\` saying why and a \`suggestion\`. \`GET /vehicles/unavailable\` (same four parameters) lists each vehicle stocked at the pickup depot that availability leaves out, with its \`code\`, a \`reason\` ending with the next step, and \`suggestion\`: the smallest change of parameters that makes it available, to send again with the rest unchanged (a later drop-off date for a rental under the minimum, another drop-off depot for a route not offered, both dates moved by the fewest days otherwise), or null when none exists within the booking horizon. An empty availability answer carries a \`Link\` header to that listing. Two optional filters narrow availability: \`min_seats\` (1 to 99; a vehicle whose seats the company does not give is left out) and \`vehicle_class\` (one of the fleet's classes; another is a 400 that lists them).

## Hand-over times
A quote may say when the vehicle is picked up and dropped off: \`pick_up_time\` and \`drop_off_time\` (\`HH:MM\`), each one of the depot's times for that date's day type (\`pickup_times\` and \`drop_off_times\` of \`GET /depots\`, weekday or weekend); another time is a 400 \`time_not_offered\` that lists the times there are. The quote gives them back as \`pickUpTime\` and \`dropOffTime\` (null when not asked) and its \`checkoutUrl\` carries them; without them, the person chooses the times at checkout.

## Depots and vehicles
Beyond the contract's fields, a depot may carry \`address\` (one line), \`latitude\` and \`longitude\` (decimal degrees), \`phone\` and \`directions\`, and an available vehicle \`seats\`, \`doors\`, \`bags\` (large suitcases), \`transmission\` (\`automatic\` or \`manual\`), \`fuel\` (\`petrol\`, \`diesel\`, \`hybrid\` or \`electric\`) and \`features\` (short texts). Each is present only when the company gives it: an absent field means "not said", never "none".

## Prices
All amounts are NZD dollars (at most two decimals) converted from the integer cents the rental system holds, and include GST (15%). \`rentalDailyRate\` depends on the vehicle, the season of the pickup date and the rental length; \`rentalFee = rentalDailyRate x rentalDays\`. \`routeFee\` is the one-way fee (0 for a return to the same depot). An accessory or plan costs \`min(price x days (or x 1 when charged per rental), maxCharge) x quantity\`. \`totalAmount = rentalFee + routeFee + accessoriesFee + insuranceFee\`, to the cent. A quote is valid for ${settings.quoteTtlMinutes} minutes (\`expiresAt\`, UTC).

## Parameters
Ids are positive whole numbers in plain decimal (\`7\`, not \`07\`, \`7.0\` or \`1e1\`). \`accessory_ids\` is a comma-separated list (at most ${MAX_ACCESSORY_ITEMS} items); an id given twice is a quantity of two, and the parameter may also be repeated. Any other parameter given twice is a 400. Unknown parameters are ignored. A query string longer than ${MAX_QUERY_LENGTH.toLocaleString('en-NZ')} characters is a 400 naming \`query\`.

## Errors and limits
Errors are JSON \`{error, code, parameter}\`: \`error\` says what to send instead, \`code\` is stable, \`parameter\` names the one at fault. 400: invalid or missing parameters. 404: on \`/quotes\`, the vehicle cannot be rented for the request; \`suggestion\` gives the parameters to send instead, or null. 429: over ${window} per client, as plain text with \`Retry-After\`. 503: temporarily unavailable (the database cannot be reached, or the service is too busy to answer in time), retry after \`Retry-After\` seconds. Every API response carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (the UTC ISO 8601 instant the window resets). Browsers may call the API from any site (CORS, without credentials). Answers larger than ${(COMPRESSION_THRESHOLD_BYTES / 1024).toFixed(0)} kB come compressed with Brotli or gzip when the request's \`Accept-Encoding\` allows it (most HTTP clients send it and decompress by themselves); smaller ones, most of the API's, come as they are.`
}
