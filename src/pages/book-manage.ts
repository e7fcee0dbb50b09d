import type { FastifyReply, FastifyRequest } from 'fastify'
import { travellerMayCancel } from '../domain/cancellation-rule.ts'
import { DomainError } from '../domain/errors.ts'
import { managePath } from '../presenters/site-links.ts'
import { tokenHash } from '../verbs/book-vehicle.ts'
import { cancelByTraveller } from '../verbs/cancel-booking.ts'
import { bookingDepots } from '../verbs/list-depots.ts'
import { sentText } from './book-parameters.ts'
import { managePage } from './manage-page.ts'
import { messagePage } from './message-page.ts'
import { type PageDeps, pageCompany, sendHtml } from './page-deps.ts'

/** A manage link's token: 24 random bytes in base64url. Anything else is no booking's. */
const MANAGE_TOKEN = /^[A-Za-z0-9_-]{32}$/

type ManageParams = { token: string }

/** GET /book/manage/:token: the booking's own page, to see it and, while allowed, cancel it. */
export async function showManagedBooking(
  deps: PageDeps,
  request: FastifyRequest<{ Params: ManageParams }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const booking = await findManaged(deps, request.params.token)
  if (!booking) return noSuchBooking(deps, reply)
  return sendManagePage(deps, reply, 200, request.params.token, booking)
}

/**
 * POST /book/manage/:token/cancel: the traveller cancels, under the same form protection as the
 * booking form. Done, the page is shown again (303, so a reload does not post twice).
 */
export async function cancelManagedBooking(
  deps: PageDeps,
  request: FastifyRequest<{ Params: ManageParams }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { token } = request.params
  const booking = await findManaged(deps, token)
  if (!booking) return noSuchBooking(deps, reply)
  const body = (request.body ?? {}) as Record<string, unknown>
  // One tap on the button cancelled at once, and a cancellation is not undone: the tick confirms.
  if (sentText(body.confirm) !== 'yes' && booking.status !== 'cancelled') {
    return sendManagePage(deps, reply, 400, token, booking, undefined, {
      confirmError: 'Tick the box to confirm that you want to cancel this booking',
      reason: sentText(body.reason),
    })
  }
  try {
    await cancelByTraveller(deps.ctx, booking, sentText(body.reason))
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    // Cancelled meanwhile (another tab): the page says so. Too late: the page says whom to call.
    if (error.code !== 'already_cancelled') {
      return sendManagePage(deps, reply, 409, token, booking, {
        kind: 'problem',
        title: 'This booking was not cancelled',
        message: error.message,
      })
    }
  }
  return reply.redirect(managePath(token), 303)
}

async function findManaged(deps: PageDeps, token: string) {
  if (!MANAGE_TOKEN.test(token)) return undefined
  return deps.ctx.store.findBooking({ manageTokenHash: tokenHash(token) })
}

function sendManagePage(
  deps: PageDeps,
  reply: FastifyReply,
  status: number,
  token: string,
  booking: NonNullable<Awaited<ReturnType<typeof findManaged>>>,
  notice?: Parameters<typeof managePage>[0]['notice'],
  form?: { confirmError: string; reason: string },
): FastifyReply {
  const company = pageCompany(deps)
  const cancel = travellerMayCancel(
    booking,
    { freeCancellationHours: company.freeCancellationHours, timeZone: deps.ctx.rules.timeZone },
    deps.ctx.now(),
  )
  // The link is the key to the booking: no search engine keeps it.
  reply.header('x-robots-tag', 'noindex, nofollow')
  return sendHtml(
    deps,
    reply,
    status,
    managePage({
      booking,
      depots: bookingDepots(deps.ctx),
      company,
      timeZone: deps.ctx.rules.timeZone,
      cancel,
      cancelForm: cancel.allowed
        ? { action: `${managePath(token)}/cancel`, csrfToken: reply.generateCsrf() }
        : undefined,
      notice,
      ...form,
    }),
  )
}

function noSuchBooking(deps: PageDeps, reply: FastifyReply): FastifyReply {
  return sendHtml(
    deps,
    reply,
    404,
    messagePage('Booking not found', {
      kind: 'problem',
      title: 'There is no booking at this address',
      message:
        'Check that the link is complete, as it was in your confirmation email. To book again, start a new search.',
    }),
  )
}
