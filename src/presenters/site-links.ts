import type { Quote } from '../domain/quote.ts'

/** Links into the website, built from PUBLIC_URL. */
export class SiteLinks {
  readonly siteUrl: string

  constructor(siteUrl: string) {
    this.siteUrl = siteUrl
  }

  /** A vehicle's image: an absolute URL as given, or a file served under /images/vehicles/. */
  vehicleImage(image: string): string {
    return /^https?:\/\//.test(image)
      ? image
      : `${this.siteUrl}/images/vehicles/${encodeURIComponent(image)}`
  }

  /** The spec's checkout link, with the quote's id so the website can honour its price. */
  checkout(quote: Quote): string {
    const params = new URLSearchParams({
      pick_up_depot_id: String(quote.pickUpDepotId),
      drop_off_depot_id: String(quote.dropOffDepotId),
      pick_up_date: quote.pickUpDate,
      drop_off_date: quote.dropOffDate,
      vehicle_id: String(quote.vehicleId),
    })
    if (quote.insurance) params.set('insurance_id', String(quote.insurance.id))
    const accessoryIds = quote.accessories.flatMap((line) => Array(line.quantity).fill(line.id))
    if (accessoryIds.length > 0) params.set('accessory_ids', accessoryIds.join(','))
    params.set('quote_id', quote.id)
    // Commas are legal in a query and easier to read for a person handed the link.
    return `${this.siteUrl}/book?${params.toString().replaceAll('%2C', ',')}`
  }
}
