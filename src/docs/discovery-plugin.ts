import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import fastifyEtag from '@fastify/etag'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { FLEET_SCHEMA_PATH, fleetJsonSchemaText } from '../fleet/fleet-json-schema.ts'
import type { SiteLinks } from '../presenters/site-links.ts'
import { LANDING_PAGE_POLICY, referencePolicy } from '../security/content-security-policies.ts'
import type { VerbContext } from '../verbs/context.ts'
import { describeApi } from './api-operations.ts'
import type { DocsSettings } from './docs-settings.ts'
import { expiringCache } from './expiring-cache.ts'
import { landingPage } from './landing-page.ts'
import { llmsTxt } from './llms-txt.ts'
import { pluginManifest } from './plugin-manifest.ts'
import { buildWorkedExample } from './worked-example.ts'

export type DiscoveryDeps = { settings: DocsSettings; ctx: VerbContext; links: SiteLinks }

const LOGO_FILE = resolve(import.meta.dirname, '../../public/logo.svg')

/** Documents change only with a deployment or, for /docs, hourly: a few minutes is fresh enough. */
const DOCUMENT_CACHE_CONTROL = 'public, max-age=300'
const LOGO_CACHE_CONTROL = 'public, max-age=86400'

/**
 * Pricing the worked example's quote stores a quote, so the page is built at most hourly; a
 * page whose example failed (the store was down, say) is retried after a minute.
 */
const LANDING_PAGE_KEPT_MS = 60 * 60_000
const INCOMPLETE_PAGE_KEPT_MS = 60_000

/**
 * The discovery documents of spec section 1, served by the site itself. They are outside the
 * API's rate limit, generated from the running app once and then cached, and carry an ETag so
 * clients can revalidate them cheaply.
 */
export function discoveryDocuments({ settings, ctx, links }: DiscoveryDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(fastifyEtag)
    // Set per route rather than by hook, so that an error answer is never cached as a document.
    const asDocument = (reply: FastifyReply, type: string) =>
      reply.type(type).header('cache-control', DOCUMENT_CACHE_CONTROL)

    let openApiJson: string | undefined
    let openApiYaml: string | undefined
    let llms: string | undefined
    const openApi = () => app.swagger() as unknown as Record<string, unknown>
    // The document exists once the app is ready, so everything read from it is built lazily.
    const api = () => describeApi(openApi())

    app.get('/openapi.json', async (_request, reply) => {
      openApiJson ??= JSON.stringify(openApi(), null, 2)
      return asDocument(reply, 'application/json; charset=utf-8').send(openApiJson)
    })

    app.get('/openapi.yaml', async (_request, reply) => {
      if (openApiYaml === undefined) {
        // The YAML writer is loaded on the first asking: most starts never need it.
        const { stringify } = await import('yaml')
        openApiYaml = stringify(openApi(), { aliasDuplicateObjects: false, lineWidth: 0 })
      }
      return asDocument(reply, 'application/yaml; charset=utf-8').send(openApiYaml)
    })

    const landing = expiringCache(
      async () => {
        const builtAt = ctx.now()
        const description = api()
        const example = await buildWorkedExample(ctx, links, description.baseUrl).catch(
          (error: unknown) => {
            app.log.warn({ err: error }, 'the worked example of /docs could not be built')
            return undefined
          },
        )
        const html = landingPage({ settings, api: description, example, builtAt })
        return { html, complete: example !== undefined }
      },
      (page) => (page.complete ? LANDING_PAGE_KEPT_MS : INCOMPLETE_PAGE_KEPT_MS),
      ctx.now,
    )

    app.get('/docs', async (_request, reply) => {
      const page = await landing()
      return asDocument(reply, 'text/html; charset=utf-8')
        .header('content-security-policy', LANDING_PAGE_POLICY)
        .send(page.html)
    })

    const manifest = JSON.stringify(pluginManifest(settings), null, 2)
    app.get('/.well-known/ai-plugin.json', async (_request, reply) =>
      asDocument(reply, 'application/json; charset=utf-8').send(manifest),
    )

    const logo = await readFile(LOGO_FILE)
    app.get('/logo.svg', async (_request, reply) =>
      reply.type('image/svg+xml').header('cache-control', LOGO_CACHE_CONTROL).send(logo),
    )

    // For the editors of fleet files (`# yaml-language-server: $schema=...`) and other tools.
    const fleetSchema = fleetJsonSchemaText()
    app.get(FLEET_SCHEMA_PATH, async (_request, reply) =>
      asDocument(reply, 'application/schema+json; charset=utf-8').send(fleetSchema),
    )

    app.get('/llms.txt', async (_request, reply) => {
      llms ??= llmsTxt(settings, api())
      return asDocument(reply, 'text/plain; charset=utf-8').send(llms)
    })

    await app.register(fastifySwaggerUi, {
      routePrefix: '/docs/api',
      // Set on each of its answers (the page and its assets) over the API's default policy.
      staticCSP: referencePolicy(settings.publicUrl),
      uiConfig: {
        // Swagger UI would otherwise send the document to an online validator.
        validatorUrl: null,
        tryItOutEnabled: true,
        displayOperationId: true,
        docExpansion: 'list',
        defaultModelsExpandDepth: 1,
      },
      theme: { title: `Agent API reference` },
    })
  }
}
