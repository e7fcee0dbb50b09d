import type { Static } from 'typebox'
import { quoteAnswer } from '../../operations/agent-operations.ts'
import { QuoteQuery } from '../../schemas/query-parameters.ts'
import { QuoteSchema } from '../../schemas/quote.ts'
import type { AgentTool } from '../agent-tool.ts'
import { nzd } from '../tool-text.ts'

export const getQuoteTool: AgentTool = {
  name: 'get_quote',
  parameters: QuoteQuery,
  outputSchema: QuoteSchema,
  async answer(deps, parameters) {
    const quote = await quoteAnswer(deps, parameters as Static<typeof QuoteQuery>)
    const fees = quote.priceBreakdown
    return {
      structured: quote,
      text: [
        `Quote ${quote.quoteId}: ${quote.vehicleName}, ${quote.pickUpDate} to ${quote.dropOffDate} (${quote.rentalDays} rental days).`,
        `Total ${nzd(quote.totalAmount)} including GST ${nzd(quote.gstAmount)}: rental ${nzd(fees.rentalFee)}, route ${nzd(fees.routeFee)}, accessories ${nzd(fees.accessoriesFee)}, insurance ${nzd(fees.insuranceFee)}.`,
        `Valid until ${quote.expiresAt}. To book with ${deps.ctx.catalogue().catalogue.company.name}, give the person this link: ${quote.checkoutUrl}`,
      ].join('\n'),
    }
  },
}
