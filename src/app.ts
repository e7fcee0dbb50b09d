import fastifySwagger from '@fastify/swagger'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyServerOptions } from 'fastify'
import type { Config } from './config.ts'
import { PLATFORM_DOCUMENT_PATHS } from './docs/agent-platform-documents.ts'
import { API_VERSION } from './docs/company-openapi.ts'
import { discoveryDocuments } from './docs/discovery-plugin.ts'
import { finishOpenApi } from './docs/finish-openapi.ts'
import { DomainError } from './domain/errors.ts'
import { agentApi } from './http/api-plugin.ts'
import { clientErrorHandler, rememberBodyPaths } from './http/client-error.ts'
import { registerCompression } from './http/compression.ts'
import { RETRY_AFTER_UNAVAILABLE_SECONDS, sendError } from './http/error-response.ts'
import { frameworkErrorHandler } from './http/framework-error.ts'
import { imageFiles } from './http/image-files.ts'
import { registerOverloadGuard } from './http/overload.ts'
import { requestLogging } from './http/request-logging.ts'
import { API_TAG } from './http/routes/error-responses.ts'
import { mcpEndpoint } from './mcp/mcp-plugin.ts'
import { countedContext } from './observability/channel-counts.ts'
import { countedRateLimiter } from './observability/counted-rate-limiter.ts'
import { registerMetricsRoute } from './observability/metrics-endpoint.ts'
import type { Observability } from './observability/observability.ts'
import { recordCompletedRequests, registerRequestMetrics } from './observability/request-metrics.ts'
import { messagePage } from './pages/message-page.ts'
import { type PageDeps, renderPage } from './pages/page-deps.ts'
import { pageAddressError, pageNotFound } from './pages/page-errors.ts'
import { bookingPages } from './pages/pages-plugin.ts'
import { SiteLinks } from './presenters/site-links.ts'
import type { RateLimiter } from './rate-limit/rate-limiter.ts'
import { operationDocs } from './schemas/operations.ts'
import { validationError } from './schemas/validation-error.ts'
import { securityHeaders } from './security/security-headers.ts'
import { registerSiteHeaders } from './security/site-headers.ts'
import { ucpCheckout } from './ucp/ucp-plugin.ts'
import { UCP_ENDPOINT_PATH } from './ucp/ucp-spec.ts'
import type { VerbContext } from './verbs/context.ts'

export const API_PREFIX = '/api/agent'
export const BOOK_PREFIX = '/book'
/** The longest a request's headers may take to arrive (at most the request timeout). */
const HEADERS_TIMEOUT_MS = 10_000
/** Read by agents' scripts in browsers, like the API: open to CORS. */
const CORS_DOCUMENTS = [
  '/openapi.json',
  '/openapi.yaml',
  '/.well-known/ai-plugin.json',
  '/llms.txt',
  ...PLATFORM_DOCUMENT_PATHS,
]

export type AppDeps = {
  ctx: VerbContext
  rateLimiter: RateLimiter
  /** Counts the website's booking confirmations per client, apart from the API. */
  bookingRateLimiter: RateLimiter
  config: Config
  /** Whether the store and the shared rate-limit count answer, for /ready. */
  ready?: () => Promise<boolean>
  logger?: FastifyServerOptions['logger']
  /** Metrics and traces, when they are on (src/observability/). */
  observability?: Pick<Observability, 'metrics' | 'tracing'>
}

/** Builds the whole service without listening, so tests can `inject` requests in-process. */
export async function buildApp(deps: AppDeps) {
  const links = new SiteLinks(deps.config.publicUrl)
  const { metrics, tracing } = deps.observability ?? {}
  // Each door counts its quotes, bookings and cancellations, and the limits their refusals.
  const rateLimiter = countedRateLimiter(deps.rateLimiter, metrics, 'api')
  const pageDeps: PageDeps = {
    ctx: countedContext(deps.ctx, metrics, 'website'),
    links,
    bookingRateLimiter: countedRateLimiter(deps.bookingRateLimiter, metrics, 'booking'),
    quoteRateLimiter: rateLimiter,
    secureCookies: deps.config.publicUrl.startsWith('https:'),
    cookieSecret: deps.config.cookieSecret,
  }
  const apiFrameworkErrors = frameworkErrorHandler(API_PREFIX, rateLimiter)
  const pageFrameworkErrors = pageAddressError(pageDeps)
  const requestTimeoutMs = deps.config.requestTimeoutSeconds * 1000
  const logging = requestLogging(deps.logger)
  // The answers are timed where Fastify logs them as completed (request-metrics.ts); with
  // tracing, the request's log lines are written in its trace, so they carry its id.
  let logController = logging.logController
  if (metrics) logController = recordCompletedRequests(logController, metrics)
  if (tracing) logController = tracing.logController(logController)
  const app = Fastify({
    logger: deps.logger ?? false,
    ...logging,
    logController,
    ajv: {
      // Parameters are validated as text (see query-parameters.ts): no coercion, and the failing
      // value is kept so the 400 can quote it. The schemas are not checked against JSON Schema's
      // own at every start (compiling that meta-schema was a tenth of the start-up): the API's
      // are, by the OpenAPI lint in the tests, and all are TypeBox's output.
      customOptions: { coerceTypes: false, allErrors: true, verbose: true, validateSchema: false },
    },
    schemaErrorFormatter: (errors) => validationError(errors),
    // Bounds what a hostile URL can make the router and parser do.
    routerOptions: { maxParamLength: 100 },
    frameworkErrors: (error, request, reply) =>
      isPagePath(request.url)
        ? pageFrameworkErrors(error, request, reply)
        : apiFrameworkErrors(error, request, reply),
    return503OnClosing: true,
    // A request must arrive whole within the timeout, its headers within 10 s of it, or it is
    // answered 408 and its connection closed: a body that trickles in cannot hold a connection
    // (and its memory) for ever. Node looks for such connections once a second, not every 30 s.
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      connectionsCheckingInterval: 1000,
    },
    // What the HTTP parser refuses or what arrives too late is answered in the service's shape.
    clientErrorHandler: clientErrorHandler({
      securityHeaders: securityHeaders({ publicUrl: deps.config.publicUrl }),
      isPagePath,
      requestTimeoutMs,
      page: ({ title, message }) =>
        renderPage(
          pageDeps,
          messagePage('This request cannot be handled', { kind: 'problem', title, message }),
        ),
    }),
    // Only the named proxies' X-Forwarded-For says who the client is; anyone else's is ignored,
    // so a client cannot rotate the header to escape the rate limit.
    trustProxy: deps.config.trustedProxies.length > 0 ? deps.config.trustedProxies : false,
  }).withTypeProvider<TypeBoxTypeProvider>()
  rememberBodyPaths(app.server)
  // Before any route: it hooks each route as it is added.
  registerCompression(app)

  // Before every other hook and route, so that they are all in the request's span and timed.
  if (tracing) await tracing.register(app)
  if (metrics) {
    registerRequestMetrics(app, metrics, { hasLogger: Boolean(deps.logger) })
    if (deps.config.metricsToken) registerMetricsRoute(app, metrics, deps.config.metricsToken)
  }

  // On shutdown, answers still in flight tell their client to close the connection, so that a
  // keep-alive socket does not hold the process open until its timeout after its last answer.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  // Synchronous: an async hook would cost every answer a turn of the promise queue.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })

  // Hardening: security headers, CORS for the read-only API and documents, and a 503 rather
  // than a queue when the event loop is saturated (src/security/, src/http/overload.ts).
  registerSiteHeaders(app, {
    publicUrl: deps.config.publicUrl,
    apiPrefix: API_PREFIX,
    corsDocuments: CORS_DOCUMENTS,
  })
  const isOverloaded = await registerOverloadGuard(app, {
    maxEventLoopDelayMs: deps.config.overloadMaxEventLoopDelayMs,
    apiPrefix: API_PREFIX,
  })

  app.setErrorHandler(sendError)
  const pageNotFoundHandler = pageNotFound(pageDeps)
  app.setNotFoundHandler(async (request, reply) => {
    // The CORS preflight route is the site's own; an OPTIONS it turns away under /book is a page.
    if (isPagePath(request.url)) return pageNotFoundHandler(request, reply)
    // A person's browser (which asks for HTML first) gets a page with the way to the search; an
    // agent or a script, the JSON error. A line of JSON was all a phone showed.
    if (wantsPage(request.url, request.headers.accept)) return pageNotFoundHandler(request, reply)
    throw new DomainError(
      'not_found',
      `${request.method} ${request.url.split('?')[0]} is not a page of this site`,
    )
  })

  // The site's own address, as a traveller types it or an agent shares it: the search.
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(BOOK_PREFIX, 302))

  // For load balancers and orchestrators; outside every rate limit and the OpenAPI document.
  app.get('/health', async () => ({ status: 'ok' }))
  app.get('/ready', async (_request, reply) => {
    const ready = deps.ready ? await deps.ready() : true
    if (!ready) reply.code(503).header('Retry-After', String(RETRY_AFTER_UNAVAILABLE_SECONDS))
    return { status: ready ? 'ready' : 'unavailable' }
  })

  // Registered before the routes so that it sees them; it documents only the tagged API routes.
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      // Replaced by the loaded company's (src/docs/company-openapi.ts) wherever it is published.
      info: { title: 'Agent API', version: API_VERSION },
      // No authentication: every operation is open to any agent.
      security: [],
      servers: [{ url: `${deps.config.publicUrl}${API_PREFIX}` }],
      tags: [{ name: API_TAG, description: 'Depots, availability, options and quotes' }],
    },
    hideUntagged: true,
    transform: ({ schema, url }) => ({
      schema: schema as never,
      url: url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url,
    }),
    transformObject: (documents) =>
      finishOpenApi(
        ('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject) as never,
        deps.config,
      ) as never,
  })
  await app.register(discoveryDocuments({ settings: deps.config, ctx: deps.ctx, links }))
  await app.register(imageFiles(deps.config.imagesDir, '/images/'))
  // The website: with its own error pages; only opening a checkout counts against the API's limit.
  await app.register(bookingPages(pageDeps), { prefix: BOOK_PREFIX })
  await app.register(
    agentApi({
      ctx: countedContext(deps.ctx, metrics, 'api'),
      links,
      docs: operationDocs(deps.config),
      rateLimiter,
      isOverloaded,
    }),
    { prefix: API_PREFIX },
  )
  // The same operations as MCP tools, counted against the same rate limit.
  await app.register(
    mcpEndpoint({
      ctx: countedContext(deps.ctx, metrics, 'mcp'),
      links,
      settings: deps.config,
      rateLimiter,
      allowedOrigins: deps.config.mcpAllowedOrigins,
      allowedHosts: deps.config.mcpAllowedHosts,
      tracing,
    }),
  )
  // The quote as a UCP checkout that hands over to the website, counted like the API.
  await app.register(
    ucpCheckout({ ctx: countedContext(deps.ctx, metrics, 'ucp'), links, rateLimiter }),
    {
      prefix: UCP_ENDPOINT_PATH,
    },
  )
  return app
}

/**
 * Whether a request for an address that is no page should get the site's page rather than the
 * JSON error: asked by a browser (its Accept prefers HTML to JSON, by quality, as a navigation's
 * does), for an address outside the machine-read ones (the API, MCP, UCP, images, /.well-known),
 * whose clients read JSON whatever they accept.
 */
function wantsPage(url: string, accept: string | undefined): boolean {
  if (accept === undefined || MACHINE_PATHS.test(url)) return false
  const html = acceptQuality(accept, 'text/html')
  return html > 0 && html > acceptQuality(accept, 'application/json')
}

/** The addresses whose missing ones are always JSON. */
const MACHINE_PATHS = /^\/(?:api|mcp|ucp|images|\.well-known)(?:[/?]|$)/

/** The quality an Accept header gives a media type named exactly (0 when not named). */
function acceptQuality(accept: string, type: string): number {
  for (const range of accept.split(',')) {
    const [name, ...parameters] = range.split(';')
    if (name?.trim().toLowerCase() !== type) continue
    const q = parameters.map((parameter) => parameter.trim()).find((p) => p.startsWith('q='))
    const quality = q === undefined ? 1 : Number(q.slice(2))
    return Number.isFinite(quality) ? quality : 0
  }
  return 0
}

/** True for the website's /book and anything under it. */
function isPagePath(url: string): boolean {
  return url === BOOK_PREFIX || /^\/book[/?%]/.test(url)
}
