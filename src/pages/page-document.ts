import { html, type SafeHtml, trustedHtml } from '../docs/html.ts'
import type { CompanyProfile } from '../presenters/company-profile.ts'
import { BOOKING_PAGE_STYLE } from './page-style.ts'

/** What a page says: its title and its `main`. The frame around it is the company's. */
export type PageContent = { title: string; main: SafeHtml }

export function page(title: string, main: SafeHtml): PageContent {
  return { title, main }
}

/**
 * The frame of every booking page: the company's masthead and footer (its name, logo, contacts
 * and terms, from the loaded fleet) around `main`. No script anywhere: every step is a plain
 * link or form, so the site works with JavaScript off.
 */
export function pageDocument(company: CompanyProfile, content: PageContent): string {
  const contacts = [
    company.phone
      ? html`<a href="tel:${company.phone.replace(/[^+0-9]/g, '')}">${company.phone}</a>`
      : undefined,
    company.email ? html`<a href="mailto:${company.email}">${company.email}</a>` : undefined,
  ].filter((item) => item !== undefined)
  return html`<!doctype html>
<html lang="en-NZ">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${content.title} · ${company.name}</title>
<link rel="icon" href="${company.logoPath}">
<style>${trustedHtml(BOOKING_PAGE_STYLE)}</style>
</head>
<body>
<header class="masthead">
<div class="wrap">
<img src="${company.logoPath}" alt="" width="44" height="44">
<p>${company.name}</p>
<a href="/book">New search</a>
</div>
</header>
<main class="wrap">
${content.main}
</main>
<footer>
<div class="wrap">
<p>${company.name} · Prices in New Zealand dollars (NZ$), GST included${contacts.map((contact) => html` · ${contact}`)}</p>
<p><a href="${company.termsUrl}">Terms and conditions</a>${company.website ? html` · <a href="${company.website}">${company.name} website</a>` : ''} · <a href="/docs">For AI agents and developers</a></p>
</div>
</footer>
</body>
</html>
`.value
}
