import { type BookingRecord, type CancelledBy, MAX_REASON_LENGTH } from '../domain/booking.ts'
import { travellerMayCancel } from '../domain/cancellation-rule.ts'
import { DomainError } from '../domain/errors.ts'
import { withoutUnsafeCharacters } from '../domain/unsafe-text.ts'
import type { VerbContext } from './context.ts'

/** What cancelling needs: the operator's command has no rules of dates, only these. */
export type CancelContext = Pick<
  VerbContext,
  'store' | 'catalogue' | 'notices' | 'now' | 'messagesWritten'
>

/**
 * Cancels a confirmed booking: it is kept, marked cancelled with when, by whom and why; its unit
 * is free again at once for every instance; and the cancellation's messages (the traveller's and
 * the company's emails, the webhook event) go into the outbox in the same transaction. An unknown
 * reference is a `not_found` DomainError; a booking already cancelled an `already_cancelled` one.
 */
export async function cancelBooking(
  ctx: CancelContext,
  reference: string,
  by: CancelledBy,
  reason: string,
): Promise<BookingRecord> {
  const cancellation = {
    at: ctx.now().toISOString(),
    by,
    // Control characters go: PostgreSQL refuses NUL, and the others only garble emails.
    // Cut first, then cleaned: a cut through a character's two UTF-16 halves leaves one, which
    // the cleaning removes.
    reason: withoutUnsafeCharacters(reason.trim().slice(0, MAX_REASON_LENGTH)).trim(),
  }
  const catalogue = ctx.catalogue()
  const result = await ctx.store.cancelBooking(reference, cancellation, (cancelled) =>
    ctx.notices.cancelled(catalogue, cancelled),
  )
  switch (result.outcome) {
    case 'cancelled':
      ctx.messagesWritten()
      return result.booking
    case 'not_found':
      throw new DomainError('not_found', `no booking has the reference ${reference}`)
    case 'already_cancelled': {
      const { cancellation: was } = result.booking
      throw new DomainError(
        'already_cancelled',
        `${reference} was already cancelled${was ? ` on ${was.at} by the ${was.by}` : ''}`,
      )
    }
    default:
      return result satisfies never
  }
}

/**
 * The traveller cancels on the booking's own page, while the company's free cancellation hours
 * allow; later, it is a `too_late_to_cancel` DomainError (the page says to call the depot).
 */
export async function cancelByTraveller(
  ctx: CancelContext & Pick<VerbContext, 'rules'>,
  booking: BookingRecord,
  reason: string,
): Promise<BookingRecord> {
  const rule = {
    freeCancellationHours: ctx.catalogue().catalogue.company.freeCancellationHours,
    timeZone: ctx.rules.timeZone,
  }
  if (booking.status === 'cancelled') {
    throw new DomainError('already_cancelled', `${booking.reference} was already cancelled`)
  }
  const may = travellerMayCancel(booking, rule, ctx.now())
  if (!may.allowed) {
    throw new DomainError(
      'too_late_to_cancel',
      `${booking.reference} can no longer be cancelled here: free cancellation ends ${may.freeCancellationHours} hours before pick-up`,
    )
  }
  return cancelBooking(ctx, booking.reference, 'traveller', reason)
}
