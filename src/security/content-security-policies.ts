/*
 * One Content-Security-Policy per area of the site, all here. Helmet sends the API's policy on
 * every answer (security-headers.ts); the pages, the landing page and the reference set their own
 * over it. Each allows what its area loads and nothing else; none may be framed by another site.
 */

/**
 * The API, the machine-readable documents and every JSON error: nothing to load, run or frame.
 * A browser that opens one shows it as data and nothing more. As Helmet takes it.
 */
export const API_POLICY_DIRECTIVES = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
}

/** The landing page, /docs: no script; images from this site and the host of the company's logo. */
export function landingPagePolicy(imageSources: readonly string[]): string {
  const images = ["'self'", ...imageSources].join(' ')
  return `default-src 'none'; img-src ${images}; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`
}

/**
 * What a booking page may load: its inline style sheet, images from this site and from the
 * hosts the fleet's vehicle images and logo live on, and nothing else; no script at all. Forms post
 * only to this site, and no other site may frame a page (a checkout inside a frame could be
 * click-jacked).
 */
export function bookingPagePolicy(imageSources: readonly string[]): string {
  const images = ["'self'", ...imageSources].join(' ')
  return `default-src 'none'; img-src ${images}; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`
}

/**
 * The one inline style Swagger UI applies (as its bundle writes it), allowed by its hash rather
 * than by 'unsafe-inline'. A Swagger UI upgrade that changes it shows as a violation in the
 * browser test (test/browser/docs-api.test.ts), which prints the new hash.
 */
const REFERENCE_INLINE_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"

/**
 * The interactive reference, /docs/api (Swagger UI): its scripts and style sheets from this
 * site only (no inline script; one inline style, by hash), its icons as data: images, and "Try
 * it out" calls to the API at the public address. Swagger UI's own default would also allow
 * styles and fonts from any https host, images from its online validator, and framing by this
 * site; none of that is needed.
 */
export function referencePolicy(publicUrl: string): string {
  const api = new URL(publicUrl).origin
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    `style-src 'self' ${REFERENCE_INLINE_STYLE}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${api}`,
    "object-src 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}
