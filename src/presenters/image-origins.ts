import type { CatalogueIndex } from '../domain/catalogue-index.ts'
import { companyProfile } from './company-profile.ts'
import type { SiteLinks } from './site-links.ts'

/**
 * The origins the fleet's images come from (its vehicles' and its logo's), sorted: what a page's Content-Security-Policy must allow as image sources.
 */
export function imageOrigins(index: CatalogueIndex, links: SiteLinks): string[] {
  const urls = [
    ...index.catalogue.vehicles.map((vehicle) => links.vehicleImage(vehicle.image)),
    companyProfile(index.catalogue.company, links).logoUrl,
  ]
  // The site's own origin is listed too: a page served under another host name than PUBLIC_URL
  // (a load balancer's, say) still shows images addressed to PUBLIC_URL.
  return [...new Set(urls.flatMap((url) => URL.parse(url)?.origin ?? []))].sort()
}
