import { addDays, type CalendarDate, todayIn } from '../domain/calendar-date.ts'
import type { Depot } from '../domain/catalogue.ts'
import { DomainError } from '../domain/errors.ts'
import type { VerbContext } from '../verbs/context.ts'
import { type Availability, findAvailableVehicles } from '../verbs/find-available-vehicles.ts'

/**
 * Finds a rental the worked example on /docs can show for real: a week from a Monday a few
 * weeks ahead (weekdays, so a depot closed at weekends still works; far enough ahead that the
 * demo's sold-out dates are behind it), between two depots, with at least one vehicle free.
 * A one-way trip with a route fee is preferred because it shows every fee of a quote.
 */
export type ExampleSearch = {
  pickUpDepot: Depot
  dropOffDepot: Depot
  pickUpDate: CalendarDate
  dropOffDate: CalendarDate
  availability: Availability
}

const LEAD_DAYS = 21
const RENTAL_DAYS = 7
const WEEKS_TRIED = 4
const MONDAY = 1

export async function findExampleSearch(ctx: VerbContext): Promise<ExampleSearch | undefined> {
  const today = todayIn(ctx.rules.timeZone, ctx.now())
  const firstMonday = nextMonday(addDays(today, Math.min(LEAD_DAYS, ctx.rules.bookingHorizonDays)))
  const rentalDays = Math.min(RENTAL_DAYS, ctx.rules.maxRentalDays)
  const depots = ctx.catalogue().activeDepots
  for (let week = 0; week < WEEKS_TRIED; week++) {
    const pickUpDate = addDays(firstMonday, 7 * week)
    const dropOffDate = addDays(pickUpDate, rentalDays)
    let returnTrip: ExampleSearch | undefined
    for (const [pickUpDepot, dropOffDepot] of depotPairs(depots)) {
      const availability = await availableOrNothing(ctx, {
        pickUpDepotId: pickUpDepot.id,
        dropOffDepotId: dropOffDepot.id,
        pickUpDate,
        dropOffDate,
      })
      const first = availability?.vehicles[0]
      if (!availability || !first) continue
      const search = { pickUpDepot, dropOffDepot, pickUpDate, dropOffDate, availability }
      if (first.terms.routeFee > 0) return search
      returnTrip ??= search
    }
    if (returnTrip) return returnTrip
  }
  return undefined
}

/** One-way pairs first, in depot order, then returns to the same depot. */
function* depotPairs(depots: Depot[]): Generator<[Depot, Depot]> {
  for (const from of depots) {
    for (const to of depots) if (from !== to) yield [from, to]
  }
  for (const depot of depots) yield [depot, depot]
}

/** A search the rules refuse (beyond a short booking horizon, say) just has nothing to show. */
async function availableOrNothing(
  ctx: VerbContext,
  search: Parameters<typeof findAvailableVehicles>[1],
): Promise<Availability | undefined> {
  try {
    return await findAvailableVehicles(ctx, search)
  } catch (error) {
    if (error instanceof DomainError) return undefined
    throw error
  }
}

function nextMonday(date: CalendarDate): CalendarDate {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
  return addDays(date, (MONDAY - weekday + 7) % 7)
}
