import type { CompanyProfile } from '../presenters/company-profile.ts'
import type { ApiDescription, ApiOperation } from './api-operations.ts'
import { apiRulesMarkdown } from './api-rules.ts'
import type { DocsSettings } from './docs-settings.ts'
import { DOCUMENT_LINKS } from './document-links.ts'
import type { EndpointExample } from './endpoint-examples.ts'
import { type MarkdownSection, sectionTitled, splitSections } from './markdown-sections.ts'
import { mcpConnectionMarkdown } from './mcp-connection.ts'
import { ucpCheckoutMarkdown } from './ucp-checkout-docs.ts'

/**
 * /llms.txt (llmstxt.org): an H1, a one-paragraph summary as a blockquote, then H2 sections,
 * the first of them the list of documents. The rules (the call order first) and every operation
 * with its parameters (and, for some, a one-line example from the loaded fleet) follow, so a
 * language model learns the whole API in one fetch.
 */
export function llmsTxt(
  settings: DocsSettings,
  company: CompanyProfile,
  api: ApiDescription,
  examples: readonly EndpointExample[] = [],
): string {
  const site = settings.publicUrl
  const rules = splitSections(apiRulesMarkdown(settings, company.name))
  const contact = [
    company.email ? `- [Contact](mailto:${company.email}): questions and problems` : undefined,
    company.phone ? `- Phone: ${company.phone}` : undefined,
    company.website
      ? `- [${company.name}](${company.website}): the company's own website`
      : undefined,
  ].filter((line) => line !== undefined)
  const callOrder = sectionTitled(rules, 'Call order')
  return `${[
    `# ${api.title}`,
    `> ${rules.intro.replace(/\s*\n\s*/g, ' ')}`,
    `Base URL: ${api.baseUrl}. Every endpoint is a GET answering JSON; no authentication. Version ${api.version}.`,
    '## Docs',
    [
      `- [Landing page](${site}/docs): what the API does, a worked example with real requests and responses, rules, errors and rate limits (read by developers and agents)`,
      ...DOCUMENT_LINKS.map(
        (link) =>
          `- [${link.title}](${site}${link.path}): ${link.purpose} (read by ${link.readBy})`,
      ),
    ].join('\n'),
    section(callOrder),
    '## Endpoints',
    api.operations.map((operation) => endpoint(operation, examples)).join('\n'),
    `## Connect over MCP\n${mcpConnectionMarkdown(settings, company)}`,
    `## Check out over UCP\n${ucpCheckoutMarkdown(settings, company)}`,
    ...rules.sections.filter((other) => other !== callOrder).map(section),
    '## Optional',
    [
      `- [Terms of use](${company.termsUrl}): what agents may do with the API and its quotes`,
      ...contact,
    ].join('\n'),
  ].join('\n\n')}\n`
}

function section({ title, body }: MarkdownSection): string {
  return `## ${title}\n${body}`
}

/**
 * One list item per operation (paths relative to the base URL), its parameters nested under it,
 * then its example when it has one.
 */
function endpoint(operation: ApiOperation, examples: readonly EndpointExample[]): string {
  const lines = [
    `- \`${operation.method} ${operation.path}\` (\`${operation.operationId}\`): ${operation.summary}. ${operation.description}`,
  ]
  for (const parameter of operation.parameters) {
    const need = parameter.required ? 'required' : 'optional'
    const example = parameter.example === undefined ? '' : `; example \`${parameter.example}\``
    lines.push(
      `  - \`${parameter.name}\` (${parameter.in}, ${parameter.type}, ${need}): ${parameter.description}${example}`,
    )
  }
  const example = examples.find((candidate) => candidate.operationId === operation.operationId)
  if (example) {
    lines.push(
      `  - Example: \`${operation.method} ${example.request}\` answers \`${example.answer}\``,
    )
  }
  return lines.join('\n')
}
