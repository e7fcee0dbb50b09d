import type { IncomingMessage } from 'node:http'
import { toWebRequest } from '@modelcontextprotocol/node'
import {
  createMcpHandler,
  isLegacyRequest,
  type Server,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server'

/** Reports what the SDK refused or could not serve. */
export type EraErrors = (error: Error) => void

/**
 * Answers one MCP POST in the era the client speaks. A client of revision 2026-07-28 carries its
 * version in the request's `_meta`: the SDK's handler serves it (the `Mcp-Method`/`Mcp-Name`
 * header checks, `server/discover`, cache hints) and refuses what is malformed in that era. Any
 * other request is a 2025 one (`initialize` and what follows it) and is answered as the 2025
 * revisions allow: statelessly, as one JSON body rather than the SDK's default one-event stream, so
 * that a proxy or a plain HTTP client reads it like any JSON answer.
 */
export async function answerInEra(
  raw: IncomingMessage,
  body: unknown,
  newServer: () => Server,
  onerror: EraErrors,
): Promise<Response> {
  const request = await toWebRequest(raw, body)
  if (await isLegacyRequest(request)) {
    const server = newServer()
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    })
    try {
      await server.connect(transport)
      return await transport.handleRequest(request, { parsedBody: body })
    } finally {
      await server.close()
    }
  }
  // Modern-only: the legacy requests were answered above.
  const handler = createMcpHandler(newServer, { legacy: 'reject', onerror })
  return handler.fetch(request, { parsedBody: body })
}
