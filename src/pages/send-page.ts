import type { FastifyReply } from 'fastify'

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
