import type { Vehicle } from '../domain/catalogue.ts'
import { type VehicleResponse, vehicleFactFields } from '../schemas/vehicle.ts'
import type { AvailableVehicle } from '../verbs/find-available-vehicles.ts'
import {
  ascii,
  copySmall,
  cutAnswer,
  dollarsJson,
  slabFor,
  slabStart,
  writeDollars,
} from './json-bytes.ts'
import { presentVehicle } from './present.ts'
import type { SiteLinks } from './site-links.ts'

/**
 * A vehicle's JSON around its figures for one search, as UTF-8 bytes: `{"vehicleId":…,"name":…,
 * "rentalDailyRate":` before the daily rate, and `,"imageUrl":…,"vehicleClass":…,` its facts and
 * `"rentalDays":` after it.
 */
type VehicleFragments = { beforeRate: Uint8Array; afterRate: Uint8Array }

/**
 * Per site (its links give the image URLs), per vehicle of a catalogue: a fleet import makes
 * new vehicles, and the old ones' fragments go with them.
 */
const fragmentsBySite = new WeakMap<SiteLinks, WeakMap<Vehicle, VehicleFragments>>()

const RENTAL_FEE = ascii(',"rentalFee":')
const DISCOUNT = ascii(',"discountAmount":')
const COMMA = 0x2c
const CLOSE_OBJECT = 0x7d
/** The most bytes the figures of one vehicle take beyond its fragments. */
const FIGURE_BYTES = 200

/**
 * The availability answer as the JSON bytes the API sends: each vehicle as presentVehicle gives
 * it, laid out as VehicleSchema serialises it, byte for byte (test/presenters/ holds the two
 * together over generated vehicles). A vehicle's id, name, image, class and facts come from the
 * catalogue, which changes only on a fleet import, so their JSON (escaped, quoted, encoded) is
 * written once per vehicle; a search copies those bytes and writes only its own figures, as ASCII
 * digits. Built as text, an answer of a hundred vehicles was a string of some 500 pieces that
 * Node flattened and encoded again to send: half the CPU time of writing it.
 */
export function vehicleListBytes(
  vehicles: readonly AvailableVehicle[],
  rentalDays: number,
  links: SiteLinks,
  withDiscount = false,
): Buffer {
  let fragments = fragmentsBySite.get(links)
  if (!fragments) {
    fragments = new WeakMap()
    fragmentsBySite.set(links, fragments)
  }
  const around = aroundScratch
  around.length = vehicles.length
  let size = 2
  for (let i = 0; i < vehicles.length; i++) {
    const available = vehicles[i] as AvailableVehicle
    let known = fragments.get(available.vehicle)
    if (!known) {
      known = fragmentsOf(presentVehicle(available, rentalDays, links))
      fragments.set(available.vehicle, known)
    }
    around[i] = known
    size += known.beforeRate.length + known.afterRate.length + FIGURE_BYTES
  }
  const out = slabFor(size)
  const start = slabStart()
  let at = start
  out[at++] = 0x5b // [
  // What every vehicle of the search shares: its length, then its route fee (the same for all,
  // but written anew should one differ).
  const days = ascii(`${rentalDays},"rentalFee":`)
  let routeFee = Number.NaN
  let route = RENTAL_FEE
  for (let i = 0; i < vehicles.length; i++) {
    const available = vehicles[i] as AvailableVehicle
    const known = around[i] as VehicleFragments
    const { terms } = available
    if (i > 0) out[at++] = COMMA
    out.set(known.beforeRate, at)
    at += known.beforeRate.length
    at = writeDollars(out, at, terms.dailyRate)
    out.set(known.afterRate, at)
    at += known.afterRate.length
    at = copySmall(out, at, days)
    at = writeDollars(out, at, terms.rentalFee)
    if (terms.routeFee !== routeFee) {
      routeFee = terms.routeFee
      route = ascii(`,"routeFee":${dollarsJson(routeFee)},"totalFromAmount":`)
    }
    out.set(route, at)
    at += route.length
    at = writeDollars(out, at, available.totalFrom)
    if (withDiscount) {
      at = copySmall(out, at, DISCOUNT)
      at = writeDollars(out, at, available.discount)
    }
    out[at++] = CLOSE_OBJECT
  }
  out[at++] = 0x5d // ]
  around.length = 0
  return cutAnswer(out, start, at)
}

/** Reused by every answer (they are written one at a time): no array made per answer. */
const aroundScratch: VehicleFragments[] = []

/** The answer as text (tests, and the doors that want a string). */
export function vehicleListJson(
  vehicles: readonly AvailableVehicle[],
  rentalDays: number,
  links: SiteLinks,
  withDiscount = false,
): string {
  return vehicleListBytes(vehicles, rentalDays, links, withDiscount).toString('utf8')
}

function fragmentsOf(shown: VehicleResponse): VehicleFragments {
  // The facts in the schema's order, each only when the fleet gives it.
  let facts = ''
  for (const name of FACT_NAMES) {
    const value = shown[name]
    if (value !== undefined) facts += `,${JSON.stringify(name)}:${JSON.stringify(value)}`
  }
  return {
    beforeRate: Buffer.from(
      `{"vehicleId":${shown.vehicleId},"name":${JSON.stringify(shown.name)},"rentalDailyRate":`,
    ),
    afterRate: Buffer.from(
      `,"imageUrl":${JSON.stringify(shown.imageUrl)},"vehicleClass":${JSON.stringify(shown.vehicleClass)}${facts},"rentalDays":`,
    ),
  }
}

const FACT_NAMES = Object.keys(vehicleFactFields) as (keyof typeof vehicleFactFields)[]
