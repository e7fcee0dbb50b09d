import type { CalendarDate } from './calendar-date.ts'
import type { TimeOfDay } from './local-time.ts'
import type { Cents } from './money.ts'

/** A priced quote, as stored so that checkout can honour it until it expires. */
export type Quote = {
  id: string
  /** UTC ISO 8601 instants. */
  createdAt: string
  expiresAt: string
  vehicleId: number
  vehicleName: string
  pickUpDepotId: number
  dropOffDepotId: number
  pickUpDate: CalendarDate
  dropOffDate: CalendarDate
  /** The hand-over times asked for; null when the request did not say. */
  pickUpTime: TimeOfDay | null
  dropOffTime: TimeOfDay | null
  rentalDays: number
  dailyRate: Cents
  rentalFee: Cents
  routeFee: Cents
  accessories: QuotedAccessory[]
  insurance: QuotedInsurance | null
  accessoriesFee: Cents
  insuranceFee: Cents
  totalAmount: Cents
}

export type QuotedAccessory = { id: number; name: string; quantity: number; cost: Cents }
export type QuotedInsurance = { id: number; name: string; cost: Cents }
