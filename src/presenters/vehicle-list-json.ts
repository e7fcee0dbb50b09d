import type { Vehicle } from '../domain/catalogue.ts'
import { toDollars } from '../domain/money.ts'
import { type VehicleResponse, vehicleFactFields } from '../schemas/vehicle.ts'
import type { AvailableVehicle } from '../verbs/find-available-vehicles.ts'
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

const ascii = (text: string) => Buffer.from(text, 'latin1')
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
  const start = slabOffset
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
  // The next answer starts after this one, on an 8-byte boundary.
  slabOffset = (at + 7) & ~7
  return out.subarray(start, at)
}

/** Reused by every answer (they are written one at a time): no array made per answer. */
const aroundScratch: VehicleFragments[] = []

/** A few bytes copied one by one: for a chunk this small, cheaper than TypedArray.set. */
function copySmall(out: Buffer, at: number, chunk: Uint8Array): number {
  for (let k = 0; k < chunk.length; k++) out[at + k] = chunk[k] as number
  return at + chunk.length
}

/** Answers are cut from slabs of this many bytes, one allocation for many answers. */
const SLAB_BYTES = 1 << 20
let slab = Buffer.allocUnsafe(0)
let slabOffset = 0

/**
 * A slab with room for `size` bytes from `slabOffset`. Each answer is its own part of a slab,
 * never written again once given out (a socket may still be sending it), so a full slab is left
 * to the answers cut from it and the garbage collector: allocating the bytes of every answer on
 * its own cost a sixth of the time of writing it.
 */
function slabFor(size: number): Buffer {
  if (slabOffset + size > slab.length) {
    slab = Buffer.allocUnsafe(Math.max(SLAB_BYTES, size))
    slabOffset = 0
  }
  return slab
}

/** The answer as text (tests, and the doors that want a string). */
export function vehicleListJson(
  vehicles: readonly AvailableVehicle[],
  rentalDays: number,
  links: SiteLinks,
  withDiscount = false,
): string {
  return vehicleListBytes(vehicles, rentalDays, links, withDiscount).toString('utf8')
}

/** A whole number as ASCII digits at `at`; where the next byte goes. */
function writeWhole(out: Buffer, at: number, value: number): number {
  // Integer arithmetic (| 0) while the number fits 32 bits, as a rental's figures always do:
  // dividing doubles with Math.floor, and counting the digits by dividing too, made the figures
  // a quarter of the time of writing a large catalogue's answer.
  if (value < 10) {
    out[at] = 0x30 + value
    return at + 1
  }
  const digits =
    value < 100 ? 2 : value < 1000 ? 3 : value < 10000 ? 4 : value < 100000 ? 5 : `${value}`.length
  let rest = value
  const small = value <= 0x7fffffff
  for (let index = at + digits - 1; index >= at; index--) {
    const next = small ? (rest / 10) | 0 : Math.floor(rest / 10)
    out[index] = 0x30 + (rest - next * 10)
    rest = next
  }
  return at + digits
}

/** dollarsJson(cents) written as ASCII at `at`; where the next byte goes. */
function writeDollars(out: Buffer, at: number, cents: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents >= 1e15) {
    return at + out.write(dollarsJson(cents), at, 'latin1')
  }
  const whole = cents <= 0x7fffffff ? (cents / 100) | 0 : Math.floor(cents / 100)
  const hundredths = cents - whole * 100
  let next = writeWhole(out, at, whole)
  if (hundredths === 0) return next
  out[next++] = 0x2e // .
  const tens = (hundredths / 10) | 0
  out[next++] = 0x30 + tens
  const ones = hundredths - tens * 10
  if (ones !== 0) out[next++] = 0x30 + ones
  return next
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
    beforeRate: Buffer.from(
      `{"vehicleId":${shown.vehicleId},"name":${JSON.stringify(shown.name)},"rentalDailyRate":`,
    ),
    afterRate: Buffer.from(
      `,"imageUrl":${JSON.stringify(shown.imageUrl)},"vehicleClass":${JSON.stringify(shown.vehicleClass)}${facts},"rentalDays":`,
    ),
  }
}

const FACT_NAMES = Object.keys(vehicleFactFields) as (keyof typeof vehicleFactFields)[]
