/**
 * The names the discovery documents show people and plugin stores. The demo company is the
 * company this service ships as; the names live here so that a company running its own fleet
 * changes them in one place (with public/logo.svg).
 */
export const BRAND = {
  company: 'Kiwi Roads Rentals',
  /** Plugin stores show at most 20 characters. */
  nameForHuman: 'Kiwi Roads Rentals',
  /** Letters and digits only, at most 50: what a model calls the plugin. */
  nameForModel: 'vehiclerental',
} as const
