import assert from 'node:assert/strict'
import { addDays, monthDayOf, todayIn } from '../../../src/domain/calendar-date.ts'
import { bookingForm, bookUrl, inputValue, textOf } from '../../helpers/booking-pages.ts'
import type { Answer, ServiceInstance } from '../../instances/service-instances.ts'

/*
 * Bookings made as a person makes them on a running instance of the demo company: open the
 * checkout link (GET /book, which prices and stores a quote and sets the form-token cookie),
 * then confirm it (POST /book) with details of the attempt's own, so that the database can be
 * searched afterwards for exactly the bookings that were confirmed.
 */

export type Rental = {
  search: Record<string, string>
  vehicleId: number
}

/** Cars stocked several times over at Auckland Airport (1) in the demo fleet. */
const PLENTIFUL = [1, 2, 3, 5]

/**
 * `count` four-day return rentals at Auckland Airport from 60 days ahead (past every demo
 * booking), spread over the plentiful cars and over time so that none can sell out another,
 * with neither end on Christmas Day, when the depot is closed.
 */
export function spreadRentals(count: number): Rental[] {
  const today = todayIn('Pacific/Auckland', new Date())
  const rentals: Rental[] = []
  let offset = 60
  while (rentals.length < count) {
    const pickUp = addDays(today, offset)
    const dropOff = addDays(pickUp, 4)
    offset += 5
    if (monthDayOf(pickUp) === '12-25' || monthDayOf(dropOff) === '12-25') continue
    rentals.push({
      search: {
        pick_up_depot_id: '1',
        drop_off_depot_id: '1',
        pick_up_date: pickUp,
        drop_off_date: dropOff,
      },
      vehicleId: PLENTIFUL[rentals.length % PLENTIFUL.length] as number,
    })
  }
  return rentals
}

export type OpenCheckout = { fields: Record<string, string>; cookie: string }

export async function openCheckout(
  instance: ServiceInstance,
  rental: Rental,
): Promise<OpenCheckout> {
  const answer = await instance.page(
    bookUrl({ ...rental.search, vehicle_id: String(rental.vehicleId) }),
  )
  assert.equal(
    answer.status,
    200,
    `checkout: ${answer.status} ${textOf(answer.body).slice(0, 300)}`,
  )
  const cookie = answer.headers.getSetCookie().find((text) => text.startsWith('_csrf='))
  assert.ok(cookie, 'no form-token cookie')
  return { fields: bookingForm(answer.body), cookie: cookie.split(';')[0] ?? '' }
}

/** The details typed for attempt `n`: an email no other attempt uses. */
export function personFor(n: number): Record<string, string> {
  return {
    full_name: `Fault Test ${n}`,
    email: `attempt-${n}@example.com`,
    phone: '+64 21 555 0101',
    date_of_birth: '1986-05-14',
  }
}

export function confirm(
  instance: ServiceInstance,
  checkout: OpenCheckout,
  person: Record<string, string>,
  timeoutMs = 10_000,
): Promise<Answer> {
  return instance.request('/book', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: checkout.cookie },
    body: new URLSearchParams({ ...checkout.fields, ...person }).toString(),
    timeoutMs,
  })
}

/** The booking reference a confirmation page shows. */
export function referenceOf(answer: Answer): string {
  const reference = /KR-[2-9A-HJKMNP-Z]{8}/.exec(answer.body)?.[0]
  assert.ok(reference, `no booking reference on the ${answer.status} page`)
  return reference
}

/** The 503 checkout: says nothing was booked and to try again, with everything typed kept. */
export function assertTryAgainPage(answer: Answer, person: Record<string, string>): void {
  assert.equal(answer.status, 503, textOf(answer.body).slice(0, 300))
  assert.match(String(answer.headers.get('retry-after')), /^\d+$/)
  const text = textOf(answer.body)
  assert.match(text, /We could not reach our booking system Nothing was booked\. .*try again/)
  assert.doesNotMatch(text, /sqlite|SQLITE|disk|full|readonly|Error/)
  for (const [name, value] of Object.entries(person)) {
    assert.equal(inputValue(answer.body, name), value, `${name} is not kept`)
  }
  assert.match(answer.body, /Confirm booking<\/button>/)
}
