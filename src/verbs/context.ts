import type { CatalogueIndex } from '../domain/catalogue-index.ts'
import type { RentalRules } from '../domain/rental-period.ts'
import type { BookingNotices } from '../notifications/booking-notices.ts'
import type { Store } from '../store/store.ts'

/** What every verb may use: the store, the cached catalogue, the rules and the clock. */
export type VerbContext = {
  store: Store
  /** The catalogue as last loaded; a fleet import replaces it. */
  catalogue(): CatalogueIndex
  rules: RentalRules
  quoteTtlMinutes: number
  now(): Date
  /** The messages a booking or a cancellation writes into the outbox with it. */
  notices: BookingNotices
  /** Said after messages were written, so that the sender delivers them now, not at its next round. */
  messagesWritten(): void
}
