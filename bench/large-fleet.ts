import { DEMO_FLEET_FILE } from '../src/config.ts'
import { addDays, type CalendarDate, monthDayOf, todayIn } from '../src/domain/calendar-date.ts'
import type { Booking, Catalogue, Depot, RouteFee, Vehicle } from '../src/domain/catalogue.ts'
import { readFleetFile } from '../src/fleet/read-fleet-file.ts'
import { generateBookings } from './generate-bookings.ts'

/** The size of a large company, as the bench generates it. */
export const LARGE_FLEET = {
  regions: ['Northland', 'Auckland', 'Waikato', 'Wellington', 'Canterbury', 'Otago'],
  depotsPerRegion: 10,
  models: 150,
  /** Share of the depots that stock a model. */
  stockedShare: 0.8,
  bookings: 20_000,
}

/** One-way fee between two depots of one region, per depot apart in the list; hubs link regions. */
const REGIONAL_FEE_CENTS = 2_500
const HUB_FEE_CENTS = 29_500

/**
 * A large company made from the demo company: 60 depots in six regions (each a copy of one of the
 * demo's open depots, with its hours and closures, under a name of its own), 150 models (copies of
 * the demo's nine vehicles with rates a few percent apart) each stocked at about four in five
 * depots, one-way routes between every two depots of a region and between the regions' first
 * depots, and the demo's options and plans. The same every time (no randomness).
 */
export async function largeFleet(timeZone = 'Pacific/Auckland'): Promise<{
  catalogue: Catalogue
  bookings: Booking[]
}> {
  const today = todayIn(timeZone, new Date())
  const { catalogue: demo } = await readFleetFile(DEMO_FLEET_FILE, today)
  const templates = demo.depots.filter((depot) => depot.active)
  const depots: Depot[] = []
  LARGE_FLEET.regions.forEach((region, r) => {
    for (let d = 0; d < LARGE_FLEET.depotsPerRegion; d++) {
      const id = r * LARGE_FLEET.depotsPerRegion + d + 1
      const template = templates[(id - 1) % templates.length] as Depot
      depots.push({
        ...template,
        id,
        name: `${region} ${d === 0 ? 'Hub' : `Branch ${d}`}`,
        email: null,
        latitude: template.latitude === null ? null : template.latitude + d * 0.01,
        longitude: template.longitude,
      })
    }
  })
  const vehicles: Vehicle[] = []
  for (let i = 0; i < LARGE_FLEET.models; i++) {
    const template = demo.vehicles[i % demo.vehicles.length] as Vehicle
    const scale = 1 + (i % 7) * 0.03
    const unitsByDepot: Record<number, number> = {}
    for (const depot of depots) {
      // A fixed spread: about four depots in five stock each model.
      if (((i * 31 + depot.id * 17) % 100) / 100 < LARGE_FLEET.stockedShare) {
        unitsByDepot[depot.id] = 1 + ((i + depot.id) % 6)
      }
    }
    vehicles.push({
      ...template,
      id: i + 1,
      name: `${template.name.replace(/ or similar$/, '')} (${i + 1}) or similar`,
      unitsByDepot,
      dailyRates: Object.fromEntries(
        Object.entries(template.dailyRates).map(([season, rates]) => [
          season,
          rates.map((rate) => Math.round(rate * scale)),
        ]),
      ),
    })
  }
  const catalogue: Catalogue = { ...demo, depots, vehicles, routes: regionalRoutes(depots) }
  const bookings = generateBookings({
    count: LARGE_FLEET.bookings,
    catalogue,
    today,
    horizonDays: 548,
    seed: 7,
  }).map((booking, index) => ({ ...booking, reference: `LARGE-${index}` }))
  return { catalogue, bookings }
}

/** Every two depots of a region both ways, and every two regions' hubs (their first depots). */
function regionalRoutes(depots: Depot[]): RouteFee[] {
  const routes: RouteFee[] = []
  const per = LARGE_FLEET.depotsPerRegion
  for (const from of depots) {
    for (const to of depots) {
      if (from.id === to.id) continue
      const sameRegion = Math.floor((from.id - 1) / per) === Math.floor((to.id - 1) / per)
      const hubs = (from.id - 1) % per === 0 && (to.id - 1) % per === 0
      if (sameRegion) {
        routes.push({
          fromDepotId: from.id,
          toDepotId: to.id,
          fee: REGIONAL_FEE_CENTS * Math.abs(from.id - to.id),
        })
      } else if (hubs) {
        routes.push({ fromDepotId: from.id, toDepotId: to.id, fee: HUB_FEE_CENTS })
      }
    }
  }
  return routes
}

/** Days a demo depot may be closed; the varied searches avoid them. */
const HOLIDAYS = new Set(['12-25', '12-26', '01-01', '01-02', '02-06'])

/**
 * `count` different availability searches an agent of a large company might send: every depot,
 * returned there or dropped off at another depot of its region, picked up from tomorrow to about
 * ten months ahead, for 1 to 21 days. The same list every time for the same day.
 */
export function variedSearches(count: number, today: CalendarDate): string[] {
  const per = LARGE_FLEET.depotsPerRegion
  const depots = LARGE_FLEET.regions.length * per
  const searches: string[] = []
  for (let i = 0; searches.length < count; i++) {
    const from = (i % depots) + 1
    const region = Math.floor((from - 1) / per)
    const to = i % 3 === 0 ? region * per + ((from + i) % per) + 1 : from
    const pickUp = addDays(today, 1 + ((i * 37) % 300))
    const dropOff = addDays(pickUp, (i * 11) % 21)
    if (HOLIDAYS.has(monthDayOf(pickUp)) || HOLIDAYS.has(monthDayOf(dropOff))) continue
    searches.push(
      `pick_up_depot_id=${from}&drop_off_depot_id=${to}&pick_up_date=${pickUp}&drop_off_date=${dropOff}`,
    )
  }
  return searches
}
