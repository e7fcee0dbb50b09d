import type { FastifyReply, FastifyRequest } from 'fastify'
import { rpcError } from './message-check.ts'

/**
 * The headers a browser-based MCP client sends and may read, for the CORS answers: those of the
 * 2025 revisions and the standard ones of 2026-07-28 (`Mcp-Method`, `Mcp-Name`).
 */
const ALLOWED_HEADERS =
  'content-type, accept, mcp-protocol-version, mcp-session-id, last-event-id, mcp-method, mcp-name'
const EXPOSED_HEADERS =
  'mcp-session-id, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after'

/**
 * DNS-rebinding protection for /mcp, first half: the Host header must name this server. A page on
 * a site whose name was made to resolve to this machine (or to a server inside a private network)
 * reaches it under that site's name, and its requests carry that name as their Host. Checked by
 * the SDK's own rule (the name without the port), loaded with the SDK by the first MCP request.
 */
export function hostCheck(allowedHosts: readonly string[]) {
  const allowed = [...allowedHosts]
  return async function checkHost(request: FastifyRequest, reply: FastifyReply) {
    const { validateHostHeader } = await import('@modelcontextprotocol/server')
    if (validateHostHeader(request.headers.host, allowed).ok) return
    reply
      .code(403)
      .send(
        rpcError(
          -32000,
          `Host ${JSON.stringify(request.headers.host ?? '')} is not a name of this MCP server; allowed: ${allowed.join(', ')} (MCP_ALLOWED_HOSTS)`,
        ),
      )
    return reply
  }
}

/**
 * DNS-rebinding protection for /mcp, second half: a request from a web page must come from an allowed origin,
 * or a page on any site could drive an MCP server reachable from the person's browser. A request
 * without Origin (an agent outside a browser) passes. Allowed origins get CORS headers, so a
 * browser-based client on one of them can call.
 */
export function originCheck(allowedOrigins: readonly string[]) {
  return async function checkOrigin(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin
    if (origin === undefined) return
    if (!allowedOrigins.includes(origin)) {
      reply
        .code(403)
        .send(
          rpcError(
            -32000,
            `Origin ${origin} may not call this MCP server; allowed: ${allowedOrigins.join(', ')} (MCP_ALLOWED_ORIGINS)`,
          ),
        )
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
