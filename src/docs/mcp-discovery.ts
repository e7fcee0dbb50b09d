import { companyIcons } from '../presenters/company-icon.ts'
import type { CompanyProfile } from '../presenters/company-profile.ts'
import { API_VERSION } from './company-openapi.ts'

/*
 * What tells an MCP client where this server is before it connects: the MCP Registry's server.json
 * (/.well-known/mcp/server.json, and `rental-agent mcp manifest` for publishing), and the Server Card
 * of the current proposal (SEP-2127, still a draft) at the MCP endpoint's /server-card, listed in
 * an AI Catalog at /.well-known/ai-catalog.json. All name the company of the loaded fleet and the
 * address of PUBLIC_URL.
 */

export const MCP_ENDPOINT_PATH = '/mcp'
export const MCP_SERVER_JSON_PATH = '/.well-known/mcp/server.json'
export const MCP_SERVER_CARD_PATH = `${MCP_ENDPOINT_PATH}/server-card`
export const AI_CATALOG_PATH = '/.well-known/ai-catalog.json'
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json'

/** The MCP Registry's schema the server.json follows (its newest published revision). */
export const REGISTRY_SCHEMA =
  'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json'
const SERVER_CARD_SCHEMA =
  'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json'

/** The protocol revisions /mcp is tested with (older 2025 ones are served too). */
export const MCP_PROTOCOL_VERSIONS = ['2025-06-18', '2025-11-25', '2026-07-28']

/** The registry caps a description at 100 characters. */
const DESCRIPTION_LENGTH = 100

/**
 * The server's registry name: the site's host in reverse-DNS form, the namespace the registry lets
 * whoever controls the domain publish under, then the company's slug
 * (`com.example.rentals/kiwi-roads-rentals`).
 */
export function mcpServerName(siteUrl: string, company: CompanyProfile): string {
  const namespace = new URL(siteUrl).hostname
    .replace(/^\[|\]$/g, '')
    .split(/[.:]/)
    .filter((label) => label !== '')
    .reverse()
    .map((label) => label.replace(/[^a-zA-Z0-9-]/g, '-'))
    .join('.')
  return `${namespace || 'localhost'}/${company.slug}`
}

function describe(company: CompanyProfile): string {
  const text = `Rent a vehicle from ${company.name}: depots, availability, options and priced quotes`
  if (text.length <= DESCRIPTION_LENGTH) return text
  const short = `Rent a vehicle from ${company.shortName}: depots, availability and quotes`
  return short.length <= DESCRIPTION_LENGTH ? short : short.slice(0, DESCRIPTION_LENGTH)
}

/** What the registry and the card share: the server's identity. */
function identity(siteUrl: string, company: CompanyProfile) {
  return {
    name: mcpServerName(siteUrl, company),
    title: company.name.slice(0, DESCRIPTION_LENGTH),
    description: describe(company),
    version: API_VERSION,
    websiteUrl: company.website ?? `${siteUrl}/docs`,
    icons: companyIcons(company),
  }
}

/** The MCP Registry's server.json: this server as a remote over Streamable HTTP at PUBLIC_URL/mcp. */
export function mcpServerJson(siteUrl: string, company: CompanyProfile) {
  return {
    $schema: REGISTRY_SCHEMA,
    ...identity(siteUrl, company),
    remotes: [{ type: 'streamable-http', url: `${siteUrl}${MCP_ENDPOINT_PATH}` }],
  }
}

/** The Server Card of the SEP-2127 draft: identity and the remote, with the revisions it speaks. */
export function mcpServerCard(siteUrl: string, company: CompanyProfile) {
  return {
    $schema: SERVER_CARD_SCHEMA,
    ...identity(siteUrl, company),
    remotes: [
      {
        type: 'streamable-http',
        url: `${siteUrl}${MCP_ENDPOINT_PATH}`,
        supportedProtocolVersions: MCP_PROTOCOL_VERSIONS,
      },
    ],
  }
}

/** The AI Catalog the card's proposal uses for domain-level discovery: one entry, the card. */
export function aiCatalog(siteUrl: string, company: CompanyProfile) {
  return {
    specVersion: '1.0',
    entries: [
      {
        identifier: `urn:air:${new URL(siteUrl).hostname}:mcp:${company.slug}`,
        type: SERVER_CARD_MEDIA_TYPE,
        url: `${siteUrl}${MCP_SERVER_CARD_PATH}`,
      },
    ],
  }
}
