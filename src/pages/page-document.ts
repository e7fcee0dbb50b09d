import { BRAND } from '../docs/brand.ts'
import { html, type SafeHtml, trustedHtml } from '../docs/html.ts'
import { BOOKING_PAGE_STYLE } from './page-style.ts'

/**
 * The frame of every booking page: the landing page's masthead and footer around `main`. No
 * script anywhere: every step is a plain link or form, so the site works with JavaScript off.
 */
export function pageDocument(title: string, main: SafeHtml): string {
  return html`<!doctype html>
<html lang="en-NZ">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${BRAND.company}</title>
<link rel="icon" href="/logo.svg" type="image/svg+xml">
<style>${trustedHtml(BOOKING_PAGE_STYLE)}</style>
</head>
<body>
<header class="masthead">
<div class="wrap">
<img src="/logo.svg" alt="" width="44" height="44">
<p>${BRAND.company}</p>
<a href="/book">New search</a>
</div>
</header>
<main class="wrap">
${main}
</main>
<footer>
<div class="wrap">
<p>${BRAND.company} · Prices in New Zealand dollars (NZ$), GST included · <a href="/docs">For AI agents and developers</a></p>
</div>
</footer>
</body>
</html>
`.value
}
