import type { BookingRecord } from '../domain/booking.ts'
import type { CatalogueIndex } from '../domain/catalogue-index.ts'
import { toDollars } from '../domain/money.ts'
import { formatNzd } from './display-format.ts'

/** A booking as `rental-agent bookings list --json` writes it: amounts in NZD dollars. */
export type BookingJson = {
  reference: string
  vehicleId: number
  vehicleName: string | null
  pickUpDepotId: number
  dropOffDepotId: number
  pickUpDate: string
  dropOffDate: string
  customer: { fullName: string; email: string; phone: string } | null
  /** NZD dollars; null when the booking came without a price (a fleet file's bookings). */
  totalAmount: number | null
  createdAt: string | null
}

export function presentBookingRecord(
  booking: BookingRecord,
  catalogue: CatalogueIndex,
): BookingJson {
  return {
    reference: booking.reference,
    vehicleId: booking.vehicleId,
    vehicleName: catalogue.vehicle(booking.vehicleId)?.name ?? null,
    pickUpDepotId: booking.pickUpDepotId,
    dropOffDepotId: booking.dropOffDepotId,
    pickUpDate: booking.pickUpDate,
    dropOffDate: booking.dropOffDate,
    customer: booking.customer,
    totalAmount: booking.totalAmount === null ? null : toDollars(booking.totalAmount),
    createdAt: booking.createdAt,
  }
}

/** The columns of the bookings table, as text. */
export function bookingTableRow(booking: BookingRecord, catalogue: CatalogueIndex): string[] {
  const depot = (id: number) => {
    const name = catalogue.catalogue.depots.find((d) => d.id === id)?.name
    return name ? `${id} ${name}` : String(id)
  }
  const vehicle = catalogue.vehicle(booking.vehicleId)?.name
  const customer = booking.customer
    ? [booking.customer.fullName, booking.customer.email, booking.customer.phone]
        .filter(Boolean)
        .join(', ')
    : ''
  return [
    booking.reference,
    vehicle ? `${booking.vehicleId} ${vehicle}` : String(booking.vehicleId),
    booking.pickUpDate,
    depot(booking.pickUpDepotId),
    booking.dropOffDate,
    depot(booking.dropOffDepotId),
    customer,
    booking.totalAmount === null ? '' : formatNzd(booking.totalAmount),
  ]
}

export const BOOKING_TABLE_HEADER = [
  'REFERENCE',
  'VEHICLE',
  'PICK-UP',
  'AT',
  'DROP-OFF',
  'AT',
  'CUSTOMER',
  'TOTAL',
]
