import { DomainError } from '../domain/errors.ts'

/*
 * A parameter an agent knows but spells another way (`pickUpDepotId`, `pickup_depot_id`,
 * `Pick-Up-Depot-Id`) would otherwise be ignored as an unknown one: a required one then looks
 * missing, an optional one (a filter) silently does nothing. Both doors refuse it instead, with
 * the name to send.
 */

/**
 * The brackets that query-string libraries (qs, axios, PHP, Rails) put after a list's name
 * (`accessory_ids[]`, `accessory_ids[0]`, `accessory_ids[0][id]`).
 */
const LIST_BRACKETS = /(\[[^\]]*\])+$/

/**
 * What is left of a name once list brackets, case, underscores, hyphens, dots and spaces are set
 * aside: two names with the same key are one name spelt two ways (the fleet file's fields too).
 */
export function spellingKey(name: string): string {
  return name
    .replace(LIST_BRACKETS, '')
    .toLowerCase()
    .replace(/[-_.\s]/g, '')
}

/**
 * Other names agents give the parameters (by spelling key): ignored as unknown, `accessories=1`
 * priced a quote without the child seat, `promo=...` without the discount, `seats=7` listed
 * five-seaters. Only names that can mean nothing else; a name is refused only where its
 * parameter is taken.
 */
const OTHER_NAMES: Record<string, readonly string[]> = {
  accessory_ids: ['accessories', 'accessory', 'accessoryid', 'extras', 'extraids', 'addons'],
  insurance_id: [
    'insurance',
    'insuranceplan',
    'insuranceplanid',
    'insurancetype',
    'insurancetypeid',
    'insuranceids',
  ],
  promo_code: [
    'promo',
    'promotion',
    'promotioncode',
    'coupon',
    'couponcode',
    'discountcode',
    'voucher',
    'vouchercode',
  ],
  driver_age: ['age', 'driversage'],
  vehicle_id: ['vehicle', 'carid'],
  min_seats: ['seats', 'passengers', 'seatcount'],
  vehicle_class: ['class', 'vehicletype', 'category'],
  pick_up_depot_id: ['pickupdepot', 'pickuplocation', 'pickuplocationid', 'depotid'],
  drop_off_depot_id: ['dropoffdepot', 'dropofflocation', 'dropofflocationid', 'returndepotid'],
  depot_id: ['pickupdepotid', 'depot'],
  drop_off_date: ['returndate', 'enddate'],
  pick_up_date: ['startdate'],
}

/**
 * For the parameters an operation takes, a check of the names sent: a 400 naming the right
 * parameter for each name that spells one of them differently, or is another name for one
 * (OTHER_NAMES), unless the right name is sent as well with the same value (`parameter` the
 * first's); else undefined. Other unknown names are ignored, as the API ignores them.
 */
export function misspeltParameterCheck(
  parameters: readonly string[],
): (sent: Record<string, unknown>) => DomainError | undefined {
  const known = new Set(parameters)
  const byKey = new Map(parameters.map((name) => [spellingKey(name), name]))
  for (const name of parameters) {
    for (const other of OTHER_NAMES[name] ?? []) {
      // A name an operation takes itself is never another's (depot_id on /vehicles).
      if (!byKey.has(other)) byKey.set(other, name)
    }
  }
  return (sent) => {
    // Every name at fault in one answer, as the schema's faults are: camelCase names come in
    // fours, and one answer a name cost an agent a round trip each.
    const faults: { message: string; right: string }[] = []
    for (const name in sent) {
      if (known.has(name)) continue
      const right = byKey.get(spellingKey(name))
      if (right === undefined) continue
      // A bracketed name is refused even beside the right one: `accessory_ids=1&accessory_ids[]=3`
      // ignored in part would price a quote without an accessory that was asked for.
      if (LIST_BRACKETS.test(name)) {
        faults.push({
          message: `${JSON.stringify(name)} is not a parameter name here; send it as ${right}, without the brackets`,
          right,
        })
        continue
      }
      if (Object.hasOwn(sent, right)) {
        // Beside the right name with the same value it changes nothing. With another, one of the
        // two would be dropped without a word: `accessory_ids=1&accessories=3` priced a quote
        // without the GPS, `pick_up_date=…&PICK_UP_DATE=…` quoted whichever came first.
        if (sameValue(sent[name], sent[right])) continue
        faults.push({
          message: `${JSON.stringify(name)} is not a parameter name here, and ${right} is sent too with another value; send only ${right}, with the value you mean`,
          right,
        })
        continue
      }
      faults.push({
        message: `${JSON.stringify(name)} is not a parameter name here; send it as ${right}`,
        right,
      })
    }
    const [first] = faults
    if (!first) return undefined
    return new DomainError(
      'invalid_parameter',
      faults.map((fault) => fault.message).join('. Also: '),
      first.right,
    )
  }
}

/** Two values of the query as sent (a text, or a list when repeated) that say the same. */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
