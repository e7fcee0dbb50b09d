import type { Config } from '../config.ts'

/** The configuration the discovery documents describe. */
export type DocsSettings = Pick<
  Config,
  | 'publicUrl'
  | 'timeZone'
  | 'rateLimitMax'
  | 'rateLimitWindowSeconds'
  | 'quoteTtlMinutes'
  | 'bookingHorizonDays'
  | 'maxRentalDays'
>
