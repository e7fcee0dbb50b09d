import fastifyFormbody from '@fastify/formbody'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { refuseLongQuery } from '../http/query-limit.ts'
import { managePath } from '../presenters/site-links.ts'
import { chooseOptions, showCheckout } from './book-checkout.ts'
import { confirmBooking } from './book-confirm.ts'
import { cancelManagedBooking, showManagedBooking } from './book-manage.ts'
import {
  isBlankSearch,
  isOptionsForm,
  type Parameters,
  tidiedParameters,
} from './book-parameters.ts'
import { showResults, showSearch } from './book-search.ts'
import { bookingLimit, checkoutLimit } from './booking-limit.ts'
import { registerCsrf } from './csrf.ts'
import type { PageDeps } from './page-deps.ts'
import { pageErrorHandler, pageNotFound } from './page-errors.ts'

/** A booking form is three fields and a dozen hidden ones: far less than this. */
const FORM_BODY_LIMIT = 16 * 1024

/**
 * The website's /book, registered with the prefix /book: a thin door onto the same verbs as the
 * API. Its own scope parses forms and cookies, answers errors and unknown paths with pages, and
 * is outside the API's rate limit but for opening a checkout, which prices and keeps a quote as
 * GET /quotes does; the booking POST has a limit of its own.
 */
export function bookingPages(deps: PageDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.setErrorHandler(pageErrorHandler(deps))
    app.setNotFoundHandler(pageNotFound(deps))
    // A link longer than any the site writes is a 400 page before anything is looked up.
    app.addHook('onRequest', refuseLongQuery)
    await app.register(fastifyFormbody, { bodyLimit: FORM_BODY_LIMIT })
    await registerCsrf(app, deps.secureCookies, deps.cookieSecret)

    // One address, four steps, told apart by the parameters as the spec's link defines them.
    const limitCheckouts = checkoutLimit(deps, deps.quoteRateLimiter)
    app.get('/', async (request: FastifyRequest, reply: FastifyReply) => {
      const query = tidiedParameters(request.query as Parameters)
      if (isOptionsForm(query)) return chooseOptions(deps, request, reply, query)
      if (isBlankSearch(query)) return showSearch(deps, reply, 200, undefined)
      if (!('vehicle_id' in query)) return showResults(deps, request, reply, query)
      return (await limitCheckouts(request, reply)) ?? showCheckout(deps, request, reply, query)
    })

    app.get<{ Params: { token: string } }>('/manage/:token', (request, reply) =>
      showManagedBooking(deps, request, reply),
    )
    // The address a failed cancellation leaves in the browser, opened again (history, a bookmark):
    // back to the booking, not a "page not found".
    app.get<{ Params: { token: string } }>('/manage/:token/cancel', (request, reply) =>
      reply.redirect(managePath(encodeURIComponent(request.params.token)), 303),
    )
    app.post<{ Params: { token: string } }>(
      '/manage/:token/cancel',
      {
        bodyLimit: FORM_BODY_LIMIT,
        onRequest: bookingLimit(deps, deps.bookingRateLimiter),
        preHandler: app.csrfProtection,
      },
      (request, reply) => cancelManagedBooking(deps, request, reply),
    )

    app.post(
      '/',
      {
        bodyLimit: FORM_BODY_LIMIT,
        // Counted before anything else, so refused and forged attempts count too.
        onRequest: bookingLimit(deps, deps.bookingRateLimiter),
        preHandler: app.csrfProtection,
      },
      async (request: FastifyRequest, reply: FastifyReply) => confirmBooking(deps, request, reply),
    )
  }
}
