import type { Company } from '../domain/company.ts'
import type { SiteLinks } from './site-links.ts'

/**
 * The company as every door shows it: its name, contacts and the absolute addresses of its logo
 * and terms, worked out from the loaded fleet and the site's address. Nothing in a door names a
 * company any other way.
 */
export type CompanyProfile = {
  name: string
  /** At most 20 characters, for plugin stores: the name, cut at a word with an ellipsis when longer. */
  shortName: string
  /** The name in kebab case, for configuration keys (an MCP client's server name). */
  slug: string
  email: string | null
  phone: string | null
  website: string | null
  logoUrl: string
  /** The logo as the site's pages link it: relative when the site serves it. */
  logoPath: string
  /** The company's terms, or the API's terms of use on /docs. */
  termsUrl: string
  bookingReferencePrefix: string
  /** A traveller may cancel on the website up to this many hours before pick-up. */
  freeCancellationHours: number
}

const SHORT_NAME_LENGTH = 20

export function companyProfile(company: Company, links: SiteLinks): CompanyProfile {
  const logoUrl = company.logo === null ? links.generatedLogo() : links.image(company.logo)
  return {
    name: company.name,
    shortName: shortName(company.name),
    slug:
      company.name
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'rentals',
    email: company.email,
    phone: company.phone,
    website: company.website,
    logoUrl,
    logoPath: logoUrl.startsWith(`${links.siteUrl}/`)
      ? logoUrl.slice(links.siteUrl.length)
      : logoUrl,
    termsUrl: company.termsUrl ?? `${links.siteUrl}/docs#terms`,
    bookingReferencePrefix: company.bookingReferencePrefix,
    freeCancellationHours: company.freeCancellationHours,
  }
}

/**
 * The name, or as many of its words as fit with an ellipsis after them: "Thames Valley Motor"
 * for "Thames Valley Motor Hire" read as another company's name, "Thames Valley Motor…" as the
 * same one shortened.
 */
function shortName(name: string): string {
  if (name.length <= SHORT_NAME_LENGTH) return name
  const room = SHORT_NAME_LENGTH - ELLIPSIS.length
  let short = ''
  for (const word of name.split(' ')) {
    const next = short === '' ? word : `${short} ${word}`
    if (next.length > room) break
    short = next
  }
  return `${short === '' ? name.slice(0, room) : short}${ELLIPSIS}`
}

const ELLIPSIS = '…'
