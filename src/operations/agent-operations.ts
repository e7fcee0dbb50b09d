import type { Static } from 'typebox'
import { DEFAULT_FLEXIBLE_LIMIT } from '../domain/pick-up-window.ts'
import type { Quote } from '../domain/quote.ts'
import type { VehicleFilter } from '../domain/vehicle-filter.ts'
import { flexibleOptionsBytes } from '../presenters/flexible-options-json.ts'
import {
  presentAccessory,
  presentCatalogueVehicle,
  presentDepot,
  presentFlexibleOption,
  presentInsurancePlan,
  presentQuote,
  presentRoute,
  presentUnavailableVehicle,
  presentVehicle,
} from '../presenters/present.ts'
import type { SiteLinks } from '../presenters/site-links.ts'
import { vehicleListBytes } from '../presenters/vehicle-list-json.ts'
import type { AccessoryResponse } from '../schemas/accessory.ts'
import type { CatalogueVehicleResponse } from '../schemas/catalogue-vehicle.ts'
import type { DepotResponse } from '../schemas/depot.ts'
import type { FlexibleOptionResponse } from '../schemas/flexible-option.ts'
import type { FlexibleQuery } from '../schemas/flexible-query.ts'
import type { InsurancePlanResponse } from '../schemas/insurance-plan.ts'
import type {
  AvailabilityQuery,
  QuoteQuery,
  RoutesQuery,
  UnavailableQuery,
  VehicleOptionsQuery,
  VehiclesQuery,
} from '../schemas/query-parameters.ts'
import type { QuoteResponse } from '../schemas/quote.ts'
import type { RouteResponse } from '../schemas/route.ts'
import type { UnavailableVehicleResponse } from '../schemas/suggestion.ts'
import type { VehicleResponse } from '../schemas/vehicle.ts'
import { type MaybeAsync, whenReady } from '../store/maybe-async.ts'
import type { VerbContext } from '../verbs/context.ts'
import { listUnavailableVehicles } from '../verbs/explain-unavailable.ts'
import { type AvailabilitySearch, findAvailableVehicles } from '../verbs/find-available-vehicles.ts'
import { type FlexibleDates, findFlexibleDates } from '../verbs/find-flexible-dates.ts'
import { findQuote } from '../verbs/find-quote.ts'
import { listAccessories } from '../verbs/list-accessories.ts'
import { listDepots } from '../verbs/list-depots.ts'
import { listInsurancePlans } from '../verbs/list-insurance-plans.ts'
import { listRoutes } from '../verbs/list-routes.ts'
import { listVehicles } from '../verbs/list-vehicles.ts'
import { priceQuote, priceRental, type QuoteRequest } from '../verbs/price-quote.ts'
import type { RentalSearch } from '../verbs/rental-request.ts'

/*
 * The agent API's operations, from parameters that passed their schema (still text, as
 * sent) to the JSON the agent reads. The HTTP routes and the MCP tools both answer through these,
 * so the two doors cannot drift apart.
 */

export type OperationDeps = { ctx: VerbContext; links: SiteLinks }

type OptionsParameters = Static<typeof VehicleOptionsQuery> & {
  vehicleId: string
  /** The door's name for the vehicle's id, when it is not the HTTP path's `vehicleId`. */
  vehicleParameter?: string
}

export function depotsAnswer({ ctx }: OperationDeps): DepotResponse[] {
  return listDepots(ctx).map(presentDepot)
}

export function routesAnswer(
  { ctx }: OperationDeps,
  query: Static<typeof RoutesQuery>,
): RouteResponse[] {
  return listRoutes(ctx, { pickUpDepotId: optionalNumber(query.pick_up_depot_id) }).map(
    presentRoute,
  )
}

export function vehiclesAnswer(
  { ctx, links }: OperationDeps,
  query: Static<typeof VehiclesQuery>,
): CatalogueVehicleResponse[] {
  return listVehicles(ctx, {
    depotId: optionalNumber(query.depot_id),
    minSeats: optionalNumber(query.min_seats),
    vehicleClass: query.vehicle_class,
  }).map((vehicle) => presentCatalogueVehicle(vehicle, links))
}

/** At once when the store answers at once (see findAvailableVehicles). */
export function availabilityAnswer(
  { ctx, links }: OperationDeps,
  query: Static<typeof AvailabilityQuery>,
): MaybeAsync<VehicleResponse[]> {
  const withDiscount = query.promo_code !== undefined
  return whenReady(
    findAvailableVehicles(ctx, availabilitySearch(query), queryFilter(query)),
    ({ period, vehicles }) =>
      vehicles.map((vehicle) => presentVehicle(vehicle, period.days, links, withDiscount)),
  )
}

/** availabilityAnswer as the JSON bytes the HTTP route sends (see vehicleListBytes). */
export function availabilityBytes(
  { ctx, links }: OperationDeps,
  query: Static<typeof AvailabilityQuery>,
): MaybeAsync<Buffer> {
  const withDiscount = query.promo_code !== undefined
  return whenReady(
    findAvailableVehicles(ctx, availabilitySearch(query), queryFilter(query)),
    ({ period, vehicles }) => vehicleListBytes(vehicles, period.days, links, withDiscount),
  )
}

/** Only the vehicles an availability search with the query's filters looks at. */
export async function unavailableAnswer(
  { ctx }: OperationDeps,
  query: Static<typeof UnavailableQuery>,
): Promise<UnavailableVehicleResponse[]> {
  const filter = queryFilter(query)
  const vehicles = await listUnavailableVehicles(ctx, rentalSearch(query), filter)
  return vehicles.map(presentUnavailableVehicle)
}

/** A flexible-dates search as the doors give it: the options as JSON, and the verb's own result. */
export type FlexibleAnswer = {
  options: FlexibleOptionResponse[]
  /** How many options there are before the limit. */
  total: number
  /** What the verb found, for a door that words why nothing was (see FlexibleDates.misses). */
  found: FlexibleDates
}

/** At once when the store answers at once (see findFlexibleDates). */
export function flexibleAnswer(
  deps: OperationDeps,
  query: Static<typeof FlexibleQuery>,
): MaybeAsync<FlexibleAnswer> {
  const withDiscount = query.promo_code !== undefined
  return whenReady(flexibleSearch(deps, query), (found) => ({
    options: found.options.map((option) => presentFlexibleOption(option, withDiscount)),
    total: found.total,
    found,
  }))
}

/** flexibleAnswer with its options as the JSON bytes the HTTP route sends (flexibleOptionsBytes). */
export function flexibleBytes(
  deps: OperationDeps,
  query: Static<typeof FlexibleQuery>,
): MaybeAsync<{ bytes: Buffer; total: number; found: FlexibleDates }> {
  const withDiscount = query.promo_code !== undefined
  return whenReady(flexibleSearch(deps, query), (found) => ({
    bytes: flexibleOptionsBytes(found.options, withDiscount),
    total: found.total,
    found,
  }))
}

function flexibleSearch(
  { ctx }: OperationDeps,
  query: Static<typeof FlexibleQuery>,
): MaybeAsync<FlexibleDates> {
  const search = {
    pickUpDepotId: Number(query.pick_up_depot_id),
    dropOffDepotId: Number(query.drop_off_depot_id),
    earliestPickUpDate: query.earliest_pick_up_date,
    latestPickUpDate: query.latest_pick_up_date,
    rentalDays: Number(query.rental_days),
    limit: query.limit === undefined ? DEFAULT_FLEXIBLE_LIMIT : Number(query.limit),
    driverAge: optionalNumber(query.driver_age),
    promoCode: query.promo_code,
  }
  return findFlexibleDates(ctx, search, queryFilter(query))
}

export function accessoriesAnswer(
  { ctx }: OperationDeps,
  query: OptionsParameters,
): AccessoryResponse[] {
  return listAccessories(ctx, optionsQuery(query)).map(presentAccessory)
}

export function insurancePlansAnswer(
  { ctx }: OperationDeps,
  query: OptionsParameters,
): InsurancePlanResponse[] {
  return listInsurancePlans(ctx, optionsQuery(query)).map(presentInsurancePlan)
}

export function quoteAnswer(
  deps: OperationDeps,
  query: Static<typeof QuoteQuery>,
): Promise<QuoteResponse> {
  return pricedQuote(deps, query).then((stored) =>
    presentQuote(stored, deps.links, deps.ctx.rules.timeZone),
  )
}

/**
 * The quote priced and stored for the parameters, as the domain holds it (in cents): for a door
 * that presents a quote in another shape (a UCP checkout) rather than as the API's JSON.
 */
export function pricedQuote(
  { ctx }: OperationDeps,
  query: Static<typeof QuoteQuery>,
): Promise<Quote> {
  return priceQuote(ctx, quoteRequest(query))
}

/**
 * The quote's checks and price for the parameters without storing it (HEAD /quotes): the same
 * status as GET would answer, and no quote kept or counted for a link checker's HEAD.
 */
export async function checkedQuote(
  { ctx }: OperationDeps,
  query: Static<typeof QuoteQuery>,
): Promise<void> {
  await priceRental(ctx, quoteRequest(query))
}

function quoteRequest(query: Static<typeof QuoteQuery>): QuoteRequest {
  return {
    pickUpDepotId: Number(query.pick_up_depot_id),
    dropOffDepotId: Number(query.drop_off_depot_id),
    pickUpDate: query.pick_up_date,
    dropOffDate: query.drop_off_date,
    vehicleId: Number(query.vehicle_id),
    pickUpTime: query.pick_up_time,
    dropOffTime: query.drop_off_time,
    accessoryIds: query.accessory_ids,
    insuranceId: query.insurance_id === undefined ? undefined : Number(query.insurance_id),
    driverAge: optionalNumber(query.driver_age),
    promoCode: query.promo_code,
    agentRef: query.agent_ref,
  }
}

/** A quote priced before, by its id, as the domain holds it (expired or not). */
export function storedQuote({ ctx }: OperationDeps, quoteId: string): Promise<Quote> {
  return findQuote(ctx, quoteId)
}

function rentalSearch(query: Static<typeof UnavailableQuery>): RentalSearch {
  return {
    pickUpDepotId: Number(query.pick_up_depot_id),
    dropOffDepotId: Number(query.drop_off_depot_id),
    pickUpDate: query.pick_up_date,
    dropOffDate: query.drop_off_date,
    driverAge: optionalNumber(query.driver_age),
  }
}

function availabilitySearch(query: Static<typeof AvailabilityQuery>): AvailabilitySearch {
  return { ...rentalSearch(query), promoCode: query.promo_code }
}

/** Availability's optional filters, as sent. */
export function vehicleFilter(query: {
  min_seats?: string | undefined
  vehicle_class?: string | undefined
}): VehicleFilter {
  return { minSeats: optionalNumber(query.min_seats), vehicleClass: query.vehicle_class }
}

/** A query's filters, the one vehicle of a flexible search's or a listing's `vehicle_id` too. */
export function queryFilter(query: {
  vehicle_id?: string | undefined
  vehicle_class?: string | undefined
  min_seats?: string | undefined
}): VehicleFilter {
  return { ...vehicleFilter(query), vehicleId: optionalNumber(query.vehicle_id) }
}

function optionalNumber(text: string | undefined): number | undefined {
  return text === undefined ? undefined : Number(text)
}

function optionsQuery(query: OptionsParameters) {
  return {
    vehicleId: Number(query.vehicleId),
    vehicleParameter: query.vehicleParameter,
    pickUpDate: query.pick_up_date,
    dropOffDate: query.drop_off_date,
  }
}
