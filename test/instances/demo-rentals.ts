import assert from 'node:assert/strict'
import { addDays, monthDayOf, todayIn } from '../../src/domain/calendar-date.ts'
import { bookingForm, bookUrl, PERSON } from '../helpers/booking-pages.ts'
import { type Answer, jsonOf, type ServiceInstance } from './service-instances.ts'

/*
 * Rentals of the demo fleet (fleets/demo-fleet.yaml) that the tests can count on, and the
 * website's booking flow over real HTTP: GET the checkout page, keep its form-token cookie and
 * hidden fields, POST the form.
 */

/** The demo company's time zone: "today" for the service, and so for the dates below. */
const TIME_ZONE = 'Pacific/Auckland'

/**
 * Vehicles stocked as a single unit at a depot, so that one booking sells them out. The demo's
 * own bookings of them end by today+34, and every demo booking by today+50.
 */
export const LAST_UNITS = {
  /** Fiat Ducato 4-berth motorhome (9) at Wellington Airport (3): at least 7 days in the peak. */
  ducatoAtWellington: { vehicleId: 9, depotId: 3, rentalDays: 7 },
  /** Tesla Model 3 (6) at Christchurch Airport (4): at least 2 days in the peak. */
  teslaAtChristchurch: { vehicleId: 6, depotId: 4, rentalDays: 4 },
} as const

export type LastUnit = (typeof LAST_UNITS)[keyof typeof LAST_UNITS]

export type Search = {
  pick_up_depot_id: string
  drop_off_depot_id: string
  pick_up_date: string
  drop_off_date: string
}

/**
 * A return rental at the vehicle's depot starting about `daysAhead` days from today, past every
 * demo booking, moved a day or two so that neither end falls on Christmas Day, when the depots
 * are closed.
 */
export function rentalAhead(unit: LastUnit, daysAhead: number): Search {
  let pickUp = addDays(todayIn(TIME_ZONE, new Date()), daysAhead)
  while (
    monthDayOf(pickUp) === '12-25' ||
    monthDayOf(addDays(pickUp, unit.rentalDays)) === '12-25'
  ) {
    pickUp = addDays(pickUp, 1)
  }
  return {
    pick_up_depot_id: String(unit.depotId),
    drop_off_depot_id: String(unit.depotId),
    pick_up_date: pickUp,
    drop_off_date: addDays(pickUp, unit.rentalDays),
  }
}

/** The ids of the vehicles the instance's availability API lists for the search. */
export async function availableVehicles(
  instance: ServiceInstance,
  search: Search,
): Promise<number[]> {
  const answer = await instance.request(bookUrl(search, '/api/agent/vehicles/availability'))
  assert.equal(answer.status, 200, `${instance.name} availability: ${answer.body}`)
  return jsonOf<{ vehicleId: number }[]>(answer).map((vehicle) => vehicle.vehicleId)
}

/** An open checkout: the booking form's hidden fields and its form-token cookie. */
export type Checkout = { fields: Record<string, string>; cookie: string; openedOn: string }

/** Opens the spec's checkout link on an instance, as a person following an agent's link. */
export async function openCheckout(
  instance: ServiceInstance,
  search: Search,
  vehicleId: number,
): Promise<Checkout> {
  const answer = await instance.page(bookUrl({ ...search, vehicle_id: String(vehicleId) }))
  assert.equal(answer.status, 200, `${instance.name} checkout: ${answer.body.slice(0, 500)}`)
  const cookie = answer.headers.getSetCookie().find((text) => text.startsWith('_csrf='))
  assert.ok(cookie, `${instance.name} set no form-token cookie`)
  return {
    fields: bookingForm(answer.body),
    cookie: cookie.split(';')[0] ?? '',
    openedOn: instance.name,
  }
}

/** Confirms a checkout (opened on any instance) on this one: POST /book, form-encoded. */
export function confirmBooking(instance: ServiceInstance, checkout: Checkout): Promise<Answer> {
  return instance.request('/book', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: checkout.cookie,
    },
    body: new URLSearchParams({ ...checkout.fields, ...PERSON }).toString(),
  })
}
