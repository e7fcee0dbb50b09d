import type { CompanyProfile } from '../presenters/company-profile.ts'
import {
  CHECKOUT_SESSIONS_PATH,
  RENTAL_EXTENSION_SCHEMA_PATH,
  rentalExtensionName,
  UCP_VERSION,
} from '../ucp/ucp-spec.ts'
import type { DocsSettings } from './docs-settings.ts'

/**
 * How a Universal Commerce Protocol platform checks out, for /docs (its #ucp section is the spec
 * the business profile names for the rental extension) and /llms.txt.
 */
export function ucpCheckoutMarkdown(settings: DocsSettings, company: CompanyProfile): string {
  const site = settings.publicUrl
  const request = JSON.stringify(
    {
      line_items: [
        { item: { id: 'vehicle:2' }, quantity: 1 },
        { item: { id: 'accessory:1' }, quantity: 2 },
        { item: { id: 'insurance:2' }, quantity: 1 },
      ],
      rental: {
        pick_up_depot_id: 1,
        drop_off_depot_id: 2,
        pick_up_date: 'YYYY-MM-DD',
        drop_off_date: 'YYYY-MM-DD',
      },
    },
    null,
    2,
  )
  return `The [business profile](${site}/.well-known/ucp) publishes the Universal Commerce Protocol's checkout capability (UCP ${UCP_VERSION}) over REST at \`${site}/ucp\`. A checkout is a quote: \`POST ${site}${CHECKOUT_SESSIONS_PATH}\` prices it exactly as \`GET /quotes\` does and answers \`201\` with a session whose \`status\` is \`requires_escalation\` and whose \`continue_url\` is the quote's \`checkoutUrl\`: ${company.name} takes the booking on its website, where the person gives the driver's details and confirms. No payment is taken through UCP, and the profile lists no payment handler.

The vehicle, accessories and insurance plan are line items by item id (\`vehicle:<vehicleId>\`, quantity 1; \`accessory:<id>\` with its quantity; \`insurance:<id>\`), with the ids the API lists. The depots and dates travel in \`rental\`, under the API's parameter names (also \`pick_up_time\`, \`drop_off_time\`, \`driver_age\`, \`promo_code\`, \`agent_ref\`): the rental extension \`${rentalExtensionName(site)}\`, whose [schema](${site}${RENTAL_EXTENSION_SCHEMA_PATH}) this site serves. Buyer, context and payment fields are not needed and are ignored.

\`\`\`json
${request}
\`\`\`

Amounts are integer NZD cents, GST included: the line items, then \`totals\` (the items' subtotal, the one-way fee and surcharges as fees, a promotion's discount, and the total, the price paid). \`GET ${CHECKOUT_SESSIONS_PATH}/{id}\` reads a checkout back and \`POST .../{id}/complete\` hands over again: once the person has booked on the website, the checkout is \`completed\`, its \`order\` the booking (\`id\` its reference, \`permalink_url\` the checkout link, which then says the quote is booked) and an \`info\` message saying so (and saying when the website priced the checkout again, with the person's details or choices, or the booking was since cancelled); unbooked, it is \`canceled\` once its quote has expired. A checkout can be read while its quote is kept, a day after it expires; a checkout is never updated or cancelled (405: make a new one; an unused one expires at \`expires_at\`, ${settings.quoteTtlMinutes} minutes on). What cannot be priced is UCP's error answer, with no checkout (no \`id\` nor \`status\`) and a message naming the fault and its place in the body (\`path\`, a JSONPath): a \`400\` for what to send instead (the API's own messages), a \`200\` for a vehicle that cannot be rented on those dates, with \`continue_url\` the website's search for them. Requests count against the API's rate limit. The \`UCP-Agent\` header is accepted but the platform's profile is not fetched: with one capability and its one extension, there is nothing to negotiate.`
}
