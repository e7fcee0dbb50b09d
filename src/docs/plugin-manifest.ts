import type { CompanyProfile } from '../presenters/company-profile.ts'
import { apiRulesMarkdown } from './api-rules.ts'
import type { DocsSettings } from './docs-settings.ts'
import { sectionTitled, splitSections } from './markdown-sections.ts'

/**
 * The v1 agent-plugin manifest at /.well-known/ai-plugin.json. Platforms that read it cap
 * name_for_human at 20 characters, name_for_model at 50 letters and digits, the human
 * description at 100 characters and the model description at 8000; tests hold us to them.
 */
export type PluginManifest = {
  schema_version: 'v1'
  name_for_human: string
  name_for_model: string
  description_for_human: string
  description_for_model: string
  auth: { type: 'none' }
  api: { type: 'openapi'; url: string; is_user_authenticated: false }
  logo_url: string
  /** Left out when the fleet file gives the company no email. */
  contact_email?: string
  legal_info_url: string
}

/** Letters and digits only, at most 50: what a model calls the plugin, the same for any company. */
const NAME_FOR_MODEL = 'vehiclerental'
/** Platforms show at most 100 characters of the human description. */
const HUMAN_DESCRIPTION_LENGTH = 100

export function pluginManifest(settings: DocsSettings, company: CompanyProfile): PluginManifest {
  const rules = splitSections(apiRulesMarkdown(settings, company.name))
  const forHuman = `Find rental vehicles from ${company.name}, compare options and get a priced quote.`
  // The call order as api-rules.ts writes it, on one line.
  const callOrder = sectionTitled(rules, 'Call order').body.replace(/\s*\n\s*/g, ' ')
  return {
    schema_version: 'v1',
    name_for_human: company.shortName,
    name_for_model: NAME_FOR_MODEL,
    description_for_human:
      forHuman.length <= HUMAN_DESCRIPTION_LENGTH
        ? forHuman
        : 'Find rental vehicles, compare options and get a priced quote.',
    description_for_model: [
      `Read-only API of ${company.name}, a vehicle rental company: find depots, the routes that can be rented, the vehicles it rents, those free for given dates, accessories, insurance plans, and priced quotes. Nothing is booked through it.`,
      `Call order: ${callOrder}`,
      `Dates are YYYY-MM-DD in ${settings.timeZone}; the pickup date is today or later there. Ids are plain whole numbers from the previous calls.`,
      `Amounts are NZD dollars including GST. A quote is valid ${settings.quoteTtlMinutes} minutes (expiresAt).`,
      "Always give the person the quote's checkoutUrl: they book and pay on the website at the quoted price.",
      'A 400 body says which parameter is wrong and what to send instead; a 404 from /quotes says why the vehicle cannot be rented and gives the parameters to send instead (suggestion); an empty availability answer links to the reasons (Link header); on 429 or 503 wait Retry-After seconds.',
    ].join(' '),
    auth: { type: 'none' },
    api: {
      type: 'openapi',
      url: `${settings.publicUrl}/openapi.yaml`,
      is_user_authenticated: false,
    },
    logo_url: company.logoUrl,
    ...(company.email ? { contact_email: company.email } : {}),
    legal_info_url: company.termsUrl,
  }
}
