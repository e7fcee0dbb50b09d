import type { Depot } from '../domain/catalogue.ts'

/**
 * A map of the depot's coordinates on OpenStreetMap: a plain link, so no map script, tile or
 * cookie of another site is ever loaded by a page or an email itself.
 */
export function mapLink(depot: Depot): string | undefined {
  if (depot.latitude === null || depot.longitude === null) return undefined
  const lat = depot.latitude.toFixed(5)
  const lon = depot.longitude.toFixed(5)
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`
}
