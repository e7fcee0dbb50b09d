/**
 * The discovery documents, listed once for the landing page and /llms.txt alike, each with the
 * platforms that read it. Paths are relative to the site, so the page links to whichever host
 * served it.
 */
export type DocumentLink = { path: string; title: string; purpose: string; readBy: string }

export const DOCUMENT_LINKS: readonly DocumentLink[] = [
  {
    path: '/docs/api',
    title: 'Interactive reference',
    purpose: 'Every operation, parameter and response; try each call from the browser',
    readBy: 'developers',
  },
  {
    path: '/openapi.yaml',
    title: 'OpenAPI 3.1 (YAML)',
    purpose: 'The machine-readable description, for code generators and agent platforms',
    readBy: 'OpenAPI tools, GPT Actions and other platforms that import an OpenAPI document',
  },
  {
    path: '/openapi.json',
    title: 'OpenAPI 3.1 (JSON)',
    purpose: 'The same document in JSON',
    readBy: 'the same, where JSON is wanted',
  },
  {
    path: '/llms.txt',
    title: 'llms.txt',
    purpose: 'The whole API in one Markdown file, for language models',
    readBy: 'language models and the agents that fetch a site for them',
  },
  {
    path: '/.well-known/mcp/server.json',
    title: 'MCP Registry server.json',
    purpose: 'This MCP server as the MCP Registry lists it: name, logo, the remote at /mcp',
    readBy: 'the MCP Registry and the MCP clients and catalogues that read it',
  },
  {
    path: '/mcp/server-card',
    title: 'MCP Server Card (provisional)',
    purpose:
      'Identity and address of the MCP server before connecting, after the Server Card proposal (SEP-2127, a draft that may change)',
    readBy: 'MCP clients that discover servers by domain',
  },
  {
    path: '/.well-known/ai-catalog.json',
    title: 'AI Catalog (provisional)',
    purpose: 'Lists the Server Card, as the same proposal discovers a domain’s servers',
    readBy: 'MCP clients that discover servers by domain',
  },
  {
    path: '/.well-known/ucp',
    title: 'UCP business profile',
    purpose:
      'Universal Commerce Protocol: the checkout capability at /ucp, which prices a quote and hands over to the website',
    readBy: "Google's AI Mode and Gemini, and other UCP platforms",
  },
  {
    path: '/.well-known/ai-plugin.json',
    title: 'Plugin manifest (legacy)',
    purpose:
      'The ChatGPT plugin manifest (plugins were retired in 2024), pointing at /openapi.yaml',
    readBy: 'crawlers and tools that still read ai-plugin.json',
  },
]
