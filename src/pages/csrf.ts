import { randomBytes } from 'node:crypto'
import fastifyCookie, { type CookieSerializeOptions } from '@fastify/cookie'
import fastifyCsrf from '@fastify/csrf-protection'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/*
 * Cross-site forgery protection for the booking POST, without sessions: a double-submit token.
 * The page's form carries a token made from a secret in a cookie; a POST is accepted only when
 * the two match. Another site can make a browser post the form but cannot read the token.
 */

export const CSRF_COOKIE = '_csrf'
/** The form field that carries the token. */
export const CSRF_FIELD = '_csrf'

/**
 * The secret's cookie: only for /book, never readable by script, signed (with a key made at
 * start-up) so that a cookie planted from a sibling domain is refused. SameSite=Lax rather than
 * Strict: a checkout link opened from a chat app arrives as a cross-site navigation, and a Strict
 * cookie would not be sent with it, so the page would mint a new secret and break a checkout
 * already open in another tab. Lax cookies are still never sent on another site's POST.
 */
export function csrfCookieOptions(secure: boolean): CookieSerializeOptions {
  return { path: '/book', httpOnly: true, sameSite: 'lax', secure, signed: true }
}

/** Registers the cookie parser and the token check on the pages' own scope. */
export async function registerCsrf(
  app: FastifyInstance,
  secureCookies: boolean,
  secret: string | undefined,
): Promise<void> {
  // Without COOKIE_SECRET the key is made per process: a restart asks a person with an open
  // checkout to reload it, no more. Several instances behind one address must share the secret.
  await app.register(fastifyCookie, { secret: secret ?? randomBytes(32).toString('base64url') })
  await app.register(fastifyCsrf, {
    cookieKey: CSRF_COOKIE,
    cookieOpts: csrfCookieOptions(secureCookies),
    // Only the form's field: a booking comes from the page's form, never from a header.
    getToken: (request: FastifyRequest) => {
      const body = request.body as Record<string, unknown> | undefined
      const token = body?.[CSRF_FIELD]
      return typeof token === 'string' ? token : ''
    },
  })
}

/** True for the errors the token check answers with (a missing secret, a wrong token). */
export function isCsrfError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    error.code.startsWith('FST_CSRF_')
  )
}

/**
 * Who is confirming which quote, as the booking's checkout token: the browser's secret (the
 * cookie, the same on every page it loads) with the quote. Not the form's token, which is new on
 * every load of the page: the back button reloads the checkout (it is never cached), and its
 * second confirmation was told "another checkout has already booked this quote" instead of shown
 * its own booking. Another browser has another secret, so its confirmation stays refused.
 */
export function checkoutIdentity(request: FastifyRequest, quoteId: string | undefined): string {
  const form = (request.body as Record<string, unknown> | undefined)?.[CSRF_FIELD]
  // The token check passed before this runs, so the secret is there; the form's token otherwise.
  const who = browserSecret(request) ?? (typeof form === 'string' ? form : '')
  return `${who} ${quoteId ?? ''}`
}

/**
 * The checkout a page load opens, as checkoutIdentity names it at confirmation: undefined for a
 * browser without its secret yet (it has confirmed nothing) or a link without a quote.
 */
export function checkoutIdentityOnLoad(
  request: FastifyRequest,
  quoteId: string | undefined,
): string | undefined {
  const secret = browserSecret(request)
  return secret === undefined || quoteId === undefined ? undefined : `${secret} ${quoteId}`
}

/** The secret of the browser's signed form-token cookie, when it sent a valid one. */
function browserSecret(request: FastifyRequest): string | undefined {
  const cookie = request.cookies[CSRF_COOKIE]
  const secret = cookie === undefined ? undefined : request.unsignCookie(cookie)
  return secret?.valid && secret.value ? secret.value : undefined
}
