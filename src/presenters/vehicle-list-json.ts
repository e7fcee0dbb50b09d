import type { Vehicle } from '../domain/catalogue.ts'
import { type VehicleResponse, vehicleFactFields } from '../schemas/vehicle.ts'
import type { AvailableVehicle } from '../verbs/find-available-vehicles.ts'
import { presentVehicle } from './present.ts'
import type { SiteLinks } from './site-links.ts'

/**
 * A vehicle's JSON around its figures for one search: `{"vehicleId":…,"name":…,"rentalDailyRate":`
 * before the daily rate, and `,"imageUrl":…,"vehicleClass":…,` its facts and `"rentalDays":` after it.
 */
type VehicleFragments = { beforeRate: string; afterRate: string }

/**
 * Per site (its links give the image URLs), per vehicle of a catalogue: a fleet import makes
 * new vehicles, and the old ones' fragments go with them.
 */
const fragmentsBySite = new WeakMap<SiteLinks, WeakMap<Vehicle, VehicleFragments>>()

/**
 * The availability answer as the JSON text the API sends: each vehicle as presentVehicle gives
 * it, laid out as VehicleSchema serialises it, byte for byte (test/presenters/ holds the two
 * together over generated vehicles). A vehicle's id, name, image and class come from the
 * catalogue, which changes only on a fleet import, so their JSON (escaped, quoted) is written
 * once per vehicle; a search writes only its own figures. Serialising every field of every
 * vehicle through the schema on each search was about a tenth of an availability answer's time.
 */
export function vehicleListJson(
  vehicles: readonly AvailableVehicle[],
  rentalDays: number,
  links: SiteLinks,
  withDiscount = false,
): string {
  let fragments = fragmentsBySite.get(links)
  if (!fragments) {
    fragments = new WeakMap()
    fragmentsBySite.set(links, fragments)
  }
  let json = '['
  for (const available of vehicles) {
    const shown = presentVehicle(available, rentalDays, links, withDiscount)
    let around = fragments.get(available.vehicle)
    if (!around) {
      around = fragmentsOf(shown)
      fragments.set(available.vehicle, around)
    }
    if (json.length > 1) json += ','
    json += `${around.beforeRate}${shown.rentalDailyRate}${around.afterRate}${shown.rentalDays},"rentalFee":${shown.rentalFee},"routeFee":${shown.routeFee},"totalFromAmount":${shown.totalFromAmount}`
    json += withDiscount ? `,"discountAmount":${shown.discountAmount}}` : '}'
  }
  return `${json}]`
}

function fragmentsOf(shown: VehicleResponse): VehicleFragments {
  // The facts in the schema's order, each only when the fleet gives it.
  let facts = ''
  for (const name of FACT_NAMES) {
    const value = shown[name]
    if (value !== undefined) facts += `,${JSON.stringify(name)}:${JSON.stringify(value)}`
  }
  return {
    beforeRate: `{"vehicleId":${shown.vehicleId},"name":${JSON.stringify(shown.name)},"rentalDailyRate":`,
    afterRate: `,"imageUrl":${JSON.stringify(shown.imageUrl)},"vehicleClass":${JSON.stringify(shown.vehicleClass)}${facts},"rentalDays":`,
  }
}

const FACT_NAMES = Object.keys(vehicleFactFields) as (keyof typeof vehicleFactFields)[]
