import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DomainError, StoreUnavailableError, UnavailableError } from '../domain/errors.ts'
import { RETRY_AFTER_UNAVAILABLE_SECONDS, UNAVAILABLE_MESSAGE } from '../http/error-response.ts'
import { httpMessage } from '../http/listing-text.ts'
import { rateLimitHook } from '../http/rate-limit-hook.ts'
import { type OperationDeps, pricedQuote, storedQuote } from '../operations/agent-operations.ts'
import { companyProfile } from '../presenters/company-profile.ts'
import { bookPath } from '../presenters/site-links.ts'
import type { RateLimiter } from '../rate-limit/rate-limiter.ts'
import { findCheckoutOfQuote } from '../verbs/book-vehicle.ts'
import { atPath, CheckoutInputError, checkoutQuoteQuery } from './checkout-request.ts'
import { checkoutError, checkoutSession, type SessionBooking } from './checkout-session.ts'
import { CHECKOUT_SESSIONS_PATH } from './ucp-spec.ts'

/** The routes' paths under the plugin's prefix (UCP_ENDPOINT_PATH). */
const SESSIONS = '/checkout-sessions'

export type UcpDeps = OperationDeps & { rateLimiter: RateLimiter }

/** A rental's checkout body is small; a larger one is refused before it is read whole. */
const BODY_LIMIT_BYTES = 16 * 1024

/**
 * The checkout capability of the Universal Commerce Protocol over REST (its business profile is a
 * discovery document, /.well-known/ucp). Creating a checkout prices a quote with the API's own
 * quote operation and answers it as a session that hands over to the website
 * (`requires_escalation`, `continue_url` the quote's checkout link). Reading one answers the stored
 * quote, `completed` with its booking as the order once the person has booked it on the website;
 * completing one hands over again, since a person confirms on the website; updating or
 * cancelling one is refused (a quote does not change; an unused one expires). Every request counts
 * against the client's API rate limit. Errors answer in UCP's shape: the `ucp` envelope and a
 * message naming what to send and where in the body (JSONPath), with no checkout.
 */
export function ucpCheckout(deps: UcpDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    const company = () => companyProfile(deps.ctx.catalogue().catalogue.company, deps.links)
    app.addHook('onRequest', rateLimitHook(deps.rateLimiter))
    app.setErrorHandler((error, request, reply) =>
      sendCheckoutError(deps, error as FastifyError, request, reply),
    )
    app.setNotFoundHandler((request, reply) => {
      reply
        .code(404)
        .send(
          checkoutError(
            deps.links.siteUrl,
            'not_found',
            `${request.method} ${request.url.split('?')[0]} is not an operation of this UCP service; POST ${CHECKOUT_SESSIONS_PATH} creates a checkout`,
          ),
        )
    })
    const session = (quote: Parameters<typeof checkoutSession>[0], booking?: SessionBooking) =>
      checkoutSession(quote, company(), deps.links, deps.ctx.now(), booking)
    /** A stored session as it stands: with its booking once the person has booked its quote. */
    const storedSession = async (id: string) => {
      const quote = await storedQuote(deps, id)
      return session(quote, await findCheckoutOfQuote(deps.ctx, quote.id))
    }

    app.post(SESSIONS, { bodyLimit: BODY_LIMIT_BYTES }, async (request, reply) => {
      const { query, paths } = checkoutQuoteQuery(request.body)
      const quote = await pricedQuote(deps, query).catch((error: unknown) => {
        // A parameter the quote refused (an unknown depot, a date in the past) is pointed at.
        throw error instanceof UnavailableError ? error : atPath(error, paths)
      })
      return reply.code(201).send(session(quote))
    })

    app.get<{ Params: { id: string } }>(`${SESSIONS}/:id`, async (request) =>
      storedSession(request.params.id),
    )

    // Completing is the person's to do on the website: the session is answered as it stands.
    app.post<{ Params: { id: string } }>(
      `${SESSIONS}/:id/complete`,
      { bodyLimit: BODY_LIMIT_BYTES },
      async (request) => storedSession(request.params.id),
    )

    const refuse = (operation: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(405)
        .header('allow', operation === 'update' ? 'GET' : '')
        .send(
          checkoutError(
            deps.links.siteUrl,
            'not_supported',
            operation === 'update'
              ? `A checkout's price does not change: POST ${CHECKOUT_SESSIONS_PATH} with the new choices creates a checkout for them`
              : 'A checkout needs no cancelling: an unused one expires at its expires_at',
          ),
        )
    app.put(`${SESSIONS}/:id`, { bodyLimit: BODY_LIMIT_BYTES }, refuse('update'))
    app.post(`${SESSIONS}/:id/cancel`, { bodyLimit: BODY_LIMIT_BYTES }, refuse('cancel'))
  }
}

/**
 * UCP's error answers. What the agent sent wrong is a 400 naming the place in the body; a vehicle
 * that cannot be rented is a business outcome (200, as UCP answers an item out of stock) whose
 * continue_url is the website's search for the same depots, dates, driver's age, promotion and
 * agent reference; a store that does not
 * answer is a 503 with Retry-After. Nothing unexpected shows its cause.
 */
function sendCheckoutError(
  deps: UcpDeps,
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const siteUrl = deps.links.siteUrl
  if (error instanceof CheckoutInputError) {
    return reply
      .code(400)
      .send(checkoutError(siteUrl, error.code, error.message, { path: error.path }))
  }
  if (error instanceof UnavailableError) {
    const rental = (request.body as { rental?: Record<string, unknown> } | undefined)?.rental ?? {}
    // The website's search for the same rental, with what prices it for this agent: the
    // driver's age, the promotion and the agent's reference (the results page carries them on).
    const search = Object.fromEntries(
      [
        'pick_up_depot_id',
        'drop_off_depot_id',
        'pick_up_date',
        'drop_off_date',
        'driver_age',
        'promo_code',
        'agent_ref',
      ].map((name) => [name, rental[name] === undefined ? undefined : String(rental[name])]),
    )
    return reply.code(200).send(
      checkoutError(siteUrl, error.code, httpMessage(error), {
        path: '$.line_items',
        continueUrl: `${siteUrl}${bookPath(search)}`,
      }),
    )
  }
  if (error instanceof DomainError) {
    const status = error.code === 'not_found' ? 404 : 400
    return reply.code(status).send(checkoutError(siteUrl, error.code, httpMessage(error)))
  }
  if (error instanceof StoreUnavailableError) {
    request.log.error({ err: error.cause }, 'store unavailable')
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_UNAVAILABLE_SECONDS))
      .send({ code: 'service_unavailable', content: UNAVAILABLE_MESSAGE })
  }
  const status = 'statusCode' in error ? (error.statusCode ?? 500) : 500
  if (status >= 400 && status < 500) {
    // Fastify's own refusals (a body that is not JSON, too large, of another type) describe the
    // request, not our internals.
    return reply
      .code(status)
      .send(checkoutError(siteUrl, 'invalid_body', requestFault(error, status), { path: '$' }))
  }
  request.log.error({ err: error }, 'unexpected error in the UCP checkout')
  return reply
    .code(500)
    .send({ code: 'internal_error', content: 'Internal error; the request may be retried' })
}

function requestFault(error: Error, status: number): string {
  if (status === 413)
    return `The body is larger than ${BODY_LIMIT_BYTES} bytes; a checkout needs far less`
  if (status === 415) return 'Send the checkout as JSON, with Content-Type: application/json'
  if (/JSON/i.test(error.message)) return 'The body is not valid JSON'
  return error.message
}
