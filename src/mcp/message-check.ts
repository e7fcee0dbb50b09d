/*
 * What the MCP SDK would refuse in a message's params with its validation library's raw issue
 * list (and, for `initialize` without params, as an internal error, -32603): said here first as
 * JSON-RPC's invalid params (-32602), in a sentence that names the field and what to send.
 */

type Message = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }

/** The methods of the 2025 revisions whose params are checked here; any other goes to the SDK. */
const CHECKED_METHODS = new Set([
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
])

/** The protocol revision whose messages carry their version in `_meta` (SEP-2575). */
const MODERN_REVISION = '2026-07-28'

/**
 * The JSON-RPC error answer for a 2025-era message whose params are malformed; undefined when they
 * are not, and for a 2026-07-28 one, whose params the SDK checks by that revision's own rules
 * (`initialize` there is a method not found, a missing `_meta` a 400).
 */
export function paramsRefusal(
  body: unknown,
  headers: { accept?: string | undefined; protocolVersion?: string | undefined },
): { jsonrpc: '2.0'; id: unknown; error: { code: -32602; message: string } } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  // What the transport refuses first (an Accept without both types, a revision it does not
  // serve, 2026-07-28's own checks) stays the SDK's to answer, with its status.
  const accept = headers.accept ?? ''
  if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
    return undefined
  const version = headers.protocolVersion
  if (version !== undefined && !(version.startsWith('2025-') && version < MODERN_REVISION)) {
    return undefined
  }
  const message = body as Message
  // Only a well-formed request of a method checked here: the rest (no jsonrpc, an id that is
  // no id, a method not found) is the SDK's to refuse, as JSON-RPC says.
  if (message.jsonrpc !== '2.0') return undefined
  if (typeof message.id !== 'string' && typeof message.id !== 'number') return undefined
  if (typeof message.method !== 'string' || !CHECKED_METHODS.has(message.method)) return undefined
  if (carriesVersionInMeta(message)) return undefined
  const problem = paramsProblem(message.method, message.params)
  if (problem === undefined) return undefined
  return {
    jsonrpc: '2.0',
    id: message.id,
    error: { code: -32602, message: `Invalid params for ${message.method}: ${problem}` },
  }
}

/**
 * Drops a tool call's `"arguments": null`, which some hosts send for a tool that takes none, and
 * which the SDK refused as invalid params: null means no arguments, as null means no value in
 * them. In a batch too. True when the message was changed.
 */
export function dropNullArguments(body: unknown): boolean {
  if (Array.isArray(body)) return body.map(dropNullArguments).some(Boolean)
  if (typeof body !== 'object' || body === null) return false
  const message = body as Message
  const params = message.params as Record<string, unknown> | undefined
  if (message.method !== 'tools/call' || typeof params !== 'object' || params === null) return false
  if (params.arguments !== null) return false
  delete params.arguments
  return true
}

/**
 * A JSON-RPC error answer of this server's own (not the SDK's), over HTTP and stdio alike; `id`
 * null when the message it answers has none that could be read.
 */
export function rpcError(
  code: number,
  message: string,
  answering: { id?: string | number | null; data?: unknown } = {},
) {
  const error =
    answering.data === undefined ? { code, message } : { code, message, data: answering.data }
  return { jsonrpc: '2.0' as const, error, id: answering.id ?? null }
}

/** Whether a message names its protocol revision in its `_meta`, as 2026-07-28's do. */
export function carriesVersionInMeta(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false
  const meta = (body as { params?: { _meta?: unknown } }).params?._meta
  return (
    typeof meta === 'object' && meta !== null && 'io.modelcontextprotocol/protocolVersion' in meta
  )
}

function paramsProblem(method: string, params: unknown): string | undefined {
  const isObject = typeof params === 'object' && params !== null && !Array.isArray(params)
  if (params !== undefined && !isObject) return 'params must be a JSON object'
  const fields = (params ?? {}) as Record<string, unknown>
  if (method === 'initialize') {
    if (!isObject) {
      return 'send params {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": ..., "version": ...}}'
    }
    if (typeof fields.protocolVersion !== 'string') return 'params.protocolVersion must be a string'
    if (typeof fields.capabilities !== 'object' || fields.capabilities === null) {
      return 'params.capabilities must be an object ({} for none)'
    }
    const client = fields.clientInfo as Record<string, unknown> | null | undefined
    if (
      typeof client !== 'object' ||
      client === null ||
      typeof client.name !== 'string' ||
      typeof client.version !== 'string'
    ) {
      return 'params.clientInfo must be an object with a name and a version'
    }
  }
  if (method === 'tools/call') {
    if (typeof fields.name !== 'string')
      return 'params.name must be the name of a tool (tools/list lists them)'
    const args = fields.arguments
    if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
      return "params.arguments must be a JSON object of the tool's parameters"
    }
  }
  return undefined
}

/**
 * How deep a message's JSON may nest. An MCP message nests a few levels (a tool call's arguments
 * are flat); some 4,000 levels, a 10 kB body, overflowed the stack of the SDK's own JSON.stringify
 * and answered 500.
 */
export const MAX_JSON_DEPTH = 64

/** Said for a message nested deeper than MAX_JSON_DEPTH, over HTTP and over stdio alike. */
export const TOO_DEEP_MESSAGE = `Invalid Request: the JSON nests more than ${MAX_JSON_DEPTH} levels deep; an MCP message needs a few`

/** Whether arrays and objects nest more than `limit` levels; stops as soon as they do. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (limit === 0) return true
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (nestedDeeperThan(item, limit - 1)) return true
  }
  return false
}
