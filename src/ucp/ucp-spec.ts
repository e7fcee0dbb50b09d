/*
 * The Universal Commerce Protocol revision this service speaks, and the addresses the protocol
 * gives its own documents. Amounts in UCP are integer minor units (cents): the domain's own.
 *
 * The release is 2026-01-11, the one whose profile and checkout envelope (capabilities as a list
 * of named entries, each service with its `rest` binding) the official JavaScript SDK,
 * @ucp-js/sdk, parses: an agent built on that library reads these documents as they are written.
 */

export const UCP_VERSION = '2026-01-11'
export const UCP_CHECKOUT = 'dev.ucp.shopping.checkout'
export const UCP_SHOPPING = 'dev.ucp.shopping'

const UCP_SITE = `https://ucp.dev/${UCP_VERSION}`
export const UCP_OVERVIEW_SPEC = `${UCP_SITE}/specification/overview`
export const UCP_CHECKOUT_SPEC = `${UCP_SITE}/specification/checkout`
export const UCP_CHECKOUT_SCHEMA = `${UCP_SITE}/schemas/shopping/checkout.json`
export const UCP_REST_SCHEMA = `${UCP_SITE}/services/shopping/rest.openapi.json`

/** Where the REST binding lives on this site; its operations are paths under it. */
export const UCP_ENDPOINT_PATH = '/ucp'
export const CHECKOUT_SESSIONS_PATH = `${UCP_ENDPOINT_PATH}/checkout-sessions`
/** The JSON Schema of the rental extension, served by the site (its namespace is the site's). */
export const RENTAL_EXTENSION_SCHEMA_PATH = `${UCP_ENDPOINT_PATH}/rental-extension.json`

/**
 * The rental extension's name: the site's host in reverse-domain form, as UCP binds a vendor's
 * capability to the origin of its spec (`rentals.example.com` gives
 * `com.example.rentals.shopping.rental`). Labels are made to fit UCP's name pattern.
 */
export function rentalExtensionName(siteUrl: string): string {
  const labels = new URL(siteUrl).hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .split(/[.:]/)
    .filter((label) => label !== '')
    .reverse()
    .map((label) => label.replace(/[^a-z0-9_]/g, '_'))
    .map((label) => (/^[a-z]/.test(label) ? label : `x${label}`))
  return [...labels, 'shopping', 'rental'].join('.')
}
