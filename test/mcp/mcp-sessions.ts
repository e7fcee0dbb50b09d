import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import {
  type CallToolResult,
  Client,
  type ClientOptions,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import type { TestAppOptions } from '../helpers/test-app.ts'
import { startApi } from '../http/api-client.ts'

/*
 * MCP sessions as agents open them, with the SDK's own client: over Streamable HTTP to the service
 * listening on a real port (beside the REST client of the same app, to compare the two doors), and
 * over stdio to `rental-agent mcp` run as its own process. A client speaks one of the two eras of
 * the protocol: 2025-11-25 (the `initialize` handshake, what clients have spoken so far) or
 * 2026-07-28 (no handshake, its version in every request).
 */

export type McpEra = '2025-11-25' | '2026-07-28'
export const MCP_ERAS: readonly McpEra[] = ['2025-11-25', '2026-07-28']

/** A client of the SDK speaking the given revision and nothing else. */
export function newClient(era: McpEra = '2025-11-25'): Client {
  const options: ClientOptions =
    era === '2026-07-28'
      ? { versionNegotiation: { mode: { pin: '2026-07-28' } } }
      : { supportedProtocolVersions: ['2025-11-25'] }
  return new Client({ name: 'test-agent', version: '1.0.0' }, options)
}

/** The package's command, as an agent host starts it: `rental-agent mcp`. */
export const COMMAND = resolve(import.meta.dirname, '../../bin/rental-agent.ts')

export async function connectHttp(
  mcpUrl: string,
  headers: Record<string, string> = {},
  era: McpEra = '2025-11-25',
): Promise<Client> {
  const client = newClient(era)
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers } }),
  )
  return client
}

/** The service listening on 127.0.0.1, its REST client, and an MCP client connected to /mcp. */
export async function startMcpOverHttp(options: TestAppOptions = {}, era: McpEra = '2025-11-25') {
  const api = await startApi(options)
  await api.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = api.app.server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  const mcpUrl = `${origin}/mcp`
  const client = await connectHttp(mcpUrl, {}, era)
  return {
    api,
    client,
    origin,
    mcpUrl,
    async close() {
      await client.close()
      await api.close()
    },
  }
}

/** `rental-agent mcp` as an agent host starts it: a child process spoken to over stdin and stdout. */
export async function connectStdio(env: Record<string, string>, era: McpEra = '2025-11-25') {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [COMMAND, 'mcp'],
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const client = newClient(era)
  await client.connect(transport)
  return { client, stderr: () => stderr, close: () => client.close() }
}

/** The structured result of a call that succeeded, after checking its text says something. */
export function structured<T>(result: CallToolResult | Record<string, unknown>): T {
  const call = result as CallToolResult
  assert.notEqual(call.isError, true, `the tool failed: ${JSON.stringify(call.content)}`)
  assert.ok(call.structuredContent, 'no structuredContent')
  const [first] = call.content
  assert.equal(first?.type, 'text')
  assert.ok(first.type === 'text' && first.text.length > 0, 'no text rendering')
  return call.structuredContent as T
}

/** The text of a call that failed as a tool result (isError), not as a protocol error. */
export function errorText(result: CallToolResult | Record<string, unknown>): string {
  const call = result as CallToolResult
  assert.equal(call.isError, true, `expected isError, got ${JSON.stringify(call).slice(0, 300)}`)
  assert.equal(call.structuredContent, undefined)
  const [first] = call.content
  assert.ok(first?.type === 'text', 'an error result has a text')
  return first.text
}

/** Tool arguments as an agent sends them: ids as numbers, the accessory list as a list. */
export function asToolArguments(params: Record<string, string>): Record<string, unknown> {
  const args: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(params)) {
    if (name === 'accessory_ids') args[name] = value === '' ? [] : value.split(',').map(Number)
    else args[name] = /^\d+$/.test(value) ? Number(value) : value
  }
  return args
}
