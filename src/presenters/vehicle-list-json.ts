import type { Vehicle } from '../domain/catalogue.ts'
import { toDollars } from '../domain/money.ts'
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
  const days = `${rentalDays},"rentalFee":`
  // Every vehicle of a search has the same route fee: written once unless one differs.
  let routeFee = Number.NaN
  let routeFeeEnd = ''
  for (const available of vehicles) {
    let around = fragments.get(available.vehicle)
    if (!around) {
      around = fragmentsOf(presentVehicle(available, rentalDays, links))
      fragments.set(available.vehicle, around)
    }
    const { terms } = available
    if (terms.routeFee !== routeFee) {
      routeFee = terms.routeFee
      routeFeeEnd = `,"routeFee":${dollarsJson(routeFee)},"totalFromAmount":`
    }
    if (json.length > 1) json += ','
    // The figures as presentVehicle gives them (dollars from cents), written as JSON writes them.
    json += `${around.beforeRate}${dollarsJson(terms.dailyRate)}${around.afterRate}${days}${dollarsJson(terms.rentalFee)}${routeFeeEnd}${dollarsJson(available.totalFrom)}`
    json += withDiscount ? `,"discountAmount":${dollarsJson(available.discount)}}` : '}'
  }
  return `${json}]`
}

/**
 * `JSON.stringify(toDollars(cents))` for a whole number of cents, without making and printing a
 * double: the shortest form of a number of hundredths is its digits with the point put back and
 * trailing zeros dropped (12345 -> 123.45, 12340 -> 123.4, 12300 -> 123). A tenth of an
 * availability answer's time went to printing its figures as doubles.
 */
export function dollarsJson(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents >= 1e15) {
    return JSON.stringify(toDollars(cents))
  }
  const whole = Math.floor(cents / 100)
  const hundredths = cents - whole * 100
  if (hundredths === 0) return `${whole}`
  if (hundredths % 10 === 0) return `${whole}.${hundredths / 10}`
  return `${whole}.${hundredths < 10 ? '0' : ''}${hundredths}`
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
