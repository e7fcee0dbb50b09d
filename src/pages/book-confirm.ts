import type { FastifyReply, FastifyRequest } from 'fastify'
import type { BookingRecord } from '../domain/booking.ts'
import { parseCalendarDate } from '../domain/calendar-date.ts'
import { type Customer, customerProblems, normaliseCustomer } from '../domain/customer.ts'
import { driverAgeFromBirth } from '../domain/driver-age.ts'
import { DomainError, StoreUnavailableError } from '../domain/errors.ts'
import { youngestDriverAge } from '../domain/rental-extras.ts'
import { RETRY_AFTER_UNAVAILABLE_SECONDS } from '../http/error-response.ts'
import { handOverWord } from '../presenters/quote-terms.ts'
import { bookPath } from '../presenters/site-links.ts'
import { bookVehicle } from '../verbs/book-vehicle.ts'
import { bookingDepots, listDepots } from '../verbs/list-depots.ts'
import { openCheckout } from '../verbs/open-checkout.ts'
import {
  type CheckoutChoice,
  checkChoice,
  choiceOf,
  type Parameters,
  SEARCH_PARAMETERS,
  sentText,
  tidiedParameters,
} from './book-parameters.ts'
import { newQuoteNotice, quoteBookedElsewhere, quoteNotice } from './checkout-notices.ts'
import { type CheckoutPageInput, type CustomerValues, checkoutPage } from './checkout-page.ts'
import {
  checkoutFaultText,
  choiceProblemText,
  suggestedCheckout,
  tooYoungForAnyText,
} from './choice-error-words.ts'
import { confirmationPage } from './confirmation-page.ts'
import { checkoutIdentity } from './csrf.ts'
import { isInvalidRequest, isSearchParameter } from './error-fields.ts'
import type { FieldErrors } from './form-fields.ts'
import { afterHoursFees, type PageDeps, pageCompany, sendHtml, todayOf } from './page-deps.ts'

/** What differs between the ways the checkout comes back; the rest is always the same. */
type CheckoutShown = Partial<Pick<CheckoutPageInput, 'choice' | 'quoteId' | 'notice' | 'errors'>> &
  Pick<CheckoutPageInput, 'quote' | 'canConfirm'>

/** The checkout's own fields, which a refusal shows the message next to. */
const FORM_FIELDS = new Set([
  'pick_up_time',
  'drop_off_time',
  'date_of_birth',
  'full_name',
  'email',
  'phone',
])

/**
 * Step 4, POST /book: the booking form, confirmed. The person's details are checked first, all
 * at once; then bookVehicle books one unit at the quote's price or says why it did not. Every
 * answer but a booking shows the checkout again with what was typed, and nothing is created.
 *
 * One checkout books once, however often it is sent: the form's token stays valid, and the
 * database keeps one booking per quote, so a repeat (a double click, a retry after a lost answer,
 * a replay) is answered with the booking the first confirmation made (200), never a second one
 * and never an error page.
 */
export async function confirmBooking(
  deps: PageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const body = tidiedParameters(
    (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Parameters,
  )
  const customer: CustomerValues = {
    full_name: sentText(body.full_name),
    email: sentText(body.email),
    phone: sentText(body.phone),
    pick_up_time: sentText(body.pick_up_time),
    drop_off_time: sentText(body.drop_off_time),
    date_of_birth: sentText(body.date_of_birth),
  }
  // The checkout is the browser with the quote of the link it was opened with (see checkoutPage's
  // openedAs): carried on every page this answer shows, and the key its booking is made under.
  let openedAs: string | undefined
  const showCheckout = (status: number, shown: CheckoutShown) =>
    sendHtml(
      deps,
      reply,
      status,
      checkoutPage({
        depots: listDepots(deps.ctx),
        timeZone: deps.ctx.rules.timeZone,
        now: deps.ctx.now(),
        afterHoursFees: afterHoursFees(deps),
        choice: undefined,
        quoteId: undefined,
        notice: undefined,
        errors: {},
        customer,
        csrfToken: reply.generateCsrf(),
        openedAs,
        ...shown,
      }),
    )

  let choice: CheckoutChoice
  try {
    choice = checkChoice(request, body)
    openedAs = choice.openedAs ?? choice.quoteId
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    // The hidden fields were changed: nothing can be priced, so the message and a way back.
    return showCheckout(400, {
      quote: undefined,
      notice: {
        kind: 'problem',
        title: 'Nothing was booked',
        message: error.message,
        link: searchAgain(body),
      },
      canConfirm: false,
    })
  }

  const details = {
    fullName: customer.full_name,
    email: customer.email,
    phone: customer.phone,
  }
  const detailErrors: FieldErrors = Object.fromEntries(
    customerProblems(details).map((problem) => [problem.field, problem.message]),
  )
  for (const field of ['pick_up_time', 'drop_off_time'] as const) {
    if (customer[field] === '') {
      detailErrors[field] = `Choose a ${handOverWord(field)} time`
    }
  }
  // The driver's age on the pick-up date, from the date of birth, prices the rental from here
  // on (an age the link carried is replaced): a young driver's fees appear before booking.
  const pickUpDate = parseCalendarDate(choice.request.pickUpDate)
  const { catalogue } = deps.ctx.catalogue()
  const driver = pickUpDate
    ? driverAgeFromBirth(
        customer.date_of_birth,
        pickUpDate,
        todayOf(deps.ctx),
        youngestDriverAge(catalogue.terms, catalogue.vehicles),
      )
    : undefined
  if (driver && 'problem' in driver) detailErrors.date_of_birth = driver.problem
  const rental = {
    ...choice.request,
    ...(driver && 'age' in driver ? { driverAge: driver.age } : {}),
    quoteId: choice.quoteId,
  }
  try {
    if (Object.keys(detailErrors).length > 0) {
      // Not booked: the checkout again, with the quote still held or a new one, and every problem.
      const checkout = await openCheckout(deps.ctx, rental)
      return showCheckout(400, {
        quote: checkout.quote,
        notice: quoteNotice(checkout),
        errors: detailErrors,
        canConfirm: true,
      })
    }
    const outcome = await bookVehicle(deps.ctx, {
      ...rental,
      customer: details,
      checkoutToken: checkoutIdentity(request, openedAs),
    })
    switch (outcome.outcome) {
      case 'new_quote':
        return showCheckout(409, {
          quote: outcome.quote,
          notice: newQuoteNotice(outcome.reason, outcome.quote, outcome.previous),
          canConfirm: true,
        })
      case 'quote_used':
        return sendHtml(
          deps,
          reply,
          409,
          quoteBookedElsewhere('Nothing was booked', searchAgain(body)),
        )
      case 'booked':
      case 'already_booked':
        return sendHtml(
          deps,
          reply,
          outcome.outcome === 'booked' ? 201 : 200,
          confirmationPage({
            booking: outcome.booking,
            depots: bookingDepots(deps.ctx),
            company: pageCompany(deps),
            timeZone: deps.ctx.rules.timeZone,
            manageUrl:
              outcome.outcome === 'booked'
                ? deps.links.manageBooking(outcome.manageToken)
                : undefined,
            // The same checkout sent again (the back button) with other details: the booking
            // stands as first confirmed, and the page says the changes were not applied.
            changesNotApplied:
              outcome.outcome === 'already_booked' &&
              !sameDetails(outcome.booking, normaliseCustomer(details), rental),
          }),
        )
      default:
        return outcome satisfies never
    }
  } catch (caught) {
    if (caught instanceof StoreUnavailableError) {
      request.log.error({ err: caught.cause }, 'store unavailable')
      reply.header('retry-after', String(RETRY_AFTER_UNAVAILABLE_SECONDS))
      return showCheckout(503, {
        quote: undefined,
        choice: choice.parameters,
        quoteId: choice.quoteId,
        notice: {
          kind: 'problem',
          title: 'We could not reach our booking system',
          message: `Nothing was booked. Your details are kept below: try again in ${RETRY_AFTER_UNAVAILABLE_SECONDS} seconds.`,
        },
        errors: detailErrors,
        canConfirm: true,
      })
    }
    if (!(caught instanceof DomainError)) throw caught
    let error = caught
    if (error.code === 'driver_too_young') {
      // The driver may not rent this vehicle: said next to the date of birth, with the price as
      // quoted, and the way to the vehicles this driver may rent; when there is none (a driver
      // under every vehicle's minimum age), the youngest age any vehicle takes, and no search
      // that could only come back empty.
      // The age the link was quoted for (none when it had none), not the age just refused: without
      // it, a quote for a 23-year-old lost its young-driver fee here, and the corrected date of
      // birth then met "the price changed" before it could book.
      const checkout = await openCheckout(deps.ctx, {
        ...rental,
        driverAge: choice.request.driverAge,
      }).catch((again: unknown) => {
        // The link's own age refused too (the fleet raised the vehicle's minimum since): the
        // checkout as for no age, the refusal said next to the date of birth all the same.
        if (!(again instanceof DomainError) || again.code !== 'driver_too_young') throw again
        return openCheckout(deps.ctx, { ...rental, driverAge: undefined })
      })
      const youngest = youngestDriverAge(catalogue.terms, catalogue.vehicles)
      const mayRentAny = rental.driverAge !== undefined && rental.driverAge >= youngest
      return showCheckout(400, {
        quote: checkout.quote,
        notice: {
          kind: 'problem',
          title: 'Nothing was booked: the driver is too young for this vehicle',
          message: mayRentAny ? choiceProblemText(error) : tooYoungForAnyText(error, youngest),
          ...(mayRentAny
            ? {
                link: {
                  href: searchAgain(body, { driver_age: String(rental.driverAge) }).href,
                  text: 'See the vehicles this driver may rent',
                },
              }
            : {}),
        },
        // The whole sentence once, above; next to the field (and in the summary) what it is about.
        errors: { ...detailErrors, date_of_birth: 'The driver is too young for this vehicle' },
        canConfirm: true,
      })
    }
    if (isInvalidRequest(error) && error.parameter && FORM_FIELDS.has(error.parameter)) {
      // A time the depot does not offer that day (say): next to the field, with the quote.
      const fault = error
      try {
        const checkout = await openCheckout(deps.ctx, {
          ...rental,
          pickUpTime: undefined,
          dropOffTime: undefined,
        })
        return showCheckout(400, {
          quote: checkout.quote,
          notice: quoteNotice(checkout),
          errors: { ...detailErrors, [fault.parameter as string]: checkoutFaultText(fault) },
          canConfirm: true,
        })
      } catch (again) {
        // Without its times the rental cannot be had either (a rental of today whose last
        // drop-off has passed since the page was shown): said as below, the details kept.
        if (!(again instanceof DomainError)) throw again
        error = again
      }
    }
    const carried = {
      quote: undefined,
      choice: choice.parameters,
      quoteId: choice.quoteId,
      canConfirm: false,
    }
    if (isInvalidRequest(error)) {
      // The dates have passed since the checkout was shown, say: the message next to them.
      const field = error.parameter !== undefined && isSearchParameter(error.parameter)
      const said = checkoutFaultText(error)
      return showCheckout(400, {
        ...carried,
        notice: {
          kind: 'problem',
          title: 'Nothing was booked: this rental cannot be booked as it is',
          message: field ? undefined : said,
          link: { href: searchAgain(body).href, text: 'Choose new dates or depots' },
        },
        errors: field ? { ...detailErrors, [error.parameter as string]: said } : detailErrors,
      })
    }
    return showCheckout(409, {
      ...carried,
      notice: {
        kind: 'problem',
        title: 'This vehicle is no longer available',
        message: `Nothing was booked. ${choiceProblemText(error)}`,
        link: suggestedCheckout(error, listDepots(deps.ctx), choiceOf(body)) ?? {
          href: searchAgain(body).href,
          text: 'See the vehicles still available for these dates',
        },
      },
      errors: detailErrors,
    })
  }
}

/** The rental's search again: its vehicles, or its form with the message about its dates. */
function searchAgain(
  body: Parameters,
  extra: Record<string, string> = {},
): { href: string; text: string } {
  const search = Object.fromEntries(
    SEARCH_PARAMETERS.map((name) => [name, sentText(body[name]) || undefined]),
  )
  return { href: bookPath({ ...search, ...extra }), text: 'Search again' }
}

/** Whether a repeated confirmation asked for what the booking already holds. */
function sameDetails(
  booking: BookingRecord,
  customer: Customer,
  rental: { pickUpTime?: string | undefined; dropOffTime?: string | undefined },
): boolean {
  const held = booking.customer
  return (
    held !== null &&
    held.fullName === customer.fullName &&
    held.email === customer.email &&
    held.phone === customer.phone &&
    (rental.pickUpTime === undefined || rental.pickUpTime === booking.pickUpTime) &&
    (rental.dropOffTime === undefined || rental.dropOffTime === booking.dropOffTime)
  )
}
