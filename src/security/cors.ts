import type { HeaderLine } from './security-headers.ts'

/** The headers a script on another site may read from an answer, beyond the safelisted ones. */
const EXPOSED_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
  'Retry-After',
  'ETag',
  // An empty availability answer's way to its reasons, and a flexible search's count before its limit.
  'Link',
  'X-Total-Count',
]

/** How long a browser may keep a preflight's answer: a day. */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400

/** What a readable answer carries: any origin, no credentials, the rate-limit headers exposed. */
export const OPEN_CORS_HEADERS: HeaderLine[] = [
  ['access-control-allow-origin', '*'],
  ['access-control-expose-headers', EXPOSED_HEADERS.join(', ')],
]

/** What a preflight for a readable path adds: GET and HEAD only, kept a day. */
export const PREFLIGHT_METHODS = 'GET, HEAD'
export const PREFLIGHT_MAX_AGE = String(PREFLIGHT_MAX_AGE_SECONDS)

/**
 * CORS for agents running in a browser: the read-only API and the discovery documents may be
 * read by a script on any site (no credentials: the API has none). Everything else, the
 * website's booking POST above all, sends no Access-Control-Allow-Origin, so another site's
 * script can neither read a page nor get a preflight for a POST through. `/mcp` is not listed:
 * its own route decides.
 *
 * Returns whether a request URL (path and query) is open to other sites. The headers are set in
 * the site's one request hook (site-headers.ts), as @fastify/cors set them: `Vary: Origin` on
 * every answer, the open headers on open paths, and a preflight on an open path answered 204.
 */
export function corsOpenPaths(options: {
  apiPrefix: string
  documents: readonly string[]
}): (url: string) => boolean {
  const api = `${options.apiPrefix}/`
  const documents = new Set(options.documents)
  return (url) => {
    const end = url.indexOf('?')
    const path = end === -1 ? url : url.slice(0, end)
    return path.startsWith(api) || path.startsWith('/images/') || documents.has(path)
  }
}
