import { type BookingRecord, bookingChannel, type Cancellation } from '../domain/booking.ts'
import type { CatalogueIndex } from '../domain/catalogue-index.ts'
import { toDollars } from '../domain/money.ts'
import { formatNzd } from './display-format.ts'

/** A booking as `rental-agent bookings list --json` writes it: amounts in NZD dollars. */
export type BookingJson = {
  reference: string
  status: BookingRecord['status']
  vehicleId: number
  vehicleName: string | null
  pickUpDepotId: number
  dropOffDepotId: number
  pickUpDate: string
  pickUpTime: string | null
  dropOffDate: string
  dropOffTime: string | null
  customer: { fullName: string; email: string; phone: string } | null
  /** NZD dollars; null when the booking came without a price (a fleet file's bookings). */
  totalAmount: number | null
  createdAt: string | null
  cancellation: Cancellation | null
  /** `website`, `other channel` (imported) or `fleet file`. */
  channel: string
  /** The agent_ref the booking came with; null when none. */
  agentRef: string | null
  /** The driver's age at pick-up, when the checkout asked for it. */
  driverAge: number | null
  /** Each surcharge and the promotion of a website booking, in NZD dollars. */
  surcharges: { id: string; name: string; cost: number }[]
  promotion: { code: string; name: string; discount: number } | null
}

export function presentBookingRecord(
  booking: BookingRecord,
  catalogue: CatalogueIndex,
): BookingJson {
  return {
    reference: booking.reference,
    status: booking.status,
    vehicleId: booking.vehicleId,
    vehicleName: booking.price?.vehicleName ?? catalogue.vehicle(booking.vehicleId)?.name ?? null,
    pickUpDepotId: booking.pickUpDepotId,
    dropOffDepotId: booking.dropOffDepotId,
    pickUpDate: booking.pickUpDate,
    pickUpTime: booking.pickUpTime,
    dropOffDate: booking.dropOffDate,
    dropOffTime: booking.dropOffTime,
    customer: booking.customer,
    totalAmount: booking.totalAmount === null ? null : toDollars(booking.totalAmount),
    createdAt: booking.createdAt,
    cancellation: booking.cancellation,
    channel: bookingChannel(booking),
    agentRef: booking.agentRef,
    driverAge: booking.price?.driverAge ?? null,
    surcharges: (booking.price?.surcharges ?? []).map((line) => ({
      id: line.id,
      name: line.name,
      cost: toDollars(line.cost),
    })),
    promotion: booking.price?.promotion
      ? { ...booking.price.promotion, discount: toDollars(booking.price.discount) }
      : null,
  }
}

/** The columns of the bookings table, as text. */
export function bookingTableRow(booking: BookingRecord, catalogue: CatalogueIndex): string[] {
  const depot = (id: number) => {
    const name = catalogue.catalogue.depots.find((d) => d.id === id)?.name
    return name ? `${id} ${name}` : String(id)
  }
  const vehicle = booking.price?.vehicleName ?? catalogue.vehicle(booking.vehicleId)?.name
  const customer = booking.customer
    ? [booking.customer.fullName, booking.customer.email, booking.customer.phone]
        .filter(Boolean)
        .join(', ')
    : ''
  const when = (date: string, time: string | null) => (time ? `${date} ${time}` : date)
  return [
    booking.reference,
    booking.status === 'cancelled'
      ? `cancelled (${booking.cancellation?.by ?? 'operator'})`
      : 'confirmed',
    vehicle ? `${booking.vehicleId} ${vehicle}` : String(booking.vehicleId),
    when(booking.pickUpDate, booking.pickUpTime),
    depot(booking.pickUpDepotId),
    when(booking.dropOffDate, booking.dropOffTime),
    depot(booking.dropOffDepotId),
    customer,
    booking.totalAmount === null ? '' : formatNzd(booking.totalAmount),
    booking.agentRef ?? '',
  ]
}

export const BOOKING_TABLE_HEADER = [
  'REFERENCE',
  'STATUS',
  'VEHICLE',
  'PICK-UP',
  'AT',
  'DROP-OFF',
  'AT',
  'CUSTOMER',
  'TOTAL',
  'AGENT_REF',
]
