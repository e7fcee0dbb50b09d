import type { CalendarDate } from '../domain/calendar-date.ts'
import { instantAt, type TimeOfDay } from '../domain/local-time.ts'
import type { CompanyProfile } from '../presenters/company-profile.ts'
import { cancellationSentence } from '../presenters/quote-terms.ts'
import { CANCELLATION_TEXT } from '../schemas/quote-terms.ts'
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
    ...withCancellationExample(document, settings.timeZone, company.freeCancellationHours),
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

/** A pick-up for the example's deadline: far enough off that free cancellation has not ended. */
const EXAMPLE_PICK_UP = { date: '2027-03-14' as CalendarDate, time: '10:00' as TimeOfDay }

/**
 * The document with the cancellation sentence's example written for this company: its hours and
 * its zone. The schema's own example is the demo company's ("48 hours", "NZDT"), which a London
 * company's document showed to agents and code generators.
 */
function withCancellationExample(document: Json, timeZone: string, hours: number): Json {
  const pickUp = instantAt(EXAMPLE_PICK_UP.date, EXAMPLE_PICK_UP.time, timeZone)
  const freeUntil = new Date(pickUp.getTime() - hours * 3_600_000).toISOString()
  const example = cancellationSentence(hours, freeUntil, timeZone)
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite)
    if (node === null || typeof node !== 'object') return node
    const copy: Json = {}
    for (const [key, value] of Object.entries(node)) copy[key] = rewrite(value)
    if (copy.description === CANCELLATION_TEXT && Array.isArray(copy.examples)) {
      copy.examples = [example]
    }
    return copy
  }
  return rewrite(document) as Json
}
