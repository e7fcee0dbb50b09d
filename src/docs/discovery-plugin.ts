import fastifyEtag from '@fastify/etag'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { stringify } from 'yaml'
import type { SiteLinks } from '../presenters/site-links.ts'
import type { VerbContext } from '../verbs/context.ts'
import type { DocsSettings } from './docs-settings.ts'

export type DiscoveryDeps = { settings: DocsSettings; ctx: VerbContext; links: SiteLinks }

/**
 * The discovery documents of spec section 1, served by the site itself. They are outside the
 * API's rate limit, generated from the running app once and then cached, and carry an ETag so
 * clients can revalidate them cheaply.
 */
export function discoveryDocuments({ settings }: DiscoveryDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(fastifyEtag)

    let openApiJson: string | undefined
    let openApiYaml: string | undefined
    const openApi = () => app.swagger() as unknown as Record<string, unknown>

    app.get('/openapi.json', async (_request, reply) => {
      openApiJson ??= JSON.stringify(openApi(), null, 2)
      return reply.type('application/json; charset=utf-8').send(openApiJson)
    })

    app.get('/openapi.yaml', async (_request, reply) => {
      openApiYaml ??= stringify(openApi(), { aliasDuplicateObjects: false, lineWidth: 0 })
      return reply.type('application/yaml; charset=utf-8').send(openApiYaml)
    })

    await app.register(fastifySwaggerUi, {
      routePrefix: '/docs/api',
      staticCSP: true,
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
    void settings
  }
}
