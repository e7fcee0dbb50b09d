import type { FastifyReply, FastifyRequest } from 'fastify'
import { DomainError } from '../domain/errors.ts'
import { ID_PATTERN } from '../domain/ids.ts'
import type { Quote } from '../domain/quote.ts'
import { promotionForRental } from '../domain/rental-extras.ts'
import { bookPath } from '../presenters/site-links.ts'
import { findCheckoutBooking, findQuoteBooking } from '../verbs/book-vehicle.ts'
import { bookingDepots, listDepots } from '../verbs/list-depots.ts'
import { openCheckout } from '../verbs/open-checkout.ts'
import {
  accessoryIdsFromQuantities,
  checkChoice,
  choiceOf,
  type Parameters,
  quantitiesOf,
  searchValues,
  sentText,
  withoutUnreadableExtras,
} from './book-parameters.ts'
import { showSearch } from './book-search.ts'
import { quoteBookedElsewhere, quoteNotice } from './checkout-notices.ts'
import { checkoutPage } from './checkout-page.ts'
import { choiceProblemText, promotionProblemText, suggestedCheckout } from './choice-error-words.ts'
import { confirmationPage } from './confirmation-page.ts'
import { checkoutIdentityOnLoad } from './csrf.ts'
import { isInvalidRequest, isSearchError } from './error-fields.ts'
import type { Notice } from './notice.ts'
import { afterHoursFees, type PageDeps, pageCompany, sendHtml, todayOf } from './page-deps.ts'
import { resultsPage } from './results-page.ts'
import { searchFieldErrors } from './search-error-words.ts'
import { searchOffers } from './search-offers.ts'

export const NO_CUSTOMER = {
  full_name: '',
  email: '',
  phone: '',
  pick_up_time: '',
  drop_off_time: '',
  date_of_birth: '',
}

/** Step 3: a checkout link's quote, honoured while valid, and the booking form. */
export async function showCheckout(
  deps: PageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  sent: Parameters,
): Promise<FastifyReply> {
  const query = withoutUnreadableExtras(sent)
  try {
    const choice = checkChoice(request, query)
    // This browser booked this very checkout already (the back button, maybe long after its
    // quote expired): its booking, not a checkout whose confirmation would book again.
    const identity = checkoutIdentityOnLoad(request, choice.quoteId)
    const booked =
      identity === undefined ? undefined : await findCheckoutBooking(deps.ctx, identity)
    if (booked) {
      const page = confirmationPage({
        booking: booked,
        depots: bookingDepots(deps.ctx),
        company: pageCompany(deps),
        timeZone: deps.ctx.rules.timeZone,
        manageUrl: undefined,
        changesNotApplied: false,
      })
      return sendHtml(deps, reply, 200, page)
    }
    // Booked already by another browser (the person's own phone, say): said at once, not after
    // the whole form was filled in; nothing of that booking is shown.
    if (choice.quoteId !== undefined && (await findQuoteBooking(deps.ctx, choice.quoteId))) {
      const { quote_id: _quote, ...again } = choiceOf(query)
      return sendHtml(
        deps,
        reply,
        409,
        quoteBookedElsewhere('This quote has already been booked', {
          href: bookPath(again),
          text: 'Book this vehicle again for these dates',
        }),
      )
    }
    const checkout = await openCheckout(deps.ctx, {
      ...choice.request,
      quoteId: choice.quoteId,
    })
    // A link without a quote (the site's own search) is sent on to the same link with the quote
    // just made, as an agent's is: the history then holds the quote, and the back button after
    // booking comes back to this checkout, not a new one whose confirmation booked again.
    const refused = sentText(query.promo_refused) || undefined
    if (checkout.source === 'new') {
      return reply.redirect(
        bookPath({ ...choice.parameters, quote_id: checkout.quote.id, promo_refused: refused }),
        303,
      )
    }
    const page = checkoutPage({
      depots: listDepots(deps.ctx),
      timeZone: deps.ctx.rules.timeZone,
      now: deps.ctx.now(),
      afterHoursFees: afterHoursFees(deps),
      quote: checkout.quote,
      choice: undefined,
      quoteId: undefined,
      openedAs: choice.quoteId,
      notice:
        refused === undefined
          ? quoteNotice(checkout)
          : refusedPromotion(deps, refused, checkout.quote),
      customer: NO_CUSTOMER,
      errors: {},
      csrfToken: reply.generateCsrf(),
      canConfirm: true,
    })
    return sendHtml(deps, reply, 200, page)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    // A promotion code that cannot be used: the checkout without it, saying so (as the results
    // do), not the vehicles again with the choice lost. Sent on as a link without the code, so
    // that the back button comes back to a quote, not to the code refused again.
    const code = sentText(query.promo_code)
    if (error.parameter === 'promo_code' && code !== '') {
      const { promo_code: _code, ...without } = query
      return reply.redirect(bookPath({ ...choiceOf(without), promo_refused: code }), 303)
    }
    return showChoiceProblem(deps, request, reply, query, error, quantitiesOf(joined(query)))
  }
}

const PRICE_WITHOUT_IT = 'The price below is without it.'

/** Why the link's promotion code was left out, worked out again for the quote now shown. */
function refusedPromotion(deps: PageDeps, code: string, quote: Quote): Notice {
  const title = `The promotion code ${code} cannot be used for this rental`
  try {
    promotionForRental(deps.ctx.catalogue().catalogue.terms, code, {
      pickUpDate: quote.pickUpDate,
      days: quote.rentalDays,
    })
  } catch (error) {
    if (error instanceof DomainError) {
      return {
        kind: 'problem',
        title,
        message: promotionProblemText(error, code, PRICE_WITHOUT_IT),
      }
    }
    throw error
  }
  return { kind: 'problem', title, message: `It is not for this vehicle. ${PRICE_WITHOUT_IT}` }
}

/**
 * The options form, sent: its quantities become the spec's `accessory_ids` and the person is
 * sent on (303) to the canonical checkout link, the same link an agent would hand them.
 */
export async function chooseOptions(
  deps: PageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  query: Parameters,
): Promise<FastifyReply> {
  const quantities = new Map<number, number>()
  // "No insurance plan" sends insurance_id empty: no plan, as a link without one.
  if (sentText(query.insurance_id) === '') delete query.insurance_id
  try {
    const accessoryIds = accessoryIdsFromQuantities(query)
    for (const [id, quantity] of quantitiesOf(accessoryIds)) quantities.set(id, quantity)
    const { parameters } = checkChoice(request, { ...query, accessory_ids: accessoryIds })
    return reply.redirect(bookPath(parameters), 303)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return showChoiceProblem(deps, request, reply, query, error, quantities)
  }
}

/**
 * A checkout link that cannot be priced. A bad depot or date goes back to the search form; a bad
 * vehicle, accessory or plan shows the vehicles again with the choice filled in and the message
 * next to it; a vehicle no longer available is said above the vehicles that still are.
 */
async function showChoiceProblem(
  deps: PageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  query: Parameters,
  problem: DomainError,
  quantities: Map<number, number>,
): Promise<FastifyReply> {
  const values = searchValues(query)
  if (isSearchError(problem)) {
    return showSearch(deps, reply, 400, values, searchFieldErrors(problem, values))
  }
  try {
    const found = await searchOffers(deps.ctx, request, query)
    const { period, offers } = found
    const vehicleText = sentText(query.vehicle_id)
    const vehicleId = ID_PATTERN.test(vehicleText) ? Number(vehicleText) : undefined
    const insuranceText = sentText(query.insurance_id)
    const onCard =
      (problem.parameter === 'accessory_ids' || problem.parameter === 'insurance_id') &&
      offers.some((offer) => offer.vehicle.id === vehicleId)
    const invalid = isInvalidRequest(problem)
    const said = choiceProblemText(problem)
    const notice: Notice | undefined = onCard
      ? found.notice
      : {
          kind: 'problem',
          title: invalid
            ? 'This checkout link cannot be used as it is'
            : 'The vehicle you chose cannot be booked for these dates',
          message: said,
          link: suggestedCheckout(problem, listDepots(deps.ctx), choiceOf(query)),
        }
    const page = resultsPage({
      depots: listDepots(deps.ctx),
      search: found.values,
      period,
      offers,
      links: deps.links,
      today: todayOf(deps.ctx),
      notice,
      none: found.none,
      selection:
        vehicleId === undefined
          ? undefined
          : {
              vehicleId,
              card: {
                quantities,
                insuranceId: ID_PATTERN.test(insuranceText) ? Number(insuranceText) : undefined,
                errors: onCard ? { [problem.parameter as string]: said } : {},
              },
            },
    })
    // As the quote API answers: 400 for a bad choice, 404 for a vehicle that cannot be rented.
    return sendHtml(deps, reply, invalid ? 400 : 404, page)
  } catch (error) {
    if (!(error instanceof DomainError) || !isSearchError(error)) throw error
    return showSearch(deps, reply, 400, values, searchFieldErrors(error, values))
  }
}

/** `accessory_ids` as one text when it was repeated, as the quote API reads it. */
function joined(query: Parameters): string | undefined {
  const value = query.accessory_ids
  if (Array.isArray(value)) return value.filter((item) => typeof item === 'string').join(',')
  return typeof value === 'string' ? value : undefined
}
