import type { Static } from 'typebox'
import { MAX_ACCESSORY_ITEMS } from '../domain/accessory-selection.ts'
import { DomainError } from '../domain/errors.ts'
import { httpMessage } from '../http/listing-text.ts'
import { jsonParameters } from '../schemas/json-parameters.ts'
import { QuoteQuery } from '../schemas/query-parameters.ts'

/*
 * A UCP "create checkout" body as the quote's parameters. The rental's depots, dates and times
 * travel in the `rental` object of the rental extension, under the API's parameter names; the
 * vehicle, accessories and insurance plan are the line items, by item id (`vehicle:3`,
 * `accessory:2` with its quantity, `insurance:1`), the ids the API's listings give. The rest of a
 * checkout (buyer, context, payment) is not needed to price a rental and is ignored: the person
 * gives their details on the website.
 */

export const ITEM_KINDS = ['vehicle', 'accessory', 'insurance'] as const
export type ItemKind = (typeof ITEM_KINDS)[number]

/** `vehicle:3`: the kind of item and its id in the API. */
export function itemId(kind: ItemKind, id: number): string {
  return `${kind}:${id}`
}

const ITEM_ID = /^(vehicle|accessory|insurance):([1-9][0-9]{0,9})$/

/** The rental's parameters the extension carries; the line items give the rest. */
const RENTAL_PARAMETERS = [
  'pick_up_depot_id',
  'drop_off_depot_id',
  'pick_up_date',
  'drop_off_date',
  'pick_up_time',
  'drop_off_time',
  'driver_age',
  'promo_code',
  'agent_ref',
] as const

/** A request the checkout cannot be made from: what is wrong, and where in the body (JSONPath). */
export class CheckoutInputError extends Error {
  readonly code: string
  readonly path: string

  constructor(code: string, path: string, message: string) {
    super(message)
    this.name = 'CheckoutInputError'
    this.code = code
    this.path = path
  }
}

/** Where each quote parameter came from in the body, to point an error at it. */
export type ParameterPaths = Record<string, string>

/** The quote's parameters from a create-checkout body, checked by the API's own quote schema. */
export function checkoutQuoteQuery(body: unknown): {
  query: Static<typeof QuoteQuery>
  paths: ParameterPaths
} {
  if (!isObject(body)) {
    throw new CheckoutInputError('invalid_body', '$', 'The body must be a JSON object')
  }
  const rental = body.rental
  if (!isObject(rental)) {
    throw new CheckoutInputError(
      'missing',
      '$.rental',
      'rental is required: an object with pick_up_depot_id, drop_off_depot_id, pick_up_date and drop_off_date (YYYY-MM-DD), as the API names them',
    )
  }
  const paths: ParameterPaths = {}
  const args: Record<string, unknown> = {}
  for (const name of RENTAL_PARAMETERS) {
    paths[name] = `$.rental.${name}`
    if (rental[name] !== undefined) args[name] = rental[name]
  }
  Object.assign(args, itemParameters(body.line_items, paths))
  try {
    return { query: jsonParameters(QuoteQuery, args) as Static<typeof QuoteQuery>, paths }
  } catch (error) {
    throw atPath(error, paths)
  }
}

/**
 * A domain error about a parameter, pointed at where the body carried it and worded as the HTTP
 * API words it (which listing holds the valid values).
 */
export function atPath(error: unknown, paths: ParameterPaths): unknown {
  if (!(error instanceof DomainError)) return error
  const path = error.parameter === undefined ? '$' : (paths[error.parameter] ?? '$')
  return new CheckoutInputError(error.code, path, httpMessage(error))
}

function itemParameters(lineItems: unknown, paths: ParameterPaths): Record<string, string> {
  if (!Array.isArray(lineItems) || lineItems.length === 0) {
    throw new CheckoutInputError(
      'missing',
      '$.line_items',
      'line_items is required: one item {"id": "vehicle:<vehicleId>"}, and any accessories ("accessory:<id>", with a quantity) and insurance plan ("insurance:<id>")',
    )
  }
  const vehicles: number[] = []
  const accessories: number[] = []
  const plans: number[] = []
  lineItems.forEach((line: unknown, index) => {
    const at = `$.line_items[${index}]`
    const id = isObject(line) && isObject(line.item) ? line.item.id : undefined
    const match = typeof id === 'string' ? ITEM_ID.exec(id) : null
    if (!match) {
      throw new CheckoutInputError(
        'invalid',
        `${at}.item.id`,
        `line_items[${index}].item.id ${JSON.stringify(id ?? null)} is not an item of this business; send "vehicle:<vehicleId>", "accessory:<id>" or "insurance:<id>", with the ids the API lists`,
      )
    }
    const quantity = (line as { quantity?: unknown }).quantity ?? 1
    // An accessory's own most per rental is the quote's rule, with its message; this only bounds.
    const most = match[1] === 'accessory' ? MAX_ACCESSORY_ITEMS : 1
    if (!Number.isInteger(quantity) || (quantity as number) < 1 || (quantity as number) > most) {
      throw new CheckoutInputError(
        'invalid',
        `${at}.quantity`,
        `line_items[${index}].quantity ${JSON.stringify(quantity)} is not a quantity of this item; send ${most === 1 ? '1' : `a whole number from 1 to ${most}`}`,
      )
    }
    const number = Number(match[2])
    const kind = match[1] as ItemKind
    if (kind === 'vehicle') {
      vehicles.push(number)
      paths.vehicle_id = `${at}.item.id`
    } else if (kind === 'insurance') {
      plans.push(number)
      paths.insurance_id = `${at}.item.id`
    } else {
      accessories.push(...Array<number>(quantity as number).fill(number))
      paths.accessory_ids ??= `${at}.item.id`
    }
  })
  if (vehicles.length !== 1) {
    throw new CheckoutInputError(
      vehicles.length === 0 ? 'missing' : 'invalid',
      '$.line_items',
      `line_items must hold exactly one vehicle ("vehicle:<vehicleId>"); it holds ${vehicles.length}`,
    )
  }
  if (plans.length > 1) {
    throw new CheckoutInputError(
      'invalid',
      '$.line_items',
      `line_items may hold at most one insurance plan; it holds ${plans.length}`,
    )
  }
  return {
    vehicle_id: String(vehicles[0]),
    ...(plans.length > 0 ? { insurance_id: String(plans[0]) } : {}),
    ...(accessories.length > 0 ? { accessory_ids: accessories.join(',') } : {}),
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
