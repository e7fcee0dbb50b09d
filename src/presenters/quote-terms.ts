import { type CalendarDate, todayIn } from '../domain/calendar-date.ts'
import { type Cents, toDollars } from '../domain/money.ts'
import type { Assumption, HandOverTimeParameter, QuoteTerms } from '../domain/quote-terms.ts'
import type { TermsResponse } from '../schemas/quote-terms.ts'
import { formatCalendarDate, formatNzd, formatUntil } from './display-format.ts'

/*
 * A quote's terms and assumptions in plain words and figures: the API's `terms` and `assumptions`,
 * and the same sentences on the checkout, the confirmation and the emails, so that every door says
 * the same thing. Amounts in figures are dollars; in words, NZ$ with two decimals.
 */

/**
 * Whether free cancellation had already ended when the terms were given (`madeAt`, the quote's or
 * the booking's instant; null for a booking without one): a rental picked up sooner than the free
 * cancellation hours has none, and its "until" would be a moment already past.
 */
export function freeCancellationOver(freeUntil: string, madeAt: string | null): boolean {
  return madeAt !== null && Date.parse(freeUntil) <= Date.parse(madeAt)
}

/** What a rental picked up sooner than the free cancellation hours is told, without a full stop. */
export function noFreeCancellationText(freeCancellationHours: number): string {
  return `No free cancellation: it ends ${freeCancellationHours} hours before pick-up, and this rental starts sooner`
}

/**
 * What a cancellation the traveller made costs: nothing, as it could only be made in the free
 * cancellation hours (the booking's page takes none after them). Said, because "cancelled" alone
 * left a traveller who had paid, or been told to pay, wondering about the money. `toTraveller`:
 * the traveller reads it (else the company).
 */
export function freeOfChargeText(toTraveller: boolean): string {
  return toTraveller
    ? 'It was cancelled free of charge, within its free cancellation time: nothing is owed for it, and anything you paid for it is refunded in full.'
    : 'It was cancelled free of charge, within its free cancellation time: nothing is owed for it, and anything the traveller paid for it is to be refunded in full.'
}

/** The terms in words and figures; `madeAt` as for freeCancellationOver. */
export function presentTerms(
  terms: QuoteTerms,
  timeZone: string,
  madeAt: string | null,
): TermsResponse {
  const { distance, bond, cancellation, includedPlan } = terms
  const madeOn = madeAt === null ? null : todayIn(timeZone, new Date(madeAt))
  const payment = paymentDue(terms.payment, madeOn)
  // With 0 hours it is free until the pick-up itself, whatever the start of its day (the moment
  // counted from when no time is chosen yet) was: said as "until pick-up", its figure kept.
  const noFreeCancellation =
    cancellation.freeCancellationHours > 0 && freeCancellationOver(cancellation.freeUntil, madeAt)
  return {
    distance: distance.unlimited
      ? {
          unlimited: true,
          kmPerDay: null,
          includedKm: null,
          extraKmPrice: null,
          text: 'Unlimited kilometres.',
        }
      : {
          unlimited: false,
          kmPerDay: distance.kmPerDay,
          includedKm: distance.includedKm,
          extraKmPrice: toDollars(distance.extraKmPrice),
          text: `${kilometres(distance.kmPerDay)} a day included, ${kilometres(distance.includedKm ?? 0)} for this rental; each extra km costs ${formatNzd(distance.extraKmPrice)}.`,
        },
    fuel: terms.fuelPolicy === null ? null : { text: terms.fuelPolicy },
    bond: bond && {
      amount: toDollars(bond.amount),
      text: `A bond of ${formatNzd(bond.amount)} is held on a credit card at pick-up${bond.planName ? ` (with ${bond.planName})` : ''} and released when the vehicle comes back undamaged.`,
    },
    payment: {
      depositPercent: payment.depositPercent,
      depositAmount: toDollars(payment.depositAmount),
      balanceAmount: toDollars(payment.balanceAmount),
      balanceDueDate: payment.balanceDueDate,
      howToPay: payment.howToPay ?? null,
      // The company's own sentence on how, after when and how much.
      text: payment.howToPay ? `${payment.text} ${payment.howToPay}` : payment.text,
    },
    cancellation: {
      freeCancellationHours: cancellation.freeCancellationHours,
      // Null when it had already ended: an agent reading the figure alone told the person of a
      // free cancellation "until" a moment past.
      freeUntil: noFreeCancellation ? null : cancellation.freeUntil,
      text: cancellationSentence(
        cancellation.freeCancellationHours,
        noFreeCancellation ? null : cancellation.freeUntil,
        timeZone,
      ),
    },
    minimumDriverAge: terms.minimumDriverAge,
    youngDriverUnder: terms.youngDriverUnder,
    includedInsurance: includedPlan && {
      id: includedPlan.id,
      name: includedPlan.name,
      excess: toDollars(includedPlan.excess),
    },
  }
}

/** The cancellation rule in a sentence; `freeUntil` null when it had already ended. */
export function cancellationSentence(
  freeCancellationHours: number,
  freeUntil: string | null,
  timeZone: string,
): string {
  if (freeCancellationHours === 0) return 'Free cancellation until pick-up.'
  if (freeUntil === null) {
    return `${noFreeCancellationText(freeCancellationHours)}; only the depot can cancel.`
  }
  return `Free cancellation until ${formatUntil(freeUntil, timeZone)}, ${freeCancellationHours} hours before pick-up; after that, only the depot can cancel.`
}

/** The terms' sentences in the order a traveller reads them, for pages and emails. */
export function termsSentences(terms: TermsResponse): { label: string; text: string }[] {
  return [
    { label: 'Distance', text: terms.distance.text },
    ...(terms.fuel ? [{ label: 'Fuel', text: terms.fuel.text }] : []),
    ...(terms.bond ? [{ label: 'Bond', text: terms.bond.text }] : []),
    { label: 'Payment', text: terms.payment.text },
    { label: 'Cancellation', text: terms.cancellation.text },
    { label: 'Drivers', text: driversText(terms) },
  ]
}

function driversText(terms: TermsResponse): string {
  const young =
    terms.youngDriverUnder === null
      ? ''
      : `; drivers under ${terms.youngDriverUnder} pay the young-driver fees`
  return `The driver must be ${terms.minimumDriverAge} or over at pick-up${young}.`
}

/** An assumption as a sentence for an agent: it names the parameter that would settle it. */
export function assumptionText(assumption: Assumption): string {
  switch (assumption.kind) {
    case 'driver_age':
      return assumption.youngDriverUnder === null
        ? `No driver_age was given: the driver must be ${assumption.minimumDriverAge} or over.`
        : `No driver_age was given: the price is for a driver aged ${assumption.youngDriverUnder} or over. A younger driver (${assumption.minimumDriverAge} at least) pays the young-driver fees; send driver_age to see them.`
    case 'hand_over_times':
      return handOverTimesText(assumption)
    case 'included_plan':
      return `No insurance_id was given: ${assumption.planName} is included at no extra cost, with an excess of ${formatNzd(assumption.excess)}.`
    case 'no_plan':
      return 'No insurance_id was given and this vehicle has no plan included: the renter is liable for damage, up to the bond.'
    default:
      return assumption satisfies never
  }
}

function handOverTimesText({
  afterHoursFee,
  missing = ['pick_up_time', 'drop_off_time'],
  afterHoursOnly = [],
}: Extract<Assumption, { kind: 'hand_over_times' }>): string {
  if (afterHoursFee && afterHoursOnly.length > 0) return afterHoursOnlyText(missing, afterHoursOnly)
  if (missing.length > 1) {
    return afterHoursFee
      ? 'No pick_up_time or drop_off_time was given: the price is for hand-overs in opening hours (an after-hours hand-over adds its fee), and the person chooses the times at checkout.'
      : 'No pick_up_time or drop_off_time was given: the person chooses the times at checkout.'
  }
  // One time was sent and priced: the sentence is about the other only.
  const [parameter] = missing
  const handOver = handOverWord(parameter as HandOverTimeParameter)
  return afterHoursFee
    ? `No ${parameter} was given: the price is for a ${handOver} in opening hours (an after-hours ${handOver} adds its fee), and the person chooses that time at checkout.`
    : `No ${parameter} was given: the person chooses the ${handOver} time at checkout.`
}

/** The hand-over a time parameter chooses, in words: `pick-up` or `drop-off`. */
export function handOverWord(parameter: HandOverTimeParameter): 'pick-up' | 'drop-off' {
  return parameter === 'pick_up_time' ? 'pick-up' : 'drop-off'
}

/** The times not given, when every time left for some of them is after hours (fee included). */
function afterHoursOnlyText(
  missing: HandOverTimeParameter[],
  afterHoursOnly: HandOverTimeParameter[],
): string {
  const notGiven =
    missing.length > 1 ? 'No pick_up_time or drop_off_time was given' : `No ${missing[0]} was given`
  const handOver = handOverWord
  const day = (parameter: HandOverTimeParameter) =>
    parameter === 'pick_up_time' ? 'the pick-up day' : 'the drop-off day'
  const onlyAfterHours =
    afterHoursOnly.length > 1
      ? 'every choice of pick-up and drop-off times left has an after-hours hand-over'
      : `every ${handOver(afterHoursOnly[0] as HandOverTimeParameter)} time that can still be chosen on ${day(afterHoursOnly[0] as HandOverTimeParameter)} is after hours`
  const other = missing.find((parameter) => !afterHoursOnly.includes(parameter))
  const otherText =
    other === undefined
      ? ''
      : ` The ${handOver(other)} is priced in opening hours (an after-hours ${handOver(other)} adds its fee).`
  const choose = missing.length > 1 ? 'the times' : 'that time'
  return `${notGiven}: ${onlyAfterHours}, so the price includes the after-hours fee.${otherText} The person chooses ${choose} at checkout.`
}

/**
 * What is due when, in figures and words. `madeOn` is the day the terms were given: a balance due
 * by that very day (the pick-up is nearer than the balance's notice, so its date was brought
 * forward to it) is due with the deposit: the whole total on booking, nothing later. Said as a
 * deposit on booking and a balance by today, it read as two payments, and an agent reading the
 * figures alone told the person of a deposit.
 */
function paymentDue(
  payment: QuoteTerms['payment'],
  madeOn: CalendarDate | null,
): QuoteTerms['payment'] & { text: string } {
  const total = payment.depositAmount + payment.balanceAmount
  const dueAtOnce =
    madeOn !== null && payment.balanceDueDate !== null && payment.balanceDueDate <= madeOn
  if (dueAtOnce && payment.depositPercent > 0 && payment.balanceAmount > 0) {
    return {
      ...payment,
      depositAmount: total,
      balanceAmount: 0 as Cents,
      balanceDueDate: null,
      text: `The total of ${formatNzd(total)} is due on booking: the pick-up is too near for a deposit of ${payment.depositPercent}% now and the balance later.`,
    }
  }
  return { ...payment, text: paymentText(payment) }
}

function paymentText(payment: QuoteTerms['payment']): string {
  const total = payment.depositAmount + payment.balanceAmount
  const due =
    payment.balanceDueDate === null
      ? 'at pick-up'
      : `by ${formatCalendarDate(payment.balanceDueDate)}`
  if (payment.depositPercent === 0) {
    return `Nothing is due on booking; the total of ${formatNzd(total)} is due ${due}.`
  }
  if (payment.balanceAmount === 0) {
    return `The total of ${formatNzd(total)} is due on booking.`
  }
  return `A deposit of ${payment.depositPercent}% (${formatNzd(payment.depositAmount)}) is due on booking; the balance of ${formatNzd(payment.balanceAmount)} is due ${due}.`
}

const KM = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 0 })

function kilometres(km: number): string {
  return `${KM.format(km)} km`
}
