import type { Vehicle } from '../domain/catalogue.ts'
import type { FlexibleOption } from '../verbs/find-flexible-dates.ts'
import {
  ascii,
  copySmall,
  cutAnswer,
  slabFor,
  slabStart,
  writeAscii,
  writeDollars,
  writeWhole,
} from './json-bytes.ts'

/**
 * A vehicle's JSON between an option's dates and its figures: `,"vehicleId":…,"name":…,
 * "vehicleClass":…,"rentalDailyRate":`, escaped and encoded once per vehicle of a catalogue (a
 * fleet import makes new vehicles, and the old ones' bytes go with them).
 */
const vehicleParts = new WeakMap<Vehicle, Uint8Array>()

const OPEN = ascii('{"pickUpDate":"')
const DROP_OFF = ascii('","dropOffDate":"')
const RENTAL_DAYS = ascii(',"rentalDays":')
const RENTAL_FEE = ascii(',"rentalFee":')
const ROUTE_FEE = ascii(',"routeFee":')
const TOTAL_FROM = ascii(',"totalFromAmount":')
const DISCOUNT = ascii(',"discountAmount":')
/** The most bytes an option takes beyond its vehicle's part: two dates, five figures, names. */
const OPTION_BYTES = 260

/**
 * The flexible search's options as the JSON bytes the API sends: each as presentFlexibleOption
 * gives it, laid out as FlexibleOptionSchema serialises it, byte for byte (test/presenters/ holds
 * the two together over generated options). Through the schema's serialiser, a two-week window's
 * answer (11 kB) spent a third of its time on the text: Node flattened the string of pieces to
 * count its bytes, then encoded it again to send.
 */
export function flexibleOptionsBytes(
  options: readonly FlexibleOption[],
  withDiscount = false,
): Buffer {
  let size = 2
  for (const option of options) size += partOf(option.vehicle).length + OPTION_BYTES
  const out = slabFor(size)
  const start = slabStart()
  let at = start
  out[at++] = 0x5b // [
  for (let i = 0; i < options.length; i++) {
    const { vehicle, terms, totalFrom, discount, period } = options[i] as FlexibleOption
    if (i > 0) out[at++] = 0x2c // ,
    at = copySmall(out, at, OPEN)
    at = writeAscii(out, at, period.pickUpDate)
    at = copySmall(out, at, DROP_OFF)
    at = writeAscii(out, at, period.dropOffDate)
    out[at++] = 0x22 // "
    const part = partOf(vehicle)
    out.set(part, at)
    at += part.length
    at = writeDollars(out, at, terms.dailyRate)
    at = copySmall(out, at, RENTAL_DAYS)
    at = writeWhole(out, at, period.days)
    at = copySmall(out, at, RENTAL_FEE)
    at = writeDollars(out, at, terms.rentalFee)
    at = copySmall(out, at, ROUTE_FEE)
    at = writeDollars(out, at, terms.routeFee)
    at = copySmall(out, at, TOTAL_FROM)
    at = writeDollars(out, at, totalFrom)
    if (withDiscount) {
      at = copySmall(out, at, DISCOUNT)
      at = writeDollars(out, at, discount)
    }
    out[at++] = 0x7d // }
  }
  out[at++] = 0x5d // ]
  return cutAnswer(out, start, at)
}

function partOf(vehicle: Vehicle): Uint8Array {
  let part = vehicleParts.get(vehicle)
  if (!part) {
    part = Buffer.from(
      `,"vehicleId":${vehicle.id},"name":${JSON.stringify(vehicle.name)},"vehicleClass":${JSON.stringify(vehicle.vehicleClass)},"rentalDailyRate":`,
    )
    vehicleParts.set(vehicle, part)
  }
  return part
}
