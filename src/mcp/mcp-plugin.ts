import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { rateLimitHook } from '../http/rate-limit-hook.ts'
import type { Tracing } from '../observability/tracing.ts'
import type { OperationDeps } from '../operations/agent-operations.ts'
import type { RateLimiter } from '../rate-limit/rate-limiter.ts'
import type { OperationSettings } from '../schemas/operations.ts'
import { originCheck, preflight } from './origin-check.ts'

export const MCP_PATH = '/mcp'

/** MCP messages are small; a larger body is refused before it is read whole. */
const BODY_LIMIT_BYTES = 64 * 1024

/** Stands for a body that is not JSON, so the answer can be JSON-RPC's parse error. */
const NOT_JSON = Symbol('not JSON')

/**
 * The MCP SDK, with zod under it, takes some 30 MB of memory once loaded: it is loaded by the
 * first MCP request rather than at start-up, so an instance that serves only the HTTP API and the
 * website does without it.
 */
let mcpModules:
  | Promise<{
      createMcpServer: typeof import('./create-mcp-server.ts').createMcpServer
      StreamableHTTPServerTransport: typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js').StreamableHTTPServerTransport
    }>
  | undefined
function loadMcpModules() {
  mcpModules ??= Promise.all([
    import('./create-mcp-server.ts'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]).then(([server, transport]) => ({
    createMcpServer: server.createMcpServer,
    StreamableHTTPServerTransport: transport.StreamableHTTPServerTransport,
  }))
  return mcpModules
}

export type McpEndpointDeps = OperationDeps & {
  settings: OperationSettings
  rateLimiter: RateLimiter
  allowedOrigins: readonly string[]
  /** With tracing, each message is a span, parented by the trace context in its `_meta`. */
  tracing?: Tracing | undefined
}

/**
 * MCP over Streamable HTTP at /mcp, stateless: every POST gets a fresh server and transport and
 * is answered as plain JSON, so any instance behind a load balancer can answer any request. Each
 * POST counts against the client's API rate limit like any API request.
 */
export function mcpEndpoint(deps: McpEndpointDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.addHook('onRequest', originCheck(deps.allowedOrigins))
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)))
        } catch {
          done(null, NOT_JSON)
        }
      },
    )
    app.post(
      MCP_PATH,
      { onRequest: rateLimitHook(deps.rateLimiter), bodyLimit: BODY_LIMIT_BYTES },
      (request, reply) => answer(deps, request, reply),
    )
    app.options(MCP_PATH, preflight)
    // Stateless: there is no session to stream to or to end.
    app.route({
      method: ['GET', 'DELETE'],
      url: MCP_PATH,
      handler: async (_request, reply) =>
        reply
          .code(405)
          .header('allow', 'POST, OPTIONS')
          .send(rpcError(-32000, 'This MCP server is stateless: send each message with POST')),
    })
  }
}

async function answer(deps: McpEndpointDeps, request: FastifyRequest, reply: FastifyReply) {
  if (request.body === NOT_JSON) {
    return reply.code(400).send(rpcError(-32700, 'Parse error: the body is not JSON'))
  }
  const { createMcpServer, StreamableHTTPServerTransport } = await loadMcpModules()
  const server = createMcpServer({ ...deps, log: request.log })
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  })
  // The SDK writes the answer itself; the headers set so far (rate limit, CORS) go with it.
  reply.hijack()
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value)
  }
  reply.raw.on('close', () => {
    void transport.close()
    void server.close()
  })
  try {
    await server.connect(transport)
    const handle = () => transport.handleRequest(request.raw, reply.raw, request.body)
    await (deps.tracing ? deps.tracing.mcpMessage(request.body, handle) : handle())
  } catch (error) {
    request.log.error({ err: error }, 'MCP request failed')
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(500, { 'content-type': 'application/json' })
      reply.raw.end(JSON.stringify(rpcError(-32603, 'Internal error')))
    }
  }
}

function rpcError(code: number, message: string) {
  return { jsonrpc: '2.0', error: { code, message }, id: null }
}
