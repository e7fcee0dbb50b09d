import type { FastifyRequest } from 'fastify'
import { invalid } from '../domain/errors.ts'
import { ID_PATTERN } from '../domain/ids.ts'
import {
  AGE_SHAPE,
  AGENT_REF_PATTERN,
  AvailabilityQuery,
  QuoteQuery,
} from '../schemas/query-parameters.ts'
import { validationError } from '../schemas/validation-error.ts'
import type { AvailabilitySearch } from '../verbs/find-available-vehicles.ts'
import type { QuoteRequest } from '../verbs/price-quote.ts'
import type { RentalSearch } from '../verbs/rental-request.ts'

/*
 * The /book parameters are the spec's: the same names as the API's, checked by the same schemas
 * with the same validator, so a page shows exactly the message the API would give.
 */

export const SEARCH_PARAMETERS = [
  'pick_up_depot_id',
  'drop_off_depot_id',
  'pick_up_date',
  'drop_off_date',
] as const

export type SearchParameter = (typeof SEARCH_PARAMETERS)[number]

/**
 * The four search parameters as sent, for filling a form back in, and what an agent's link may
 * add (the driver's age, a promotion code, the agent's reference): carried on to every vehicle's
 * options form, so that the price there and at checkout is the one the agent was given.
 */
export type SearchValues = Record<SearchParameter, string> & {
  driver_age?: string | undefined
  promo_code?: string | undefined
  agent_ref?: string | undefined
}

/** The checkout link's parameters as sent, checked against the quote schema. */
export type ChoiceParameters = SearchValues & {
  vehicle_id: string
  insurance_id: string | undefined
  accessory_ids: string | undefined
  pick_up_time?: string | undefined
  drop_off_time?: string | undefined
  driver_age?: string | undefined
  promo_code?: string | undefined
  agent_ref?: string | undefined
}

/** A checked checkout choice: its parameters to carry on, and the verb's request. */
export type CheckoutChoice = {
  parameters: ChoiceParameters
  request: QuoteRequest
  /** The quote the link carries, if it looks like one; anything else is treated as no quote. */
  quoteId: string | undefined
  /**
   * A booking form's `opened_as`: the quote of the link the checkout was opened with, when the
   * form now carries another (that one had expired, or the price changed at confirmation).
   */
  openedAs: string | undefined
}

export type Parameters = Record<string, unknown>

/**
 * The parameters as a page reads them: a promotion code without the spaces a paste brings
 * (`WELCOME50 ` was "not one of our promotion codes"), and an empty one, as the search form sends
 * its optional field left blank, as none (every search from the form said a code "cannot be
 * used").
 */
export function tidiedParameters(source: Parameters): Parameters {
  if (typeof source.promo_code !== 'string') return source
  const { promo_code: code, ...rest } = source
  const trimmed = code.trim()
  return trimmed === '' ? rest : { ...rest, promo_code: trimmed }
}

/** A parameter's text as sent; the first value when it was sent more than once. */
export function sentText(value: unknown): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0]
  return ''
}

export function searchValues(source: Parameters): SearchValues {
  const values: SearchValues = {
    pick_up_depot_id: sentText(source.pick_up_depot_id),
    drop_off_depot_id: sentText(source.drop_off_depot_id),
    pick_up_date: sentText(source.pick_up_date),
    drop_off_date: sentText(source.drop_off_date),
  }
  for (const name of ['driver_age', 'promo_code', 'agent_ref'] as const) {
    if (source[name] !== undefined) values[name] = sentText(source[name])
  }
  return values
}

/** True when no search parameter and no vehicle was sent: the blank search form. */
export function isBlankSearch(source: Parameters): boolean {
  return SEARCH_PARAMETERS.every((name) => source[name] === undefined) && !('vehicle_id' in source)
}

/**
 * Checks the search parameters as GET /vehicles/availability does, its promotion code included;
 * throws its DomainError.
 */
export function checkSearch(request: FastifyRequest, source: Parameters): AvailabilitySearch {
  const values = pick(source, [...SEARCH_PARAMETERS, 'driver_age', 'promo_code'])
  check(request, AvailabilityQuery, values)
  return {
    ...toSearch(values as SearchValues),
    promoCode: sentText(values.promo_code) || undefined,
  }
}

const CHOICE_PARAMETERS = [
  ...SEARCH_PARAMETERS,
  'vehicle_id',
  'insurance_id',
  'accessory_ids',
  'pick_up_time',
  'drop_off_time',
  'driver_age',
  'promo_code',
  'agent_ref',
] as const
const QUOTE_ID = /^q_[A-Za-z0-9_-]{1,64}$/

/**
 * A checkout link without the parts a traveller cannot fix and need not have: an agent's own
 * reference or a driver's age that do not read (a chat app added a full stop to the link, say).
 * Refused, they blocked the whole checkout; the checkout asks the driver's date of birth anyway.
 */
export function withoutUnreadableExtras(source: Parameters): Parameters {
  const cleaned = { ...source }
  if (!AGENT_REF.test(sentText(source.agent_ref))) delete cleaned.agent_ref
  if (!DRIVER_AGE.test(sentText(source.driver_age))) delete cleaned.driver_age
  return cleaned
}

const AGENT_REF = new RegExp(AGENT_REF_PATTERN)
const DRIVER_AGE = new RegExp(AGE_SHAPE)

/** The choice's parameters as sent, each as text (a repeated one joined), without the quote. */
export function choiceOf(source: Parameters): Record<string, string | undefined> {
  return Object.fromEntries(
    CHOICE_PARAMETERS.map((name) => {
      const value = source[name]
      const text = Array.isArray(value) ? value.map(sentText).join(',') : sentText(value)
      return [name, text === '' ? undefined : text]
    }),
  )
}

/** Checks a checkout choice as GET /quotes does; throws its DomainError. */
export function checkChoice(request: FastifyRequest, source: Parameters): CheckoutChoice {
  const values = pick(source, CHOICE_PARAMETERS)
  // As at GET /quotes, accessory_ids may be repeated: accessory_ids=1&accessory_ids=2 is 1,2.
  if (Array.isArray(values.accessory_ids)) values.accessory_ids = values.accessory_ids.join(',')
  check(request, QuoteQuery, values)
  const parameters = values as ChoiceParameters
  const quoteId = sentText(source.quote_id)
  const openedAs = sentText(source.opened_as)
  return {
    parameters,
    request: {
      ...toSearch(parameters),
      vehicleId: Number(parameters.vehicle_id),
      pickUpTime: parameters.pick_up_time,
      dropOffTime: parameters.drop_off_time,
      accessoryIds: parameters.accessory_ids,
      insuranceId:
        parameters.insurance_id === undefined ? undefined : Number(parameters.insurance_id),
      promoCode: parameters.promo_code,
      agentRef: parameters.agent_ref,
    },
    quoteId: QUOTE_ID.test(quoteId) ? quoteId : undefined,
    openedAs: QUOTE_ID.test(openedAs) ? openedAs : undefined,
  }
}

const QUANTITY_FIELD = /^qty_(.*)$/
const QUANTITY = /^(0|[1-9][0-9]?)$/

/** True for a submitted options form: its accessory quantities are `qty_<id>` fields. */
export function isOptionsForm(source: Parameters): boolean {
  return Object.keys(source).some((name) => QUANTITY_FIELD.test(name))
}

/**
 * The options form's quantities as the spec's `accessory_ids`: each id written as many times as
 * chosen, in id order. A form needs one select per accessory, and a page without script cannot
 * join them into one comma-separated field, so the page does it here.
 */
export function accessoryIdsFromQuantities(source: Parameters): string | undefined {
  const quantities: [number, number][] = []
  for (const [name, value] of Object.entries(source)) {
    const id = QUANTITY_FIELD.exec(name)?.[1]
    if (id === undefined) continue
    const text = sentText(value)
    if (!ID_PATTERN.test(id) || !QUANTITY.test(text) || typeof value !== 'string') {
      throw invalid(
        'invalid_parameter',
        'accessory_ids',
        `${name} ${JSON.stringify(text)} is not a quantity; choose how many from the list`,
      )
    }
    if (text !== '0') quantities.push([Number(id), Number(text)])
  }
  quantities.sort(([a], [b]) => a - b)
  const ids = quantities.flatMap(([id, quantity]) => Array<number>(quantity).fill(id))
  return ids.length === 0 ? undefined : ids.join(',')
}

/** The quantity of each accessory in an `accessory_ids` text, for filling an options form in. */
export function quantitiesOf(accessoryIds: string | undefined): Map<number, number> {
  const quantities = new Map<number, number>()
  for (const item of accessoryIds?.split(',') ?? []) {
    if (ID_PATTERN.test(item)) quantities.set(Number(item), (quantities.get(Number(item)) ?? 0) + 1)
  }
  return quantities
}

function toSearch(values: SearchValues): RentalSearch {
  return {
    pickUpDepotId: Number(values.pick_up_depot_id),
    dropOffDepotId: Number(values.drop_off_depot_id),
    pickUpDate: values.pick_up_date,
    dropOffDate: values.drop_off_date,
    driverAge: values.driver_age === undefined ? undefined : Number(values.driver_age),
  }
}

function pick(source: Parameters, names: readonly string[]): Parameters {
  const values: Parameters = {}
  for (const name of names) if (source[name] !== undefined) values[name] = source[name]
  return values
}

/** Runs the API's schema with the app's validator and throws the API's 400 for the first fault. */
function check(request: FastifyRequest, schema: object, values: Parameters): void {
  const validate = request.compileValidationSchema(schema, 'querystring')
  if (!validate(values)) throw validationError((validate.errors ?? []) as never, { all: false })
}
