import type { CompanyProfile } from '../presenters/company-profile.ts'
import {
  CHECKOUT_SESSIONS_PATH,
  RENTAL_EXTENSION_SCHEMA_PATH,
  rentalExtensionName,
  UCP_CHECKOUT,
  UCP_CHECKOUT_SCHEMA,
  UCP_CHECKOUT_SPEC,
  UCP_ENDPOINT_PATH,
  UCP_OVERVIEW_SPEC,
  UCP_REST_SCHEMA,
  UCP_SHOPPING,
  UCP_VERSION,
} from './ucp-spec.ts'

/**
 * The business profile UCP platforms read at /.well-known/ucp: the shopping service over REST at
 * /ucp, the checkout capability, and the rental extension that carries the depots and dates of a
 * rental. No payment handler is listed (the profile's `payment` is left out): a person confirms
 * and pays on the website, so every checkout hands over (`requires_escalation`) rather than
 * completing through the API.
 */
export function ucpBusinessProfile(siteUrl: string, company: CompanyProfile) {
  return {
    ucp: {
      version: UCP_VERSION,
      services: {
        [UCP_SHOPPING]: {
          version: UCP_VERSION,
          spec: UCP_OVERVIEW_SPEC,
          rest: { endpoint: `${siteUrl}${UCP_ENDPOINT_PATH}`, schema: UCP_REST_SCHEMA },
        },
      },
      capabilities: [
        {
          name: UCP_CHECKOUT,
          version: UCP_VERSION,
          spec: UCP_CHECKOUT_SPEC,
          schema: UCP_CHECKOUT_SCHEMA,
        },
        {
          name: rentalExtensionName(siteUrl),
          version: UCP_VERSION,
          spec: `${siteUrl}/docs#ucp`,
          schema: `${siteUrl}${RENTAL_EXTENSION_SCHEMA_PATH}`,
          extends: UCP_CHECKOUT,
          config: {
            checkout_sessions: `${siteUrl}${CHECKOUT_SESSIONS_PATH}`,
            terms_of_service: company.termsUrl,
          },
        },
      ],
    },
  }
}
