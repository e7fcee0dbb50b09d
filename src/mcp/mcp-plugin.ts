import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { rateLimitHeaders, rateLimitResponder } from '../http/rate-limit-hook.ts'
import type { Tracing } from '../observability/tracing.ts'
import type { OperationDeps } from '../operations/agent-operations.ts'
import type { RateLimitDecision, RateLimiter } from '../rate-limit/rate-limiter.ts'
import { refusalText } from '../rate-limit/too-many-requests.ts'
import type { OperationSettings } from '../schemas/operations.ts'
import type { McpDeps } from './create-mcp-server.ts'
import {
  carriesVersionInMeta,
  dropNullArguments,
  MAX_JSON_DEPTH,
  nestedDeeperThan,
  paramsRefusal,
  rpcError,
  TOO_DEEP_MESSAGE,
} from './message-check.ts'
import { hostCheck, originCheck, preflight } from './origin-check.ts'

export const MCP_PATH = '/mcp'

/** MCP messages are small; a larger body is refused before it is read whole. */
const BODY_LIMIT_BYTES = 64 * 1024

/** Stands for a body that is not JSON, so the answer can be JSON-RPC's parse error. */
const NOT_JSON = Symbol('not JSON')
const TOO_DEEP = Symbol('nested too deep')

/**
 * The most messages one POST may carry as a JSON-RPC batch (revision 2025-03-26 lets a client
 * send them; later ones removed them). Each message counts against the rate limit like a request:
 * a batch of 100 quotes or flexible searches counted once let a client do a hundred times its
 * limit, and held the service's other answers for seconds.
 */
export const MAX_BATCH_MESSAGES = 10

/** Fastify's refusals of a body, by status, as the JSON-RPC error an MCP client reads. */
const BODY_REFUSALS: Record<number, [code: number, message: string]> = {
  413: [
    -32600,
    `Invalid Request: the body is larger than ${BODY_LIMIT_BYTES / 1024} KB; an MCP message needs far less`,
  ],
  415: [-32700, 'Parse error: send the message as JSON, with Content-Type: application/json'],
}

/**
 * The protocol revisions this server speaks: the SDK's 2025-era ones and 2026-07-28 (a test holds
 * the list to the SDK's). Written here so that the endpoint does not load the SDK to refuse one.
 */
export const SPOKEN_REVISIONS = [
  '2026-07-28',
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
]

/**
 * The MCP SDK, with zod under it, takes some 30 MB of memory once loaded: it is loaded by the
 * first MCP request rather than at start-up, so an instance that serves only the HTTP API and the
 * website does without it.
 */
let mcpModules:
  | Promise<{
      createMcpServer: typeof import('./create-mcp-server.ts').createMcpServer
      answerInEra: typeof import('./http-eras.ts').answerInEra
    }>
  | undefined
function loadMcpModules() {
  mcpModules ??= Promise.all([import('./create-mcp-server.ts'), import('./http-eras.ts')]).then(
    ([server, eras]) => ({
      createMcpServer: server.createMcpServer,
      answerInEra: eras.answerInEra,
    }),
  )
  return mcpModules
}

export type McpEndpointDeps = OperationDeps & {
  settings: OperationSettings
  rateLimiter: RateLimiter
  allowedOrigins: readonly string[]
  allowedHosts: readonly string[]
  /** With tracing, each message is a span, parented by the trace context in its `_meta`. */
  tracing?: Tracing | undefined
  /** For a tool call over the limit: its refusal, which the SDK writes as the tool's result. */
  countCall?: McpDeps['countCall']
}

/**
 * MCP over Streamable HTTP at /mcp, stateless: every POST is answered on its own as plain JSON,
 * so any instance behind a load balancer can answer any request. The SDK's handler serves both
 * eras on the one path: a client of revision 2025-06-18 or 2025-11-25 opens with `initialize`, one
 * of 2026-07-28 sends its version in every request's `_meta` (and the `Mcp-Method` and `Mcp-Name`
 * headers, which the handler checks against the body). Each POST counts against the client's API
 * rate limit like any API request, and each further message of a batch as one more.
 */
export function mcpEndpoint(deps: McpEndpointDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    // DNS rebinding: the Host a browser was tricked into sending, then the page's Origin.
    app.addHook('onRequest', hostCheck(deps.allowedHosts))
    app.addHook('onRequest', originCheck(deps.allowedOrigins))
    // JSON alone: Fastify's own text/plain parser let such a body through to the SDK, whose 415
    // carried another error code (-32000) than every other type's (-32700, BODY_REFUSALS).
    app.removeContentTypeParser('text/plain')
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (_request, body, done) => {
        let parsed: unknown
        try {
          parsed = JSON.parse(String(body))
        } catch {
          done(null, NOT_JSON)
          return
        }
        done(null, nestedDeeperThan(parsed, MAX_JSON_DEPTH) ? TOO_DEEP : parsed)
      },
    )
    const respond = rateLimitResponder(deps.rateLimiter)
    const writeHeaders = rateLimitHeaders(deps.rateLimiter)
    // A small POST over the limit, answered once its body says whether it is a tool call.
    const overLimit = new WeakMap<FastifyRequest, RateLimitDecision>()
    const countPost = async (request: FastifyRequest, reply: FastifyReply) => {
      const decision = await deps.rateLimiter.hit(request.ip)
      if (decision.allowed || !mayBeToolCall(request)) {
        // Over the limit, anything that cannot be a tool call is the 429 at once, its body unread.
        return respond(decision, reply) ? reply : undefined
      }
      writeHeaders(decision, reply)
      overLimit.set(request, decision)
      return undefined
    }
    app.post(
      MCP_PATH,
      { onRequest: countPost, bodyLimit: BODY_LIMIT_BYTES },
      async (request, reply) => {
        const over = overLimit.get(request)
        if (over) {
          // A tool call over the limit is the tool's result, as over stdio: the model reads when
          // to retry. The SDK's client threw a transport error for the 429, which agent loops
          // take for a failed server. The SDK writes it, as each revision encodes a result; the
          // tool does not run. The status-minded still have Retry-After and RateLimit.
          if (!isToolCall(request.body)) {
            respond(over, reply)
            return reply
          }
          const text = refusalText(over, deps.rateLimiter.windowSeconds)
          return answer({ ...deps, countCall: async () => text }, request, reply)
        }
        const unspoken = unspokenRevision(request)
        if (unspoken) return reply.code(400).send(unspoken)
        if (Array.isArray(request.body)) {
          const messages = request.body.length
          if (messages > MAX_BATCH_MESSAGES) {
            return reply
              .code(400)
              .send(
                rpcError(
                  -32600,
                  `Invalid Request: a batch holds at most ${MAX_BATCH_MESSAGES} messages, this one ${messages}; send the others in further POSTs`,
                ),
              )
          }
          // The POST itself counted the first message (rateLimitHook); the others count here.
          for (let counted = 1; counted < messages; counted++) {
            if (respond(await deps.rateLimiter.hit(request.ip), reply)) return reply
          }
        }
        return answer(deps, request, reply)
      },
    )
    // Fastify's own refusals of a body (too large, of another type) as JSON-RPC errors, which an
    // MCP client reads as the server's answer; the API's error shape was a transport failure to it.
    app.setErrorHandler((error, request, reply) => {
      // Over the limit, that is said first, whatever the body.
      const over = overLimit.get(request)
      if (over && respond(over, reply)) return reply
      const status = (error as { statusCode?: number }).statusCode ?? 500
      const refusal = BODY_REFUSALS[status]
      if (refusal) return reply.code(status).send(rpcError(...refusal))
      // Anything else (the rate limit's store not answering, say) as the rest of the service says it.
      throw error
    })
    app.options(MCP_PATH, preflight)
    // Stateless: there is no session to stream to or to end (and revision 2026-07-28 has no GET);
    // PUT and PATCH are no MCP methods at all. Each is a 405 saying to POST, not a 404.
    // Answered on the request, before any body is parsed: a PUT of text is a 405, not a 415.
    app.route({
      method: ['GET', 'DELETE', 'PUT', 'PATCH'],
      url: MCP_PATH,
      handler: async () => undefined,
      onRequest: (request, reply, _done) => {
        reply
          .code(405)
          .header('allow', 'POST, OPTIONS')
          .send(
            rpcError(
              -32000,
              request.method === 'GET' || request.method === 'DELETE'
                ? 'This MCP server is stateless: send each message with POST'
                : `${request.method} is not an MCP method: send each message with POST`,
            ),
          )
      },
    })
  }
}

async function answer(deps: McpEndpointDeps, request: FastifyRequest, reply: FastifyReply) {
  if (request.body === NOT_JSON) {
    return reply.code(400).send(rpcError(-32700, 'Parse error: the body is not JSON'))
  }
  if (request.body === TOO_DEEP) return reply.code(400).send(rpcError(-32600, TOO_DEEP_MESSAGE))
  const version = request.headers['mcp-protocol-version']
  dropNullArguments(request.body)
  const refusal = paramsRefusal(request.body, {
    accept: request.headers.accept,
    protocolVersion: typeof version === 'string' ? version : undefined,
  })
  if (refusal) return reply.code(200).send(refusal)
  const { createMcpServer, answerInEra } = await loadMcpModules()
  try {
    const handle = () =>
      answerInEra(
        request.raw,
        request.body,
        // A server per request, logging into this request's log.
        () => createMcpServer({ ...deps, log: request.log }),
        // What the SDK refuses (a missing header, a version it does not serve) is the client's
        // fault and is answered to the client; it is noted for whoever debugs one.
        (error) => request.log.debug({ err: error }, 'MCP request refused'),
      )
    const response = await (deps.tracing ? deps.tracing.mcpMessage(request.body, handle) : handle())
    // The headers set so far (rate limit, CORS) go with the SDK's answer.
    return reply.send(response)
  } catch (error) {
    request.log.error({ err: error }, 'MCP request failed')
    return reply.code(500).send(rpcError(-32603, 'Internal error'))
  }
}

/**
 * The most bytes of a POST over the limit that is read to see whether it is a tool call: a call's
 * arguments are a few hundred bytes; a larger body over the limit is the 429 unread.
 */
const OVER_LIMIT_BODY_BYTES = 4096

/** Whether a POST could carry one tool call worth reading over the limit: JSON, and small. */
function mayBeToolCall(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length'])
  return (
    Number.isInteger(length) &&
    length <= OVER_LIMIT_BODY_BYTES &&
    (request.headers['content-type'] ?? '').startsWith('application/json')
  )
}

/** One `tools/call` request (not a batch, not a notification). */
function isToolCall(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false
  const { method, id } = body as { method?: unknown; id?: unknown }
  return method === 'tools/call' && (typeof id === 'string' || typeof id === 'number')
}

/**
 * A 2025-style message (no version in its _meta) under a revision not spoken was refused by the
 * SDK as "missing the per-request envelope key(s): _meta", which sent a client looking for the
 * wrong fault: said as 2026-07-28's unsupported-version error says it. A message carrying its
 * version in _meta is the SDK's to answer, by that revision's rules.
 */
function unspokenRevision(request: FastifyRequest) {
  const version = request.headers['mcp-protocol-version']
  if (typeof version !== 'string' || SPOKEN_REVISIONS.includes(version)) return undefined
  if (carriesVersionInMeta(request.body)) return undefined
  const requested = version.slice(0, 40)
  const id = (request.body as { id?: unknown } | null)?.id
  return rpcError(
    -32022,
    `Unsupported protocol version: MCP-Protocol-Version ${JSON.stringify(requested)} is not a revision this server speaks; send one of ${SPOKEN_REVISIONS.join(', ')} (or no header with initialize)`,
    {
      id: typeof id === 'string' || typeof id === 'number' ? id : null,
      data: { supported: SPOKEN_REVISIONS, requested },
    },
  )
}
