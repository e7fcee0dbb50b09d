import fastifyEtag from '@fastify/etag'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { type CalendarDate, todayIn } from '../domain/calendar-date.ts'
import { FLEET_SCHEMA_PATH, fleetJsonSchemaText } from '../fleet/fleet-json-schema.ts'
import { companyProfile } from '../presenters/company-profile.ts'
import { imageOrigins } from '../presenters/image-origins.ts'
import { perCatalogue } from '../presenters/per-catalogue.ts'
import type { SiteLinks } from '../presenters/site-links.ts'
import { exampleDates, withExampleDates } from '../schemas/example-dates.ts'
import { landingPagePolicy, referencePolicy } from '../security/content-security-policies.ts'
import type { VerbContext } from '../verbs/context.ts'
import { registerPlatformDocuments } from './agent-platform-documents.ts'
import { describeApi } from './api-operations.ts'
import { companyOpenApi } from './company-openapi.ts'
import type { DocsSettings } from './docs-settings.ts'
import { catalogueExamples } from './endpoint-examples.ts'
import { expiringCache } from './expiring-cache.ts'
import { escapeHtml } from './html.ts'
import { initialsLogo } from './initials-logo.ts'
import { landingPage } from './landing-page.ts'
import { llmsTxt } from './llms-txt.ts'
import { pluginManifest } from './plugin-manifest.ts'
import { referenceAssets, withVersionedAssets } from './reference-assets.ts'
import { buildWorkedExample } from './worked-example.ts'

export type DiscoveryDeps = { settings: DocsSettings; ctx: VerbContext; links: SiteLinks }

/**
 * Documents change with a deployment, a fleet import or, for /docs, hourly: a few minutes is
 * fresh enough, and the ETag makes a check cheap.
 */
const DOCUMENT_CACHE_CONTROL = 'public, max-age=300'

/**
 * Pricing the worked example's quote stores a quote, so the page is built at most hourly; a
 * page whose example failed (the store was down, say) is retried after a minute.
 */
const LANDING_PAGE_KEPT_MS = 60 * 60_000
const INCOMPLETE_PAGE_KEPT_MS = 60_000

/**
 * The discovery documents, served by the site itself. They are outside the API's rate limit,
 * generated from the running app and the loaded company once per catalogue (a fleet import gives a
 * new one), and carry an ETag so clients can revalidate them cheaply.
 */
export function discoveryDocuments({ settings, ctx, links }: DiscoveryDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(fastifyEtag)
    // Set per route rather than by hook, so that an error answer is never cached as a document.
    const asDocument = (reply: FastifyReply, type: string) =>
      reply.type(type).header('cache-control', DOCUMENT_CACHE_CONTROL)

    // Everything below names the company, so it is built once per loaded catalogue.
    const byCatalogue = <T>(build: () => T) => perCatalogue(ctx.catalogue, build)
    // What shows example dates is also built anew each day, so that no example is a date past.
    const today = () => todayIn(settings.timeZone, ctx.now())
    const daily = <T>(build: (day: CalendarDate) => T) => {
      const slots = byCatalogue(() => new Map<CalendarDate, T>())
      return () => {
        const day = today()
        const slot = slots()
        let value = slot.get(day)
        if (value === undefined) {
          value = build(day)
          slot.clear()
          slot.set(day, value)
        }
        return value
      }
    }
    const company = byCatalogue(() => companyProfile(ctx.catalogue().catalogue.company, links))
    // The document exists once the app is ready, so everything read from it is built lazily.
    const openApi = daily((day) =>
      withExampleDates(
        companyOpenApi(app.swagger() as unknown as Record<string, unknown>, settings, company()),
        exampleDates(day, settings),
      ),
    )
    const api = daily(() => describeApi(openApi()))
    const openApiJson = daily(() => JSON.stringify(openApi(), null, 2))
    const openApiYaml = daily(async () => {
      // The YAML writer is loaded on the first asking: most starts never need it.
      const { stringify } = await import('yaml')
      return stringify(openApi(), { aliasDuplicateObjects: false, lineWidth: 0 })
    })
    const examples = byCatalogue(() => catalogueExamples({ ctx, links }))
    const llms = daily(() => llmsTxt(settings, company(), api(), examples()))
    const manifest = byCatalogue(() => JSON.stringify(pluginManifest(settings, company()), null, 2))
    const landingPolicy = byCatalogue(() => landingPagePolicy(imageOrigins(ctx.catalogue(), links)))
    const logo = byCatalogue(() => initialsLogo(company().name))

    app.get('/openapi.json', async (_request, reply) =>
      asDocument(reply, 'application/json; charset=utf-8').send(openApiJson()),
    )

    app.get('/openapi.yaml', async (_request, reply) =>
      asDocument(reply, 'application/yaml; charset=utf-8').send(await openApiYaml()),
    )

    const landing = byCatalogue(() =>
      expiringCache(
        async () => {
          const builtAt = ctx.now()
          const description = api()
          const example = await buildWorkedExample(ctx, links, description.baseUrl).catch(
            (error: unknown) => {
              app.log.warn({ err: error }, 'the worked example of /docs could not be built')
              return undefined
            },
          )
          const html = landingPage({
            settings,
            company: company(),
            api: description,
            example,
            endpointExamples: examples(),
            builtAt,
          })
          return { html, complete: example !== undefined }
        },
        (page) => (page.complete ? LANDING_PAGE_KEPT_MS : INCOMPLETE_PAGE_KEPT_MS),
        ctx.now,
      ),
    )

    app.get('/docs', async (_request, reply) => {
      const page = await landing()()
      return asDocument(reply, 'text/html; charset=utf-8')
        .header('content-security-policy', landingPolicy())
        .send(page.html)
    })

    // Legacy: ChatGPT plugins were retired in 2024, but some crawlers still read the manifest.
    app.get('/.well-known/ai-plugin.json', async (_request, reply) =>
      asDocument(reply, 'application/json; charset=utf-8').send(manifest()),
    )

    // UCP's business profile, the MCP Registry's server.json, the Server Card and its catalogue.
    registerPlatformDocuments(app, { siteUrl: links.siteUrl, company, asDocument })

    // The company's initials, for a fleet that names no logo of its own.
    app.get('/logo.svg', async (_request, reply) =>
      reply.type('image/svg+xml').header('cache-control', DOCUMENT_CACHE_CONTROL).send(logo()),
    )

    // For the editors of fleet files (`# yaml-language-server: $schema=...`) and other tools.
    const fleetSchema = fleetJsonSchemaText()
    app.get(FLEET_SCHEMA_PATH, async (_request, reply) =>
      asDocument(reply, 'application/schema+json; charset=utf-8').send(fleetSchema),
    )

    app.get('/llms.txt', async (_request, reply) =>
      asDocument(reply, 'text/plain; charset=utf-8').send(llms()),
    )

    // Swagger UI's page has one title for every company: the company's goes in as it is sent,
    // and the addresses of its files carry their version, so browsers keep them.
    app.addHook('onSend', (request, reply, payload, done) => {
      const html = typeof payload === 'string' && request.url.startsWith('/docs/api')
      const type = String(reply.getHeader('content-type') ?? '')
      if (!html || !type.startsWith('text/html')) return done(null, payload)
      done(
        null,
        withVersionedAssets(
          payload.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(api().title)}</title>`),
        ),
      )
    })

    // Before Swagger UI's own file server, so that these answer from memory, compressed.
    await app.register(referenceAssets('/docs/api/static', referencePolicy(settings.publicUrl)))

    await app.register(fastifySwaggerUi, {
      routePrefix: '/docs/api',
      // The published document, the company's `info` included, rather than the generated one.
      transformSpecification: () => openApi(),
      transformSpecificationClone: false,
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
      theme: { title: 'Agent API reference' },
    })
  }
}
