import { DEMO_FLEET_FILE } from '../src/config.ts'
import { todayIn } from '../src/domain/calendar-date.ts'
import type { Catalogue } from '../src/domain/catalogue.ts'
import { readFleetFile } from '../src/fleet/read-fleet-file.ts'

/** Units of every vehicle at every active depot in the growth runs' fleet. */
export const BENCH_UNITS_PER_DEPOT = 500

/**
 * The demo company with every vehicle stocked at every active depot, 500 units each, so that a
 * million bookings fit in the booking horizon without overselling. Its own bookings are dropped:
 * the growth runs generate theirs.
 */
export async function benchFleetCatalogue(timeZone = 'Pacific/Auckland'): Promise<Catalogue> {
  const { catalogue } = await readFleetFile(DEMO_FLEET_FILE, todayIn(timeZone, new Date()))
  const activeDepotIds = catalogue.depots.filter((depot) => depot.active).map((depot) => depot.id)
  return {
    ...catalogue,
    vehicles: catalogue.vehicles.map((vehicle) => ({
      ...vehicle,
      unitsByDepot: Object.fromEntries(activeDepotIds.map((id) => [id, BENCH_UNITS_PER_DEPOT])),
    })),
  }
}
