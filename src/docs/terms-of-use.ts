import type { CompanyProfile } from '../presenters/company-profile.ts'
import type { DocsSettings } from './docs-settings.ts'
import { html, type SafeHtml } from './html.ts'

/**
 * The short terms of use at /docs#terms, where the plugin manifest's legal_info_url points unless
 * the fleet file gives the company's own terms (company.terms_url).
 */
export function termsOfUse(settings: DocsSettings, company: CompanyProfile): SafeHtml {
  return html`<section id="terms" aria-labelledby="terms-heading">
<h2 id="terms-heading">Terms of use</h2>
<ul>
<li>${company.name} offers this API so that software agents can help people find, compare and price a rental. It is read-only: it never books, charges or changes anything.</li>
<li>A quote's price is honoured until its <code>expiresAt</code> (${settings.quoteTtlMinutes} minutes after it is made) when the person books through its <code>checkoutUrl</code>. Nothing is reserved until the person books on the website.</li>
<li>Show prices as the API gives them: NZD, GST included, with the options chosen. Hand the person the <code>checkoutUrl</code>; do not book or pay on their behalf.</li>
<li>Stay within the rate limit (${settings.rateLimitMax} requests per ${settings.rateLimitWindowSeconds} seconds), say who you are in your <code>User-Agent</code>, and do not republish or resell the data in bulk.</li>
<li>The API is provided as is and may change; breaking changes get a new version in the OpenAPI document first.</li>
${company.email ? html`<li>Questions and problems: <a href="mailto:${company.email}">${company.email}</a>.</li>` : ''}
${company.termsUrl.startsWith(`${settings.publicUrl}/docs`) ? '' : html`<li>Bookings are made under <a href="${company.termsUrl}">${company.name}'s terms and conditions</a>.</li>`}
</ul>
</section>`
}
