import type { CompanyProfile } from '../presenters/company-profile.ts'
import { OPERATION_IDS } from '../schemas/operations.ts'
import type { DocsSettings } from './docs-settings.ts'

/**
 * How an agent connects over the Model Context Protocol, for /docs and /llms.txt alike: the
 * endpoint, the tools, and a client configuration for each transport.
 */
export function mcpConnectionMarkdown(settings: DocsSettings, company: CompanyProfile): string {
  // The server's key in a client's configuration: the company's name, in kebab case.
  const SERVER_KEY = company.slug
  const http = JSON.stringify(
    { mcpServers: { [SERVER_KEY]: { type: 'http', url: `${settings.publicUrl}/mcp` } } },
    null,
    2,
  )
  const stdio = JSON.stringify(
    {
      mcpServers: {
        [SERVER_KEY]: {
          command: 'npm',
          args: ['--prefix', '/path/to/vehicle-rental-agent-api', '--silent', 'run', 'mcp'],
          // Its quotes' checkout links name the website: the one a person can open.
          env: { PUBLIC_URL: settings.publicUrl },
        },
      },
    },
    null,
    2,
  )
  const tools = OPERATION_IDS.map((name) => `\`${name}\``)
  return `The same operations are tools of an MCP server, answering exactly as the API does: ${tools.slice(0, -1).join(', ')} and ${tools.at(-1)}. They take the API's parameter names (ids as numbers, \`accessory_ids\` as a list), are read-only, return the API's JSON as structured content with a short text and the same JSON as text, and report what the agent can fix (a bad date, an unknown id, a vehicle that cannot be rented) as a tool result marked as an error, with the API's message worded for tools: it names the tool and arguments to use (\`list_depots lists the valid ids\`), never an HTTP path. An empty result says why in its text (each vehicle's reason, or what the depot or the fleet has instead).

Streamable HTTP at \`${settings.publicUrl}/mcp\`, stateless (every message a POST, no session) and counted against the same rate limit as the API (${settings.rateLimitMax} requests per ${settings.rateLimitWindowSeconds} seconds per client). Clients of protocol revisions 2025-06-18 and 2025-11-25 connect with \`initialize\`; clients of 2026-07-28 send no handshake (\`server/discover\` describes the server, and the tool list carries cache hints of an hour). Every tool has a title and the company's logo as its icon. A request must name this server in its Host header, and a browser-based client must be on an allowed origin. The [server.json](${settings.publicUrl}/.well-known/mcp/server.json) describes this server for the MCP Registry.

\`\`\`json
${http}
\`\`\`

stdio, for an agent running on the machine that holds a copy of the service (it reads the same database and settings from the environment; \`PUBLIC_URL\` is the website its quotes' checkout links open, which must be served):

\`\`\`json
${stdio}
\`\`\``
}
