import type { FastifyReply, FastifyRequest } from 'fastify'

/** The headers a browser-based MCP client sends and may read, for the CORS answers. */
const ALLOWED_HEADERS = 'content-type, accept, mcp-protocol-version, mcp-session-id, last-event-id'
const EXPOSED_HEADERS =
  'mcp-session-id, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after'

/**
 * DNS-rebinding protection for /mcp: a request from a web page must come from an allowed origin,
 * or a page on any site could drive an MCP server reachable from the person's browser. A request
 * without Origin (an agent outside a browser) passes. Allowed origins get CORS headers, so a
 * browser-based client on one of them can call.
 */
export function originCheck(allowedOrigins: readonly string[]) {
  return async function checkOrigin(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin
    if (origin === undefined) return
    if (!allowedOrigins.includes(origin)) {
      reply.code(403).send({
        jsonrpc: '2.0',
        error: {
          code: -32000,
          message: `Origin ${origin} may not call this MCP server; allowed: ${allowedOrigins.join(', ')} (MCP_ALLOWED_ORIGINS)`,
        },
        id: null,
      })
      return reply
    }
    reply.headers({
      'access-control-allow-origin': origin,
      'access-control-expose-headers': EXPOSED_HEADERS,
      vary: 'Origin',
    })
  }
}

/** Answers a browser's preflight for an allowed origin (the origin check ran before). */
export async function preflight(_request: FastifyRequest, reply: FastifyReply) {
  reply
    .code(204)
    .headers({
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '600',
    })
    .send()
}
