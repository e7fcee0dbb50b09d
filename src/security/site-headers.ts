import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { corsOpenPaths, OPEN_CORS_HEADERS, PREFLIGHT_MAX_AGE, PREFLIGHT_METHODS } from './cors.ts'
import { securityHeaders } from './security-headers.ts'

/**
 * The headers every answer of the site starts with, in one synchronous request hook: Helmet's
 * security headers (security-headers.ts) and CORS (cors.ts). Both are worked out once at start-up;
 * per request this only copies them and looks at the path. (The Helmet and CORS plugins did the
 * same work per request in three hooks, one of them a promise: a fifth of an API answer's time.)
 *
 * They go on the reply's own headers, never on the raw response: once a single header is set on
 * Node's response, its writeHead sets every other header again one by one (checking each, an
 * array each) before writing them, where otherwise it writes the reply's headers in one pass.
 * That was some 13% of an availability answer's CPU time under load.
 *
 * A CORS preflight on an open path is answered here with a 204; any other OPTIONS reaches the
 * catch-all route below and is not found, in the medium of its area.
 */
export function registerSiteHeaders(
  app: FastifyInstance,
  options: { publicUrl: string; apiPrefix: string; corsDocuments: readonly string[] },
): void {
  const security = securityHeaders({ publicUrl: options.publicUrl })
  const isOpen = corsOpenPaths({ apiPrefix: options.apiPrefix, documents: options.corsDocuments })

  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of security) reply.header(name, value)
    // Whether CORS headers are sent depends on the path, so caches keep answers apart by Origin.
    reply.header('vary', 'Origin')
    if (!isOpen(request.url)) {
      done()
      return
    }
    for (const [name, value] of OPEN_CORS_HEADERS) reply.header(name, value)
    if (request.raw.method === 'OPTIONS') answerPreflight(request, reply)
    else done()
  })

  // Lets an OPTIONS reach the hook above whatever its path; the hook answers the open ones.
  app.options('*', { schema: { hide: true } }, (_request, reply) => {
    reply.callNotFound()
  })
}

/**
 * Answers a preflight on an open path: GET and HEAD, any requested headers, kept a day. A bare
 * OPTIONS (no Origin) is answered the same way rather than with a text 400.
 */
function answerPreflight(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('access-control-allow-methods', PREFLIGHT_METHODS)
  reply.header('vary', 'Origin, Access-Control-Request-Headers')
  const asked = request.headers['access-control-request-headers']
  if (asked !== undefined) reply.header('access-control-allow-headers', asked)
  reply.header('access-control-max-age', PREFLIGHT_MAX_AGE)
  // A 204 with Content-Length 0: some browsers wait for a body otherwise.
  reply.code(204).header('content-length', '0').send()
}
