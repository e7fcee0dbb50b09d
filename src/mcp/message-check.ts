/*
 * What the MCP SDK would refuse in a message's params with its validation library's raw issue
 * list (and, for `initialize` without params, as an internal error, -32603): said here first as
 * JSON-RPC's invalid params (-32602), in a sentence that names the field and what to send.
 */

type Message = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }

/** The protocol revision whose messages carry their version in `_meta` (SEP-2575). */
const MODERN_REVISION = '2026-07-28'

/**
 * The JSON-RPC error answer for a 2025-era message whose params are malformed; undefined when they
 * are not, and for a 2026-07-28 one, whose params the SDK checks by that revision's own rules
 * (`initialize` there is a method not found, a missing `_meta` a 400).
 */
export function paramsRefusal(
  body: unknown,
  protocolVersionHeader: string | undefined,
): { jsonrpc: '2.0'; id: unknown; error: { code: -32602; message: string } } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  if (protocolVersionHeader !== undefined && protocolVersionHeader >= MODERN_REVISION) {
    return undefined
  }
  const message = body as Message
  const meta = (message.params as { _meta?: Record<string, unknown> } | undefined)?._meta
  if (
    typeof meta === 'object' &&
    meta !== null &&
    'io.modelcontextprotocol/protocolVersion' in meta
  ) {
    return undefined
  }
  // Only requests (with an id) are answered; a notification gets no answer either way.
  if (typeof message.method !== 'string' || message.id === undefined) return undefined
  const problem = paramsProblem(message.method, message.params)
  if (problem === undefined) return undefined
  return {
    jsonrpc: '2.0',
    id: message.id,
    error: { code: -32602, message: `Invalid params for ${message.method}: ${problem}` },
  }
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
    if (typeof client !== 'object' || client === null || typeof client.name !== 'string') {
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
