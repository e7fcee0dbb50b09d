import { toDollars } from '../domain/money.ts'

/*
 * Writing JSON answers as bytes, for the answers that list many items (availability, the flexible
 * search): each is laid out as its response schema would serialise it, from parts written once
 * and figures written as ASCII digits, into a slab shared by many answers. Built as text through
 * the schema's serialiser, such an answer was a string of hundreds of pieces that Node flattened
 * to count its bytes and encoded again to send.
 */

/** Text of ASCII (or Latin-1) characters as bytes. */
export const ascii = (text: string) => Buffer.from(text, 'latin1')

/** A few bytes copied one by one: for a chunk this small, cheaper than TypedArray.set. */
export function copySmall(out: Buffer, at: number, chunk: Uint8Array): number {
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
export function slabFor(size: number): Buffer {
  if (slabOffset + size > slab.length) {
    slab = Buffer.allocUnsafe(Math.max(SLAB_BYTES, size))
    slabOffset = 0
  }
  return slab
}

/** Where the next answer starts in the slab slabFor gave. */
export function slabStart(): number {
  return slabOffset
}

/**
 * The answer written from `start` to `at` in the slab; the next starts after it, on an 8-byte
 * boundary.
 */
export function cutAnswer(out: Buffer, start: number, at: number): Buffer {
  slabOffset = (at + 7) & ~7
  return out.subarray(start, at)
}

/** ASCII text (a calendar date, say) written at `at`; where the next byte goes. */
export function writeAscii(out: Buffer, at: number, text: string): number {
  for (let k = 0; k < text.length; k++) out[at + k] = text.charCodeAt(k)
  return at + text.length
}

/** A whole number as ASCII digits at `at`; where the next byte goes. */
export function writeWhole(out: Buffer, at: number, value: number): number {
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
export function writeDollars(out: Buffer, at: number, cents: number): number {
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
