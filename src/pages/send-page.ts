import type { FastifyReply } from 'fastify'

/**
 * What a booking page may load: its inline style sheet, images from this site and from the
 * hosts the fleet's vehicle images live on, and nothing else; no script at all. Forms post
 * only to this site, and no other site may frame a page (a checkout inside a frame could be
 * click-jacked).
 */
export function pageSecurityPolicy(imageSources: readonly string[]): string {
  const images = ["'self'", ...imageSources].join(' ')
  return `default-src 'none'; img-src ${images}; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`
}

/**
 * Sends a page. Pages carry a form token and a person's details, so no cache keeps them, and
 * the referrer (a checkout URL holds the quote id) goes to no other site.
 */
export function sendPage(
  reply: FastifyReply,
  status: number,
  document: string,
  policy: string,
): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', policy)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .header('x-content-type-options', 'nosniff')
    .send(document)
}
