/**
 * The discovery documents, listed once for the landing page and /llms.txt alike. Paths are
 * relative to the site, so the page links to whichever host served it.
 */
export type DocumentLink = { path: string; title: string; purpose: string }

export const DOCUMENT_LINKS: readonly DocumentLink[] = [
  {
    path: '/docs/api',
    title: 'Interactive reference',
    purpose: 'Every operation, parameter and response; try each call from the browser',
  },
  {
    path: '/openapi.yaml',
    title: 'OpenAPI 3.1 (YAML)',
    purpose: 'The machine-readable description, for code generators and agent platforms',
  },
  {
    path: '/openapi.json',
    title: 'OpenAPI 3.1 (JSON)',
    purpose: 'The same document in JSON',
  },
  {
    path: '/.well-known/ai-plugin.json',
    title: 'Plugin manifest',
    purpose: 'For agent platforms that install an API from its ai-plugin.json',
  },
  {
    path: '/llms.txt',
    title: 'llms.txt',
    purpose: 'The whole API in one Markdown file, for language models',
  },
]
