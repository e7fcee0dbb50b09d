import { html, type SafeHtml } from '../docs/html.ts'
import type { QuoteTerms } from '../domain/quote-terms.ts'
import { presentTerms, termsSentences } from '../presenters/quote-terms.ts'

/**
 * The rental's terms, each in the sentence the quote API gives: on the checkout before booking,
 * and on the confirmation and the booking's own page after. A booking made before quotes carried
 * terms shows none. `madeAt`: the quote's or the booking's instant (see freeCancellationOver).
 */
export function termsList(
  terms: QuoteTerms | null,
  timeZone: string,
  madeAt: string | null,
): SafeHtml {
  if (terms === null) return html``
  return html`<h3 class="terms-heading">Terms of this rental</h3>
<dl class="rental-terms">
${termsSentences(presentTerms(terms, timeZone, madeAt)).map(({ label, text }) => html`<dt>${label}</dt><dd>${text}</dd>\n`)}
</dl>`
}
