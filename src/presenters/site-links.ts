import type { Quote } from '../domain/quote.ts'

/** Text written into a link as it is: what URLSearchParams leaves alone, and commas and colons (legal in a query, easier to read in a link a person is handed). */
const PLAIN = /^[A-Za-z0-9._,:-]*$/

/** The parameters of a /book link, in the order the spec writes them. */
export type BookParameters = Record<string, string | undefined>

/** Links into the website, built from PUBLIC_URL. */
export class SiteLinks {
  readonly siteUrl: string
  /** Every vehicle in every answer needs its image's URL: worked out once per image. */
  private readonly imageUrls = new Map<string, string>()

  constructor(siteUrl: string) {
    this.siteUrl = siteUrl
  }

  /** A vehicle's image: an absolute URL as given, or a file served under /images/vehicles/. */
  vehicleImage(image: string): string {
    let url = this.imageUrls.get(image)
    if (url === undefined) {
      url = this.image(`vehicles/${image}`, image)
      this.imageUrls.set(image, url)
    }
    return url
  }

  /**
   * An image of the fleet file: an https URL as given, or a file of the images folder, served
   * under /images/. `absolute` is what to test for a URL, when the path was prefixed.
   */
  image(path: string, absolute = path): string {
    if (/^https?:\/\//.test(absolute)) return absolute
    return `${this.siteUrl}/images/${path.split('/').map(encodeURIComponent).join('/')}`
  }

  /** The badge with the company's initials that the site draws when the fleet names no logo. */
  generatedLogo(): string {
    return `${this.siteUrl}/logo.svg`
  }

  /** The page where the holder of a booking's manage token sees or cancels it. */
  manageBooking(token: string): string {
    return `${this.siteUrl}${managePath(token)}`
  }

  /**
   * The listing of what an availability search leaves out and why, for the same four parameters,
   * its filters and the driver's age when sent (without the age, a vehicle left out for a young
   * driver would not be listed at all; without the filters, a search for motorhomes was led to a
   * listing of the cars): the Link an empty availability answer carries.
   */
  unavailableListing(search: {
    pick_up_depot_id: string
    drop_off_depot_id: string
    pick_up_date: string
    drop_off_date: string
    driver_age?: string | undefined
    vehicle_id?: string | undefined
    vehicle_class?: string | undefined
    min_seats?: string | undefined
  }): string {
    const query = new URLSearchParams({
      pick_up_depot_id: search.pick_up_depot_id,
      drop_off_depot_id: search.drop_off_depot_id,
      pick_up_date: search.pick_up_date,
      drop_off_date: search.drop_off_date,
    })
    for (const name of ['vehicle_id', 'vehicle_class', 'min_seats', 'driver_age'] as const) {
      const value = search[name]
      if (value !== undefined) query.set(name, value)
    }
    return `${this.siteUrl}/api/agent/vehicles/unavailable?${query}`
  }

  /** The vehicles with the depots that stock each (`depotIds`), narrowed by the same filters. */
  vehicleListing(filters: {
    vehicle_class?: string | undefined
    min_seats?: string | undefined
  }): string {
    const query = new URLSearchParams()
    for (const name of ['vehicle_class', 'min_seats'] as const) {
      const value = filters[name]
      if (value !== undefined) query.set(name, value)
    }
    const search = query.size === 0 ? '' : `?${query}`
    return `${this.siteUrl}/api/agent/vehicles${search}`
  }

  /** The spec's checkout link, with the quote's id so the website can honour its price. */
  checkout(quote: Quote): string {
    return `${this.siteUrl}${bookPath(checkoutParameters(quote))}`
  }
}

/** The manage page of a booking, relative to the site. */
export function managePath(token: string): string {
  return `/book/manage/${token}`
}

/**
 * The checkout link's parameters for a quote: the spec's form, then what the quote was asked with
 * beyond it (times, driver age, promotion, agent reference) and `quote_id`.
 */
export function checkoutParameters(quote: Quote): BookParameters {
  const accessoryIds = quote.accessories.flatMap((line) => Array(line.quantity).fill(line.id))
  return {
    pick_up_depot_id: String(quote.pickUpDepotId),
    drop_off_depot_id: String(quote.dropOffDepotId),
    pick_up_date: quote.pickUpDate,
    drop_off_date: quote.dropOffDate,
    vehicle_id: String(quote.vehicleId),
    insurance_id: quote.insurance ? String(quote.insurance.id) : undefined,
    accessory_ids: accessoryIds.length > 0 ? accessoryIds.join(',') : undefined,
    pick_up_time: quote.pickUpTime ?? undefined,
    drop_off_time: quote.dropOffTime ?? undefined,
    driver_age: quote.driverAge === null ? undefined : String(quote.driverAge),
    promo_code: quote.promotion?.code,
    agent_ref: quote.agentRef ?? undefined,
    quote_id: quote.id,
  }
}

/**
 * `/book?...` with the parameters that have a value, relative to the site so that a page and the
 * forms it posts stay on the origin the person is on.
 */
export function bookPath(parameters: BookParameters): string {
  const entries = Object.entries(parameters).filter(([, value]) => value !== undefined)
  // Ids, dates and quote ids need no escaping, and every quote builds a link: joined directly,
  // they give the same text URLSearchParams would, without its cost.
  if (entries.every(([name, value]) => PLAIN.test(name) && PLAIN.test(value as string))) {
    const text = entries.map(([name, value]) => `${name}=${value}`).join('&')
    return text === '' ? '/book' : `/book?${text}`
  }
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined) query.set(name, value)
  }
  const text = query.toString()
  // Commas are legal in a query and easier to read for a person handed the link.
  return text === '' ? '/book' : `/book?${text.replaceAll('%2C', ',')}`
}
