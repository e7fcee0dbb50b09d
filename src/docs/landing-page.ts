import { todayIn } from '../domain/calendar-date.ts'
import { INVALID_REQUEST_CODES, UNAVAILABLE_CODES } from '../domain/errors.ts'
import type { CompanyProfile } from '../presenters/company-profile.ts'
import { exampleTooManyRequestsText } from '../rate-limit/too-many-requests.ts'
import { exampleDates } from '../schemas/example-dates.ts'
import type { ApiDescription } from './api-operations.ts'
import { apiRulesMarkdown } from './api-rules.ts'
import type { DocsSettings } from './docs-settings.ts'
import { DOCUMENT_LINKS } from './document-links.ts'
import type { EndpointExample } from './endpoint-examples.ts'
import { html, type SafeHtml, trustedHtml } from './html.ts'
import { LANDING_PAGE_STYLE } from './landing-page-style.ts'
import { sectionTitled, splitSections } from './markdown-sections.ts'
import { markdownToHtml } from './markdown-to-html.ts'
import { mcpConnectionMarkdown } from './mcp-connection.ts'
import { shortJson } from './short-json.ts'
import { termsOfUse } from './terms-of-use.ts'
import { ucpCheckoutMarkdown } from './ucp-checkout-docs.ts'
import type { ExampleCall, WorkedExample } from './worked-example.ts'

/**
 * /docs: the page a person reads to understand the API in a minute. Server-rendered HTML with an
 * inline style sheet and no script, so it reads anywhere, phones included. The rules are the
 * Markdown of api-rules.ts; the worked example is computed from the live data.
 */
export type LandingPageInput = {
  settings: DocsSettings
  company: CompanyProfile
  api: ApiDescription
  example: WorkedExample | undefined
  /** One-line examples of some operations, shown under them in the call order. */
  endpointExamples?: readonly EndpointExample[]
  builtAt: Date
}

export function landingPage(input: LandingPageInput): string {
  const { settings, company, api } = input
  const rules = splitSections(apiRulesMarkdown(settings, company.name))
  const callOrder = sectionTitled(rules, 'Call order')
  const errorsAndLimits = sectionTitled(rules, 'Errors and limits')
  const otherRules = rules.sections.filter(
    (section) => section !== callOrder && section !== errorsAndLimits,
  )
  const markdown = (text: string, idPrefix = '') =>
    trustedHtml(markdownToHtml(text, { headingOffset: 1, idPrefix }))
  const title = api.title

  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${rules.intro}">
<link rel="icon" href="${company.logoPath}">
<style>${trustedHtml(LANDING_PAGE_STYLE)}</style>
</head>
<body>
<header class="masthead">
<div class="wrap">
<img src="${company.logoPath}" alt="" width="44" height="44">
<p>${company.name}</p>
<a href="/docs/api">Try the API</a>
</div>
</header>
<main class="wrap">
<h1>${api.title}</h1>
<div class="lead">${markdown(rules.intro)}</div>
<ul class="facts">
<li>Base URL <code>${api.baseUrl}</code></li>
<li>Every call is a <code>GET</code> answering JSON</li>
<li>No API key</li>
<li>Version ${api.version}</li>
<li>Also an MCP server at <code>/mcp</code></li>
<li>And a UCP checkout at <code>/ucp</code></li>
</ul>
<ul class="documents">
${DOCUMENT_LINKS.map((link) => html`<li><a href="${link.path}">${link.title}</a><span>${link.purpose}. Read by ${link.readBy}.</span></li>\n`)}
</ul>
<nav class="toc" aria-labelledby="toc-heading">
<h2 id="toc-heading">On this page</h2>
<ol>
<li><a href="#call-order">Call order</a></li>
<li><a href="#example">Worked example</a></li>
<li><a href="#mcp">Connect over MCP</a></li>
<li><a href="#ucp">Check out over UCP</a></li>
<li><a href="#rules">Rules</a></li>
<li><a href="#errors">Errors</a></li>
<li><a href="#rate-limits">Rate limits</a></li>
<li><a href="#terms">Terms of use</a></li>
</ol>
</nav>

<section id="call-order" aria-labelledby="call-order-heading">
<h2 id="call-order-heading">Call order</h2>
${markdown(callOrder.body)}
<dl class="operations">
${api.operations.map((operation) => html`<dt><code>${operation.method} ${operation.path}</code> <span class="operation-id">${operation.operationId}</span></dt><dd>${operation.summary}</dd>\n${operationExample(operation.method, operation.operationId, input.endpointExamples)}`)}
</dl>
</section>

${workedExample(input)}

<section id="mcp" aria-labelledby="mcp-heading">
<h2 id="mcp-heading">Connect over MCP</h2>
${markdown(mcpConnectionMarkdown(settings, company))}
</section>

<section id="ucp" aria-labelledby="ucp-heading">
<h2 id="ucp-heading">Check out over UCP</h2>
${markdown(ucpCheckoutMarkdown(settings, company))}
</section>

<section id="rules" aria-labelledby="rules-heading">
<h2 id="rules-heading">Rules</h2>
${otherRules.map((section) => markdown(`## ${section.title}\n${section.body}`, 'rules-'))}
</section>

${errors(input, markdown(errorsAndLimits.body))}

${rateLimits(settings, input.builtAt)}

${termsOfUse(settings, company)}
</main>
<footer>
<div class="wrap">
<p>${company.name} · ${api.title} ${api.version}${company.email ? html` · <a href="mailto:${company.email}">${company.email}</a>` : ''}${company.phone ? html` · ${company.phone}` : ''} · <a href="#terms">Terms of use</a>${company.website ? html` · <a href="${company.website}">${company.name}</a>` : ''}</p>
</div>
</footer>
</body>
</html>
`.value
}

function operationExample(
  method: string,
  operationId: string,
  examples: readonly EndpointExample[] = [],
): SafeHtml {
  const example = examples.find((candidate) => candidate.operationId === operationId)
  if (!example) return html``
  return html`<dd class="example">Example: <code>${method} ${example.request}</code> answers <code>${example.answer}</code></dd>\n`
}

function workedExample({ example, builtAt }: LandingPageInput): SafeHtml {
  if (!example) {
    return html`<section id="example" aria-labelledby="example-heading">
<h2 id="example-heading">Worked example</h2>
<p>No vehicle is free in the next few weeks to build an example from right now. The <a href="/docs/api">interactive reference</a> runs each call against the live data.</p>
</section>`
  }
  const { search, quote, rentalDays } = example
  const fees = quote.priceBreakdown
  const money = (amount: number) => amount.toFixed(2)
  return html`<section id="example" aria-labelledby="example-heading">
<h2 id="example-heading">Worked example</h2>
<p>Real requests to this service and its answers for a ${rentalDays}-day rental from ${search.pickUpDepot.name} on ${search.pickUpDate} to ${search.dropOffDepot.name} on ${search.dropOffDate}, made at ${builtAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. Long lists are cut (<code>… 3 more</code>); run the requests yourself to see them whole.</p>
${example.calls.map((call, index) => exampleCall(call, index + 1))}
<div class="callout">
<p><strong>totalAmount ${money(quote.totalAmount)}</strong> = rentalFee ${money(fees.rentalFee)} + routeFee ${money(fees.routeFee)} + accessoriesFee ${money(fees.accessoriesFee)} + insuranceFee ${money(fees.insuranceFee)} + surchargesFee ${money(fees.surchargesFee)}${fees.discount > 0 ? ` - discount ${money(fees.discount)}` : ''} ${quote.currency}, GST included${fees.surcharges.length > 0 ? html` (surcharges: ${fees.surcharges.map((line) => `${line.name} ${money(line.cost)}`).join(', ')})` : ''}.</p>
<p>Give the person the quote's <code>checkoutUrl</code>: it opens the website's checkout with the same choices, where they book at this price until <code>expiresAt</code>. The quote above was made when this page was built; run the request for a fresh one.</p>
</div>
</section>`
}

function exampleCall(call: ExampleCall, number: number): SafeHtml {
  const id = `example-${number}`
  return html`<article class="step" aria-labelledby="${id}-heading">
<h3 id="${id}-heading"><span class="step-number">${number}</span>${call.title}</h3>
<p>${call.explanation}</p>
${requestAndResponse(call, id)}
</article>
`
}

function requestAndResponse(call: ExampleCall, id: string): SafeHtml {
  const statusClass = call.status >= 400 ? 'status status-error' : 'status'
  return html`<p class="label">Request</p>
<pre class="request"><code>curl -s "${call.url}"</code></pre>
<p class="label">Response <span class="${statusClass}">${call.status}</span></p>
<pre class="response" id="${id}-response"><code>${shortJson(call.body, call.display)}</code></pre>`
}

function errors(input: LandingPageInput, summary: SafeHtml): SafeHtml {
  const codes = (list: readonly string[]) => list.map((code) => html`<code>${code}</code> `)
  return html`<section id="errors" aria-labelledby="errors-heading">
<h2 id="errors-heading">Errors</h2>
${summary}
<table class="stack">
<thead><tr><th scope="col">Status</th><th scope="col">When</th><th scope="col">code</th></tr></thead>
<tbody>
<tr><td data-label="Status">400</td><td data-label="When">A parameter is missing, given twice, malformed or not acceptable; <code>parameter</code> names it</td><td data-label="code" class="codes">${codes(INVALID_REQUEST_CODES)}</td></tr>
<tr><td data-label="Status">404</td><td data-label="When"><code>/quotes</code>: the vehicle cannot be rented for the request (the message says why); any unknown path</td><td data-label="code" class="codes">${codes([...UNAVAILABLE_CODES, 'not_found'])}</td></tr>
<tr><td data-label="Status">405</td><td data-label="When">Another method than <code>GET</code> (or <code>HEAD</code>) on an endpoint's path; <code>Allow</code> says which</td><td data-label="code" class="codes">${codes(['method_not_allowed'])}</td></tr>
<tr><td data-label="Status">429</td><td data-label="When">Over the rate limit; plain text, with <code>Retry-After</code></td><td data-label="code">—</td></tr>
<tr><td data-label="Status">503</td><td data-label="When">Temporarily unavailable; retry after <code>Retry-After</code> seconds</td><td data-label="code" class="codes">${codes(['service_unavailable'])}</td></tr>
</tbody>
</table>
${input.example ? html`<h3>A real refusal</h3><p>${input.example.error.explanation}</p>${requestAndResponse(input.example.error, 'example-error')}` : ''}
</section>`
}

function rateLimits(settings: DocsSettings, builtAt: Date): SafeHtml {
  const { resetAt } = exampleDates(todayIn(settings.timeZone, builtAt), settings)
  return html`<section id="rate-limits" aria-labelledby="rate-limits-heading">
<h2 id="rate-limits-heading">Rate limits</h2>
<p>${settings.rateLimitMax} requests per ${settings.rateLimitWindowSeconds} seconds per client address, counted for every request under <code>/api/agent</code>, refusals included (and so are the calls you try from the interactive reference). This page and the documents linked above are not counted.</p>
<table class="stack">
<thead><tr><th scope="col">Header</th><th scope="col">On</th><th scope="col">Meaning</th></tr></thead>
<tbody>
<tr><td data-label="Header"><code>X-RateLimit-Limit</code></td><td data-label="On">every API response</td><td data-label="Meaning">Requests allowed in the window</td></tr>
<tr><td data-label="Header"><code>X-RateLimit-Remaining</code></td><td data-label="On">every API response</td><td data-label="Meaning">Requests left in the window</td></tr>
<tr><td data-label="Header"><code>X-RateLimit-Reset</code></td><td data-label="On">every API response</td><td data-label="Meaning">When the window resets, as a UTC ISO 8601 instant</td></tr>
<tr><td data-label="Header"><code>RateLimit-Policy</code>, <code>RateLimit</code></td><td data-label="On">every API response</td><td data-label="Meaning">The same in the IETF fields, for clients that read those</td></tr>
<tr><td data-label="Header"><code>Retry-After</code></td><td data-label="On">429 and 503</td><td data-label="Meaning">Seconds to wait before retrying</td></tr>
</tbody>
</table>
<p>Over the limit the answer is a 429 in plain text, for example:</p>
<pre class="response"><code>${exampleTooManyRequestsText(settings.rateLimitMax, settings.rateLimitWindowSeconds, resetAt).trim()}</code></pre>
</section>`
}
