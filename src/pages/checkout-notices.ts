import type { CheckoutQuote } from '../verbs/open-checkout.ts'
import type { Notice } from './notice.ts'

/*
 * What the checkout says above the quote when it is not simply the quote the person was handed,
 * or when a confirmation booked nothing. One place, so the words match wherever they appear.
 */

const CHECK_THE_NEW_TOTAL =
  'This is a new quote at today’s prices. Check the total before you confirm.'

/** Why the checkout shows a new quote rather than the one of the link, if it does. */
export function quoteNotice(source: CheckoutQuote['source']): Notice | undefined {
  switch (source) {
    case 'quoted':
    case 'new':
      return undefined
    case 'expired':
      return { kind: 'info', title: 'The quote you had has expired', message: CHECK_THE_NEW_TOTAL }
    case 'missing':
      return {
        kind: 'info',
        title: 'The quote you had was not found for these choices',
        message: CHECK_THE_NEW_TOTAL,
      }
    default:
      return source satisfies never
  }
}

/** A confirmation of an expired or unknown quote: nothing booked, the new price to confirm. */
export function newQuoteNotice(reason: 'expired' | 'missing'): Notice {
  return {
    kind: 'problem',
    title:
      reason === 'expired'
        ? 'Your quote has expired, so nothing was booked'
        : 'Your quote was not found, so nothing was booked',
    message:
      'The price has been worked out again below. Check the new total, then confirm the booking again.',
  }
}
