import type { Quote } from '../domain/quote.ts'
import { priceChanges } from '../presenters/price-changes.ts'
import type { CheckoutQuote } from '../verbs/open-checkout.ts'
import { messagePage } from './message-page.ts'
import type { Notice } from './notice.ts'
import type { PageContent } from './page-document.ts'

/*
 * What the checkout says above the quote when it is not simply the quote the person was handed,
 * or when a confirmation booked nothing. One place, so the words match wherever they appear.
 */

/**
 * A quote booked by another checkout, as a page of its own: where its booker finds it, and a way
 * on. Shown when its link is opened after the booking, and to a confirmation from a page opened
 * before it (`title` the notice's: what happened to this one).
 */
export function quoteBookedElsewhere(
  title: string,
  link: { href: string; text: string },
): PageContent {
  return messagePage('This quote has already been booked', {
    kind: 'problem',
    title,
    message:
      'This quote was booked in another browser or on another device. If you booked it, your confirmation email has the booking reference and a link to see or cancel it. To book another vehicle, search again.',
    link,
  })
}

const CHECK_THE_NEW_TOTAL =
  'This is a new quote at today’s prices. Check the total before you confirm.'

/** Why the checkout shows a new quote rather than the one of the link, if it does. */
export function quoteNotice({
  source,
  previous,
  quote,
}: Pick<CheckoutQuote, 'source' | 'previous' | 'quote'>): Notice | undefined {
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
    case 'repriced':
      return {
        kind: 'info',
        title: 'The price has changed for what you told us',
        message: 'Check the new total before you confirm.',
        items: previous ? priceChanges(previous, quote) : undefined,
      }
    default:
      return source satisfies never
  }
}

/**
 * A confirmation that booked nothing because the quote had expired, was unknown, or does not
 * price what the person told the checkout (their age, an after-hours time): the new price to
 * confirm, and what changed.
 */
export function newQuoteNotice(
  reason: 'expired' | 'missing' | 'repriced',
  quote: Quote,
  previous?: Quote,
): Notice {
  const titles = {
    expired: 'Your quote has expired, so nothing was booked',
    missing: 'Your quote was not found, so nothing was booked',
    repriced: 'The price changed with your details, so nothing was booked yet',
  }
  return {
    kind: 'problem',
    title: titles[reason],
    message:
      'The price has been worked out again below. Check the new total, then confirm the booking again.',
    items: previous ? priceChanges(previous, quote) : undefined,
  }
}
