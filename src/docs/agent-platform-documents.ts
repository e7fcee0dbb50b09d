import type { FastifyInstance, FastifyReply } from 'fastify'
import type { CompanyProfile } from '../presenters/company-profile.ts'
import { ucpBusinessProfile } from '../ucp/business-profile.ts'
import { rentalExtensionSchema } from '../ucp/rental-extension-schema.ts'
import { RENTAL_EXTENSION_SCHEMA_PATH } from '../ucp/ucp-spec.ts'
import {
  AI_CATALOG_PATH,
  aiCatalog,
  MCP_SERVER_CARD_PATH,
  MCP_SERVER_JSON_PATH,
  mcpServerCard,
  mcpServerJson,
  SERVER_CARD_MEDIA_TYPE,
} from './mcp-discovery.ts'

/** The UCP business profile's address, fixed by the protocol. */
export const UCP_PROFILE_PATH = '/.well-known/ucp'

/** Every document here may be read by a script on any site (see app.ts). */
export const PLATFORM_DOCUMENT_PATHS = [
  UCP_PROFILE_PATH,
  RENTAL_EXTENSION_SCHEMA_PATH,
  MCP_SERVER_JSON_PATH,
  MCP_SERVER_CARD_PATH,
  AI_CATALOG_PATH,
]

/** The Server Card proposal asks hosts to let clients keep a card an hour. */
const CARD_CACHE_CONTROL = 'public, max-age=3600'

export type PlatformDocumentDeps = {
  siteUrl: string
  /** The company of the loaded catalogue (a fleet import renames every document). */
  company: () => CompanyProfile
  /** Sets a document's type and caching on the reply. */
  asDocument: (reply: FastifyReply, type: string) => FastifyReply
}

/**
 * The documents agent platforms read to find this service's MCP server and UCP checkout: the UCP
 * business profile and its rental extension's schema, the MCP Registry's server.json, and the
 * provisional Server Card with the AI Catalog that lists it.
 */
export function registerPlatformDocuments(app: FastifyInstance, deps: PlatformDocumentDeps) {
  const { siteUrl, company, asDocument } = deps
  const json = (value: unknown) => JSON.stringify(value, null, 2)
  const byCompany = <T>(build: (profile: CompanyProfile) => T) => {
    let last: { profile: CompanyProfile; text: string } | undefined
    return () => {
      const profile = company()
      if (last?.profile !== profile) last = { profile, text: json(build(profile)) }
      return last.text
    }
  }
  const profile = byCompany((profile) => ucpBusinessProfile(siteUrl, profile))
  const serverJson = byCompany((profile) => mcpServerJson(siteUrl, profile))
  const card = byCompany((profile) => mcpServerCard(siteUrl, profile))
  const catalog = byCompany((profile) => aiCatalog(siteUrl, profile))
  const extension = json(rentalExtensionSchema(siteUrl))

  app.get(UCP_PROFILE_PATH, async (_request, reply) =>
    asDocument(reply, 'application/json; charset=utf-8').send(profile()),
  )
  app.get(RENTAL_EXTENSION_SCHEMA_PATH, async (_request, reply) =>
    asDocument(reply, 'application/schema+json; charset=utf-8').send(extension),
  )
  app.get(MCP_SERVER_JSON_PATH, async (_request, reply) =>
    asDocument(reply, 'application/json; charset=utf-8').send(serverJson()),
  )
  app.get(MCP_SERVER_CARD_PATH, async (_request, reply) =>
    asDocument(reply, `${SERVER_CARD_MEDIA_TYPE}; charset=utf-8`)
      .header('cache-control', CARD_CACHE_CONTROL)
      .send(card()),
  )
  app.get(AI_CATALOG_PATH, async (_request, reply) =>
    asDocument(reply, 'application/ai-catalog+json; charset=utf-8').send(catalog()),
  )
}
