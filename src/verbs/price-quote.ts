import { randomBytes } from 'node:crypto'
import { parseAccessorySelection } from '../domain/accessory-selection.ts'
import { assessVehicle, type RentalRequest } from '../domain/availability.ts'
import { todayIn } from '../domain/calendar-date.ts'
import { capitalised } from '../domain/capitalised.ts'
import type { InsurancePlan, Vehicle } from '../domain/catalogue.ts'
import type { CatalogueIndex } from '../domain/catalogue-index.ts'
import { DomainError, invalid, UnavailableError } from '../domain/errors.ts'
import {
  checkHandoverTime,
  checkSameDayOrder,
  handoverTimes,
  timesLeft,
} from '../domain/handover-times.ts'
import type { Quote } from '../domain/quote.ts'
import { quoteAssumptions, quoteTerms } from '../domain/quote-terms.ts'
import { afterHoursHandOvers, findPromotion, promotionDiscount } from '../domain/rental-extras.ts'
import { priceChoice } from '../domain/rental-price.ts'
import type { VerbContext } from './context.ts'
import { explainUnavailable } from './explain-unavailable.ts'
import { type RentalSearch, resolveRentalRequest } from './rental-request.ts'
import { knownVehicle } from './vehicle-options.ts'

export type QuoteRequest = RentalSearch & {
  vehicleId: number
  /** `HH:MM`; checked against the depot's times for that day when given. */
  pickUpTime?: string | undefined
  dropOffTime?: string | undefined
  /** Comma-separated accessory ids as sent; an id given twice is a quantity of two. */
  accessoryIds?: string | undefined
  insuranceId?: number | undefined
  promoCode?: string | undefined
  /** The sending agent's own reference, kept with the quote and its booking. */
  agentRef?: string | undefined
}

const MS_PER_MINUTE = 60_000

/** A priced rental: a quote before it is given an id and an expiry. */
export type PricedRental = Omit<Quote, 'id' | 'createdAt' | 'expiresAt' | 'issuedOn'> & {
  /** Units of the vehicle stocked at the pick-up depot, for the booking's stock check. */
  unitsStocked: number
}

/**
 * Prices the vehicle with its options for the request and stores the quote. Invalid input is a
 * DomainError with an invalid-request code; a vehicle that cannot be rented one with an
 * unavailable code saying why.
 */
export async function priceQuote(
  ctx: VerbContext,
  request: QuoteRequest,
  /** The quote a checkout opened with, when a checkout prices this one in its place. */
  openedWith?: string,
): Promise<Quote> {
  const { unitsStocked: _, ...priced } = await priceRental(ctx, request)
  const now = ctx.now()
  const quote: Quote = {
    id: newQuoteId(now.getTime()),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ctx.quoteTtlMinutes * MS_PER_MINUTE).toISOString(),
    issuedOn: todayIn(ctx.rules.timeZone, now),
    ...priced,
    ...(openedWith === undefined ? {} : { openedWith }),
  }
  await ctx.store.saveQuote(quote)
  return quote
}

/** Validates and prices a rental as a quote would, without storing anything. */
export async function priceRental(ctx: VerbContext, request: QuoteRequest): Promise<PricedRental> {
  const index = ctx.catalogue()
  const rental = resolveRentalRequest(ctx, request)
  const vehicle = knownVehicle(index, 'vehicle_id', request.vehicleId)
  // An unknown code is refused before anything else is worked out; whether it applies, after.
  if (request.promoCode !== undefined) findPromotion(index.catalogue.terms, request.promoCode)
  const { period, now } = rental
  const pickUpTime =
    request.pickUpTime === undefined
      ? null
      : checkHandoverTime(
          rental.pickUpDepot,
          period.pickUpDate,
          request.pickUpTime,
          'pick-up',
          'pick_up_time',
          { now, otherEnd: period.dropOffDate },
        )
  // On a rental of one day, the drop-off times suggested are those after the pick-up.
  const sameDay = period.pickUpDate === period.dropOffDate
  const dropOffTime =
    request.dropOffTime === undefined
      ? null
      : checkHandoverTime(
          rental.dropOffDepot,
          period.dropOffDate,
          request.dropOffTime,
          'drop-off',
          'drop_off_time',
          {
            now,
            after: sameDay
              ? (pickUpTime ??
                handoverTimes(rental.pickUpDepot, period.pickUpDate, 'pick-up', now)[0])
              : undefined,
            otherEnd: period.pickUpDate,
          },
        )
  if (sameDay) {
    checkSameDayOrder(
      rental.pickUpDepot,
      rental.dropOffDepot,
      period.pickUpDate,
      pickUpTime,
      dropOffTime,
      now,
    )
  }
  const selection = parseAccessorySelection(index, request.accessoryIds, vehicle, period.pickUpDate)
  const plan =
    request.insuranceId === undefined ? undefined : offeredPlan(index, vehicle, request.insuranceId)

  const booked = await ctx.store.bookedUnits({
    depotId: rental.pickUpDepot.id,
    vehicleIds: [vehicle.id],
    from: period.pickUpDate,
    to: period.dropOffDate,
  })
  const assessment = assessVehicle(index, vehicle, rental, booked.get(vehicle.id) ?? 0)
  if (!assessment.available) {
    // The 404 says why and what to send instead: the smallest change that gives a quote.
    const why = await explainUnavailable(ctx, vehicle, rental, assessment, (changed) =>
      quoteStillValid(index, vehicle, request, changed),
    )
    throw new UnavailableError(why.code, why.reason, why.suggestion, capitalised(assessment.reason))
  }

  // The times the person can still choose: an after-hours fee that none of them escapes is in the
  // price, and the assumptions say for which hand-over.
  const left = timesLeft(rental.pickUpDepot, rental.dropOffDepot, period, pickUpTime, now)
  const price = priceChoice({
    terms: index.catalogue.terms,
    vehicle,
    pickUpDepot: rental.pickUpDepot,
    dropOffDepot: rental.dropOffDepot,
    period,
    pickUpTime,
    dropOffTime,
    timesLeft: left,
    driverAge: rental.driverAge,
    rental: assessment.terms,
    accessories: selection,
    plan: plan ?? null,
    promoCode: request.promoCode,
  })
  const termsRequest = {
    vehicle,
    pickUpDate: period.pickUpDate,
    pickUpTime,
    dropOffTime,
    rentalDays: period.days,
    totalAmount: price.totalAmount,
    plan: plan ?? null,
    driverAge: rental.driverAge,
    today: todayIn(ctx.rules.timeZone, ctx.now()),
    afterHoursOnly: afterHoursHandOvers({
      pickUpDepot: rental.pickUpDepot,
      dropOffDepot: rental.dropOffDepot,
      ...period,
      pickUpTime,
      dropOffTime,
      timesLeft: left,
    }),
  }
  const terms = quoteTerms(index, ctx.rules.timeZone, termsRequest)
  return {
    vehicleId: vehicle.id,
    vehicleName: vehicle.name,
    pickUpDepotId: rental.pickUpDepot.id,
    dropOffDepotId: rental.dropOffDepot.id,
    pickUpDate: period.pickUpDate,
    dropOffDate: period.dropOffDate,
    pickUpTime,
    dropOffTime,
    rentalDays: period.days,
    ...price,
    driverAge: rental.driverAge,
    agentRef: request.agentRef ?? null,
    terms,
    assumptions: quoteAssumptions(index.catalogue, termsRequest, terms),
    unitsStocked: vehicle.unitsByDepot[rental.pickUpDepot.id] ?? 0,
  }
}

/**
 * Whether the quote's other choices hold for a changed rental: its accessories offered in the new
 * pick-up month and its hand-over times on the new days, so that a suggestion sent gives a quote.
 */
function quoteStillValid(
  index: CatalogueIndex,
  vehicle: Vehicle,
  request: QuoteRequest,
  changed: RentalRequest,
): boolean {
  try {
    const { period } = changed
    parseAccessorySelection(index, request.accessoryIds, vehicle, period.pickUpDate)
    if (request.promoCode !== undefined) {
      promotionDiscount(index.catalogue.terms, request.promoCode, {
        vehicle,
        pickUpDate: period.pickUpDate,
        days: period.days,
        rentalFee: 0,
      })
    }
    if (request.pickUpTime !== undefined) {
      checkHandoverTime(
        changed.pickUpDepot,
        period.pickUpDate,
        request.pickUpTime,
        'pick-up',
        'pick_up_time',
        { otherEnd: period.dropOffDate },
      )
    }
    if (request.dropOffTime !== undefined) {
      checkHandoverTime(
        changed.dropOffDepot,
        period.dropOffDate,
        request.dropOffTime,
        'drop-off',
        'drop_off_time',
        { otherEnd: period.pickUpDate },
      )
    }
    if (period.pickUpDate === period.dropOffDate) {
      checkSameDayOrder(
        changed.pickUpDepot,
        changed.dropOffDepot,
        period.pickUpDate,
        request.pickUpTime ?? null,
        request.dropOffTime ?? null,
      )
    }
    return true
  } catch (error) {
    if (error instanceof DomainError) return false
    throw error
  }
}

function offeredPlan(index: CatalogueIndex, vehicle: Vehicle, id: number): InsurancePlan {
  const plan = index.insurancePlan(id)
  if (!plan) {
    throw invalid(
      'unknown_insurance',
      'insurance_id',
      `insurance_id ${id} is not an insurance plan`,
      { of: 'insurance_plans', vehicleId: vehicle.id },
    )
  }
  if (!index.insurancePlansFor(vehicle).includes(plan)) {
    throw invalid(
      'insurance_not_offered',
      'insurance_id',
      `insurance_id ${id} (${plan.name}) is not offered for ${vehicle.name}`,
      { of: 'insurance_plans', vehicleId: vehicle.id },
    )
  }
  return plan
}

const QUOTE_ID_BYTES = 18
// Random bytes are drawn for many ids at once: one call to the generator per 256 quotes.
const IDS_PER_DRAW = 256
let randomPool = Buffer.alloc(0)
let poolOffset = 0

/**
 * 144 random bits, opaque and unguessable, after the time of issue in milliseconds as 12 hex
 * digits: ids in the order they are issued, so that storing a quote adds to the end of the id
 * index rather than to a random page of it. With random ids alone, each group of quotes written
 * touched as many pages as it held quotes, and a quote cost three times as much to store once the
 * table held a few hundred thousand. (The time is no secret: the quote says when it was made.)
 */
export function newQuoteId(nowMs: number = Date.now()): string {
  if (poolOffset + QUOTE_ID_BYTES > randomPool.length) {
    randomPool = randomBytes(QUOTE_ID_BYTES * IDS_PER_DRAW)
    poolOffset = 0
  }
  const random = randomPool.toString('base64url', poolOffset, poolOffset + QUOTE_ID_BYTES)
  poolOffset += QUOTE_ID_BYTES
  return `q_${nowMs.toString(16).padStart(12, '0')}${random}`
}
