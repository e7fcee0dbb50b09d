import type { CalendarDate } from './calendar-date.ts'
import type { Accessory, Vehicle } from './catalogue.ts'
import type { CatalogueIndex } from './catalogue-index.ts'
import { invalid } from './errors.ts'
import { ID_PATTERN } from './ids.ts'

const PARAMETER = 'accessory_ids'
/** More items than any rental needs; refused before any lookup is done. */
export const MAX_ACCESSORY_ITEMS = 50

export type AccessorySelection = { accessory: Accessory; quantity: number }[]

/**
 * Reads `accessory_ids` (comma-separated; an id given twice is a quantity of two) and checks each
 * id against what is offered for this vehicle and pick-up date. Every error names the item: "item
 * N" is always the Nth item of the list as sent, counted from 1, and an id is written "id N".
 * An absent or entirely empty list selects nothing.
 */
export function parseAccessorySelection(
  index: CatalogueIndex,
  text: string | undefined,
  vehicle: Vehicle,
  pickUpDate: CalendarDate,
): AccessorySelection {
  if (text === undefined || text === '') return []
  if (JSON_LIST.test(text)) {
    throw invalid(
      'invalid_parameter',
      PARAMETER,
      `${PARAMETER} ${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}...` : text)} is a JSON list; send comma-separated ids such as 1,2, without brackets or quotes`,
    )
  }
  const items = text.split(',')
  if (items.length > MAX_ACCESSORY_ITEMS) {
    throw invalid(
      'invalid_parameter',
      PARAMETER,
      `${PARAMETER} has ${items.length} items; send at most ${MAX_ACCESSORY_ITEMS}`,
    )
  }
  // By id, in the order first given: how many, and the item that first gave it.
  const asked = new Map<number, { quantity: number; item: number }>()
  items.forEach((text, position) => {
    if (!ID_PATTERN.test(text)) {
      const what = text === '' ? 'is empty' : `"${text}" is not an accessory id`
      throw invalid(
        'invalid_parameter',
        PARAMETER,
        `${PARAMETER} item ${position + 1} ${what}; send accessory ids as plain whole numbers separated by commas, for example 1,4`,
      )
    }
    const id = Number(text)
    const seen = asked.get(id)
    if (seen) seen.quantity += 1
    else asked.set(id, { quantity: 1, item: position + 1 })
  })
  const offered = new Set(index.accessoriesFor(vehicle, pickUpDate).map((item) => item.id))
  const selection: AccessorySelection = []
  for (const [id, { quantity, item }] of asked) {
    const accessory = index.accessory(id)
    if (!accessory) {
      throw invalid(
        'unknown_accessory',
        PARAMETER,
        `${PARAMETER} item ${item} (id ${id}) is not an accessory`,
        { of: 'accessories', vehicleId: vehicle.id, forDates: false },
      )
    }
    if (!offered.has(id)) {
      const fits = index.accessoriesFor(vehicle).includes(accessory)
      throw invalid(
        'accessory_not_offered',
        PARAMETER,
        `${PARAMETER} item ${item} (id ${id}, ${accessory.name}) is not offered for ${vehicle.name} picked up on ${pickUpDate}: ${fits ? offeredMonths(accessory) : offeredClasses(accessory)}`,
        { of: 'accessories', vehicleId: vehicle.id, forDates: fits },
      )
    }
    if (quantity > accessory.maxQuantity) {
      throw invalid(
        'too_many_accessories',
        PARAMETER,
        `${PARAMETER} asks for ${quantity} of id ${id} (${accessory.name}); at most ${accessory.maxQuantity} per rental`,
      )
    }
    selection.push({ accessory, quantity })
  }
  return selection
}

/** `[1,2]`, `["1","2"]`: a list written as JSON rather than as the comma-separated ids asked for. */
const JSON_LIST = /^\s*\[[\s\S]*\]\s*$/

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** `it is offered for pick-ups in December and January`. */
function offeredMonths(accessory: Accessory): string {
  const months = [...(accessory.months ?? [])].sort((a, b) => a - b)
  return `it is offered for pick-ups in ${wordList(months.map((month) => MONTH_NAMES[month - 1] ?? String(month)))}`
}

/** `it is offered only for vehicles of class van`. */
function offeredClasses(accessory: Accessory): string {
  const classes = accessory.vehicleClasses ?? []
  return `it is offered only for vehicles of class ${wordList(classes)}`
}

/** `a`, `a and b`, `a, b and c`. */
function wordList(words: readonly string[]): string {
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}
