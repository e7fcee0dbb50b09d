import { DEFAULT_FREE_CANCELLATION_HOURS } from './cancellation-rule.ts'

/**
 * The rental company the loaded fleet belongs to. Every door names the company from here, never
 * from a constant: a company that loads its own fleet file sees its own name, contacts, logo and
 * booking references on every page, document and tool.
 */
export type Company = {
  name: string
  /** Where agents, travellers and booking notices reach the company; null when the file gives none. */
  email: string | null
  phone: string | null
  /** The company's own website (https), when it has one. */
  website: string | null
  /** 2 to 6 capital letters before the dash of a booking reference (`SAC-7GQ4M2XA`). */
  bookingReferencePrefix: string
  /** A file in the images folder, or an https URL; null for the initials badge the site draws. */
  logo: string | null
  /** The company's own terms; null to link the API's terms of use on /docs. */
  termsUrl: string | null
  /** A traveller may cancel on the website up to this many hours before pick-up. */
  freeCancellationHours: number
}

/** 2 to 6 capital letters. */
export const REFERENCE_PREFIX_PATTERN = /^[A-Z]{2,6}$/

/**
 * A booking reference prefix from the company's name: the initials of its words (Southern Alps
 * Campers: SAC), in Latin capitals with accents dropped, made up to two letters from the first
 * word (Hertz: HE) and cut at six. A name with no Latin letter gives `BK`.
 */
export function defaultReferencePrefix(name: string): string {
  const letters = (text: string) =>
    text
      .normalize('NFD')
      .toUpperCase()
      .replace(/[^A-Z]/g, '')
  const words = name
    .split(/[\s\-_/&.,]+/)
    .map(letters)
    .filter(Boolean)
  let prefix = words.map((word) => word[0]).join('')
  if (prefix.length < 2) prefix = (words[0] ?? '').slice(0, 2)
  if (prefix.length < 2) return 'BK'
  return prefix.slice(0, 6)
}

/** A company known only by its name (a database loaded before the rest was kept), with defaults. */
export function companyNamed(name: string): Company {
  return {
    name,
    email: null,
    phone: null,
    website: null,
    bookingReferencePrefix: defaultReferencePrefix(name),
    logo: null,
    termsUrl: null,
    freeCancellationHours: DEFAULT_FREE_CANCELLATION_HOURS,
  }
}
