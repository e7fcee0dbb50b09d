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
 * id against what is offered for this vehicle and pick-up date. Every error names the item.
 * An absent or entirely empty list selects nothing.
 */
export function parseAccessorySelection(
  index: CatalogueIndex,
  text: string | undefined,
  vehicle: Vehicle,
  pickUpDate: CalendarDate,
): AccessorySelection {
  if (text === undefined || text === '') return []
  const items = text.split(',')
  if (items.length > MAX_ACCESSORY_ITEMS) {
    throw invalid(
      'invalid_parameter',
      PARAMETER,
      `${PARAMETER} has ${items.length} items; send at most ${MAX_ACCESSORY_ITEMS}`,
    )
  }
  const quantities = new Map<number, number>()
  items.forEach((item, position) => {
    if (!ID_PATTERN.test(item)) {
      const what = item === '' ? 'is empty' : `"${item}" is not an accessory id`
      throw invalid(
        'invalid_parameter',
        PARAMETER,
        `${PARAMETER} item ${position + 1} ${what}; send accessory ids as plain whole numbers separated by commas, for example 1,4`,
      )
    }
    const id = Number(item)
    quantities.set(id, (quantities.get(id) ?? 0) + 1)
  })
  const offered = new Set(index.accessoriesFor(vehicle, pickUpDate).map((item) => item.id))
  const selection: AccessorySelection = []
  for (const [id, quantity] of quantities) {
    const accessory = index.accessory(id)
    if (!accessory) {
      throw invalid(
        'unknown_accessory',
        PARAMETER,
        `${PARAMETER} item ${id} is not an accessory; GET /vehicles/${vehicle.id}/accessories lists the ids offered for this vehicle`,
      )
    }
    if (!offered.has(id)) {
      throw invalid(
        'accessory_not_offered',
        PARAMETER,
        `${PARAMETER} item ${id} (${accessory.name}) is not offered for ${vehicle.name} picked up on ${pickUpDate}; GET /vehicles/${vehicle.id}/accessories with the dates lists what is`,
      )
    }
    if (quantity > accessory.maxQuantity) {
      throw invalid(
        'too_many_accessories',
        PARAMETER,
        `${PARAMETER} asks for ${quantity} of item ${id} (${accessory.name}); at most ${accessory.maxQuantity} per rental`,
      )
    }
    selection.push({ accessory, quantity })
  }
  return selection
}
