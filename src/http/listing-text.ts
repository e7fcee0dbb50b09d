import type { DomainError, Listing } from '../domain/errors.ts'

/** The endpoint that lists what a parameter may take, as an agent reading the HTTP API calls it. */
export function listingText(listing: Listing): string {
  switch (listing.of) {
    case 'depots':
      return 'GET /depots lists the valid ids'
    case 'vehicles':
      return 'GET /vehicles lists the vehicles and their ids'
    case 'accessories':
      return listing.forDates
        ? `GET /vehicles/${listing.vehicleId}/accessories with the rental's pick_up_date and drop_off_date lists those offered then`
        : `GET /vehicles/${listing.vehicleId}/accessories lists the ids offered for this vehicle`
    case 'insurance_plans':
      return `GET /vehicles/${listing.vehicleId}/insurance-types lists the plans for this vehicle`
    default:
      return listing satisfies never
  }
}

/** A domain error's message as the HTTP API words it: with the endpoint that lists the valid values. */
export function httpMessage(error: DomainError): string {
  return error.listing ? `${error.message}; ${listingText(error.listing)}` : error.message
}
