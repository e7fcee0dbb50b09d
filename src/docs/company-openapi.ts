import type { CompanyProfile } from '../presenters/company-profile.ts'
import { apiRulesMarkdown } from './api-rules.ts'
import type { DocsSettings } from './docs-settings.ts'

type Json = Record<string, unknown>

/** The interface version agents code against. */
export const API_VERSION = '1.0.0'

/**
 * The published OpenAPI document for the loaded company: the document generated from the routes,
 * with an `info` that names the company, says its rules and gives its contacts and terms. The
 * routes' part never changes while the service runs; `info` follows each fleet import.
 */
export function companyOpenApi(
  document: Json,
  settings: DocsSettings,
  company: CompanyProfile,
): Json {
  const contact: Json = { name: company.name }
  if (company.email) contact.email = company.email
  if (company.website) contact.url = company.website
  return {
    ...document,
    info: {
      title: `${company.name} Agent API`,
      version: API_VERSION,
      description: apiRulesMarkdown(settings, company.name),
      termsOfService: company.termsUrl,
      contact,
      license: { name: 'Terms of use', url: company.termsUrl },
    },
  }
}
