import { DomainError } from '../domain/errors.ts'
import { statusOf } from '../http/error-response.ts'
import { httpMessage } from '../http/listing-text.ts'
import {
  presentAccessory,
  presentDepot,
  presentInsurancePlan,
  presentQuote,
  presentVehicle,
} from '../presenters/present.ts'
import type { SiteLinks } from '../presenters/site-links.ts'
import type { QuoteResponse } from '../schemas/quote.ts'
import type { VerbContext } from '../verbs/context.ts'
import { findAvailableVehicles } from '../verbs/find-available-vehicles.ts'
import { listAccessories } from '../verbs/list-accessories.ts'
import { listDepots } from '../verbs/list-depots.ts'
import { listInsurancePlans } from '../verbs/list-insurance-plans.ts'
import { priceQuote } from '../verbs/price-quote.ts'
import { type ExampleSearch, findExampleSearch } from './example-search.ts'
import type { ShortJsonOptions } from './short-json.ts'

/**
 * The call order of /docs, played for real against the running service's own data: the same
 * verbs and presenters the routes call, so each response is what the URL beside it answers
 * (a new quote id and expiry aside). In-process rather than through HTTP, so that building the
 * page neither counts against a client's rate limit nor depends on the server's own address.
 */
export type ExampleCall = {
  /** What this step is for, as a heading. */
  title: string
  /** Why the call is made and what the example picks from its answer. */
  explanation: string
  /** The absolute URL an agent would GET. */
  url: string
  status: number
  body: unknown
  /** How far the body is shortened for display; the quote is shown whole. */
  display: ShortJsonOptions
}

export type WorkedExample = {
  search: ExampleSearch
  rentalDays: number
  calls: ExampleCall[]
  quote: QuoteResponse
  /** A real refusal, to show what an error body looks like. */
  error: ExampleCall
}

/** The worked example, or undefined when the company has nothing to rent in the weeks tried. */
export async function buildWorkedExample(
  ctx: VerbContext,
  links: SiteLinks,
  apiUrl: string,
): Promise<WorkedExample | undefined> {
  const search = await findExampleSearch(ctx)
  const chosen = search?.availability.vehicles[0]
  if (!search || !chosen) return undefined
  const { pickUpDepot, dropOffDepot, pickUpDate, dropOffDate, availability } = search
  const rentalDays = availability.period.days
  const url = (path: string, params: Record<string, string> = {}) => {
    const query = new URLSearchParams(params).toString().replaceAll('%2C', ',')
    return `${apiUrl}${path}${query ? `?${query}` : ''}`
  }
  const dates = { pick_up_date: pickUpDate, drop_off_date: dropOffDate }
  const where = {
    pick_up_depot_id: String(pickUpDepot.id),
    drop_off_depot_id: String(dropOffDepot.id),
  }
  const vehicleId = chosen.vehicle.id
  const options = { vehicleId, pickUpDate, dropOffDate }

  const depots = listDepots(ctx).map(presentDepot)
  const vehicles = availability.vehicles.map((item) => presentVehicle(item, rentalDays, links))
  const accessories = listAccessories(ctx, options).map(presentAccessory)
  const plans = listInsurancePlans(ctx, options).map(presentInsurancePlan)
  const accessory = accessories[0]
  // A plan that costs something shows how insuranceFee is priced; the free one would show 0.
  const plan = plans.find((candidate) => candidate.price > 0) ?? plans[0]
  const choice: Record<string, string> = { vehicle_id: String(vehicleId) }
  if (accessory) choice.accessory_ids = String(accessory.id)
  if (plan) choice.insurance_id = String(plan.id)
  const quote = presentQuote(
    await priceQuote(ctx, {
      pickUpDepotId: pickUpDepot.id,
      dropOffDepotId: dropOffDepot.id,
      pickUpDate,
      dropOffDate,
      vehicleId,
      accessoryIds: choice.accessory_ids,
      insuranceId: plan?.id,
    }),
    links,
    ctx.rules.timeZone,
  )

  const list = { maxTopItems: 3, maxNestedItems: 3 }
  const trip = `${pickUpDepot.name} (${pickUpDepot.id}) on ${pickUpDate} to ${dropOffDepot.name} (${dropOffDepot.id}) on ${dropOffDate}`
  const chosenOptions = [
    accessory && `accessory ${accessory.id}, ${accessory.name},`,
    plan && `insurance plan ${plan.id}, ${plan.name},`,
  ]
    .filter(Boolean)
    .join(' and ')
  return {
    search,
    rentalDays,
    quote,
    calls: [
      {
        title: 'List the depots',
        explanation: `Every active depot with its weekday and weekend pickup and drop-off times. This example rents from ${pickUpDepot.name} to ${dropOffDepot.name}.`,
        url: url('/depots'),
        status: 200,
        body: depots,
        display: { maxTopItems: 1, maxNestedItems: 2 },
      },
      {
        title: 'Find the vehicles free for the dates',
        explanation: `Both depot ids and both dates: ${trip}, ${rentalDays} rental days. Cheapest first; the example takes the first, ${chosen.vehicle.name} (vehicleId ${vehicleId}).`,
        url: url('/vehicles/availability', { ...where, ...dates }),
        status: 200,
        body: vehicles,
        display: { maxTopItems: 2 },
      },
      {
        title: `List the accessories for vehicle ${vehicleId}`,
        explanation:
          'With the dates, only the accessories offered then (snow chains only in winter, for example).',
        url: url(`/vehicles/${vehicleId}/accessories`, dates),
        status: 200,
        body: accessories,
        display: list,
      },
      {
        title: `List the insurance plans for vehicle ${vehicleId}`,
        explanation:
          'The plans for the vehicle: a price of 0 costs nothing extra but leaves the highest excess.',
        url: url(`/vehicles/${vehicleId}/insurance-types`, dates),
        status: 200,
        body: plans,
        display: list,
      },
      {
        title: 'Get a priced quote',
        explanation: `Vehicle ${vehicleId}${chosenOptions ? ` with ${chosenOptions.replace(/,$/, '')}` : ''}. The quote is stored: its price holds until expiresAt when the person books through checkoutUrl.`,
        url: url('/quotes', { ...where, ...dates, ...choice }),
        status: 200,
        body: quote,
        display: {},
      },
    ],
    error: await refusedSearch(ctx, url, dates),
  }
}

/** Availability asked with a depot id that is not one: the 400 every agent should expect. */
async function refusedSearch(
  ctx: VerbContext,
  url: (path: string, params: Record<string, string>) => string,
  dates: { pick_up_date: string; drop_off_date: string },
): Promise<ExampleCall> {
  let missingDepot = 99
  while (ctx.catalogue().activeDepot(missingDepot)) missingDepot++
  const firstDepot = ctx.catalogue().activeDepots[0]?.id ?? 1
  const params = {
    pick_up_depot_id: String(missingDepot),
    drop_off_depot_id: String(firstDepot),
    ...dates,
  }
  const call = {
    title: 'A depot id that is not a depot',
    explanation: `Depot ${missingDepot} does not exist, so the search is refused before anything is looked up.`,
    url: url('/vehicles/availability', params),
  }
  try {
    await findAvailableVehicles(ctx, {
      pickUpDepotId: missingDepot,
      dropOffDepotId: firstDepot,
      pickUpDate: dates.pick_up_date,
      dropOffDate: dates.drop_off_date,
    })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const body = { error: httpMessage(error), code: error.code, parameter: error.parameter }
    return { ...call, status: statusOf(error.code), body, display: {} }
  }
  throw new Error(`Depot ${missingDepot} was accepted; the error example needs a refused depot`)
}
