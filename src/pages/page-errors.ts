import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { DomainError, StoreUnavailableError } from '../domain/errors.ts'
import { RETRY_AFTER_UNAVAILABLE_SECONDS, statusOf } from '../http/error-response.ts'
import { ServiceOverloadedError } from '../http/overload.ts'
import { managePath } from '../presenters/site-links.ts'
import { isCsrfError } from './csrf.ts'
import { messagePage } from './message-page.ts'
import { type PageDeps, sendHtml } from './page-deps.ts'
import type { PageContent } from './page-document.ts'

/** Where a booking's own page and its cancel form are (`/book/manage/`). */
const MANAGE_PREFIX = managePath('')

/**
 * The pages' own error handler: a person gets a page, never the API's JSON, and never the text
 * of an unexpected fault. The steps answer their expected errors themselves; this is the rest.
 */
export function pageErrorHandler(deps: PageDeps) {
  return (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const send = (status: number, page: PageContent) => sendHtml(deps, reply, status, page)
    if (isCsrfError(error) && request.url.startsWith(MANAGE_PREFIX)) {
      return send(
        403,
        messagePage(
          'This form can no longer be sent',
          {
            kind: 'problem',
            title: 'Nothing was cancelled',
            message:
              "For your safety a cancellation is accepted only from your booking's page as this site has just shown it, and this form was not.",
          },
          [
            'Open the link to your booking again (it is in your confirmation email) and cancel there.',
          ],
        ),
      )
    }
    if (isCsrfError(error)) {
      return send(
        403,
        messagePage(
          'This form can no longer be sent',
          {
            kind: 'problem',
            title: 'Nothing was booked',
            message:
              'For your safety a booking is accepted only from a checkout form this site has just shown you, and this one was not, or has already been used.',
          },
          [
            'If you had already confirmed, that booking stands: its reference was on the confirmation page.',
            'To book, open your checkout link again or start a new search.',
          ],
        ),
      )
    }
    if (error instanceof StoreUnavailableError) {
      request.log.error({ err: error.cause }, 'store unavailable')
      reply.header('retry-after', String(RETRY_AFTER_UNAVAILABLE_SECONDS))
      return send(
        503,
        messagePage('Please try again in a moment', {
          kind: 'problem',
          title: 'We could not reach our booking system',
          message: `Reload this page in ${RETRY_AFTER_UNAVAILABLE_SECONDS} seconds.`,
        }),
      )
    }
    if (error instanceof ServiceOverloadedError) {
      reply.header('retry-after', String(RETRY_AFTER_UNAVAILABLE_SECONDS))
      return send(
        503,
        messagePage('Please try again in a moment', {
          kind: 'problem',
          title: 'We are very busy right now',
          message: `Nothing was booked. In ${RETRY_AFTER_UNAVAILABLE_SECONDS} seconds, reload this page, or go back and send the form again: what you typed is still there.`,
        }),
      )
    }
    if (error instanceof DomainError) {
      return send(
        statusOf(error.code),
        messagePage('This page cannot be shown', { kind: 'problem', title: error.message }),
      )
    }
    const status = 'statusCode' in error ? (error.statusCode ?? 500) : 500
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (a body too large, a body that is not a form) describe the request.
      return send(
        status,
        messagePage('This request cannot be handled', {
          kind: 'problem',
          title: 'The page could not read what was sent',
          message: 'Use the forms on this site to search and book.',
        }),
      )
    }
    request.log.error({ err: error }, 'unexpected error on a booking page')
    return send(
      500,
      messagePage('Something went wrong', {
        kind: 'problem',
        title: 'Something went wrong on our side',
        message: 'Nothing was booked. Please try again in a moment.',
      }),
    )
  }
}

/** Unknown paths under /book: a page, like every other answer of the website. */
export function pageNotFound(deps: PageDeps) {
  return (_request: FastifyRequest, reply: FastifyReply) =>
    sendHtml(
      deps,
      reply,
      404,
      messagePage('Page not found', {
        kind: 'problem',
        title: 'There is no page at this address',
        message: 'Start from the search to find a vehicle.',
      }),
    )
}

/**
 * A /book address the router cannot read (bad percent-encoding): a page, where the API would
 * answer JSON. The app sends such errors here by path, before any route or hook has run.
 */
export function pageAddressError(deps: PageDeps) {
  return (_error: Error, _request: FastifyRequest, reply: FastifyReply) =>
    sendHtml(
      deps,
      reply,
      400,
      messagePage('This address cannot be read', {
        kind: 'problem',
        title: 'The link is broken',
        message: 'Part of the address is not written correctly. Start from the search instead.',
      }),
    )
}
