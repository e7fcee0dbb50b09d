import type { Static } from 'typebox'
import { quoteAnswer } from '../../operations/agent-operations.ts'
import { formatUntil } from '../../presenters/display-format.ts'
import { QuoteQuery } from '../../schemas/query-parameters.ts'
import { QuoteSchema } from '../../schemas/quote.ts'
import type { AgentTool } from '../agent-tool.ts'
import { counted, nzd } from '../tool-text.ts'

export const getQuoteTool: AgentTool = {
  name: 'get_quote',
  parameters: QuoteQuery,
  outputSchema: QuoteSchema,
  async answer(deps, parameters) {
    const quote = await quoteAnswer(deps, parameters as Static<typeof QuoteQuery>)
    const fees = quote.priceBreakdown
    const extras = [
      ...fees.surcharges.map((line) => `${line.name} ${nzd(line.cost)}`),
      ...(fees.promotion ? [`promotion ${fees.promotion.code} -${nzd(fees.discount)}`] : []),
    ]
    const { terms } = quote
    return {
      structured: quote,
      text: [
        `Quote ${quote.quoteId}: ${quote.vehicleName}, ${quote.pickUpDate} to ${quote.dropOffDate} (${counted(quote.rentalDays, 'rental day')}).`,
        `Total ${nzd(quote.totalAmount)} including GST ${nzd(quote.gstAmount)}: rental ${nzd(fees.rentalFee)}, route ${nzd(fees.routeFee)}, accessories ${nzd(fees.accessoriesFee)}, insurance ${nzd(fees.insuranceFee)}${extras.length > 0 ? `, ${extras.join(', ')}` : ''}.`,
        `Terms: ${[terms.distance.text, terms.bond?.text, terms.payment.text, terms.cancellation.text].filter(Boolean).join(' ')}`,
        ...(quote.assumptions.length > 0 ? [`Assumed: ${quote.assumptions.join(' ')}`] : []),
        // In the company's zone, as the person reads it; the UTC instant is in expiresAt.
        `Valid until ${formatUntil(quote.expiresAt, deps.ctx.rules.timeZone)}. To book with ${deps.ctx.catalogue().catalogue.company.name}, give the person this link: ${quote.checkoutUrl}`,
      ].join('\n'),
    }
  },
}
