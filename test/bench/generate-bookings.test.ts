import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { benchFleetCatalogue } from '../../bench/bench-fleet.ts'
import { generateBookings } from '../../bench/generate-bookings.ts'
import { addDays, type CalendarDate, eachDate } from '../../src/domain/calendar-date.ts'
import type { Booking } from '../../src/domain/catalogue.ts'

const today = '2027-01-10' as CalendarDate
const catalogue = await benchFleetCatalogue()
const generate = (count: number, seed?: number) =>
  generateBookings({ count, catalogue, today, horizonDays: 548, ...(seed ? { seed } : {}) })

/** Most units booked on any one day, per vehicle and pick-up depot. */
function mostBooked(bookings: Booking[]): Map<string, number> {
  const perDay = new Map<string, number>()
  for (const booking of bookings) {
    for (const day of eachDate(booking.pickUpDate, booking.dropOffDate)) {
      const key = `${booking.vehicleId}@${booking.pickUpDepotId}@${day}`
      perDay.set(key, (perDay.get(key) ?? 0) + 1)
    }
  }
  const most = new Map<string, number>()
  for (const [key, units] of perDay) {
    const line = key.split('@').slice(0, 2).join('@')
    most.set(line, Math.max(most.get(line) ?? 0, units))
  }
  return most
}

describe('the growth runs generate realistic bookings', () => {
  test('as many bookings as asked, each with its own reference', () => {
    const bookings = generate(20_000)
    assert.equal(bookings.length, 20_000)
    assert.equal(new Set(bookings.map((booking) => booking.reference)).size, 20_000)
  })

  test('never more units booked on a day than the depot stocks, even when the stock is full', () => {
    // 45 vehicle-depot lines of 500 units, 4 bookings per unit.
    const bookings = generate(90_000)
    for (const [line, units] of mostBooked(bookings)) {
      const [vehicleId, depotId] = line.split('@').map(Number) as [number, number]
      const stocked = catalogue.vehicles.find((vehicle) => vehicle.id === vehicleId)?.unitsByDepot[
        depotId
      ]
      assert.ok(units <= (stocked ?? 0), `${units} booked of ${stocked} for ${line}`)
    }
  })

  test('spread over every stocked vehicle and active depot, and over the horizon', () => {
    const bookings = generate(5_000)
    const lines = new Set(
      bookings.map((booking) => `${booking.vehicleId}@${booking.pickUpDepotId}`),
    )
    assert.equal(lines.size, catalogue.vehicles.length * 5)
    const pickUps = bookings.map((booking) => booking.pickUpDate).sort()
    assert.ok((pickUps[0] as string) > today, 'no pick-up today or earlier')
    assert.ok((pickUps.at(-1) as string) <= addDays(today, 548), 'no pick-up beyond the horizon')
    assert.ok((pickUps.at(-1) as string) > addDays(today, 365), 'pick-ups reach far ahead')
  })

  test('rentals of 1 to 14 days, some of them one-way', () => {
    const bookings = generate(5_000)
    const oneWay = bookings.filter((booking) => booking.dropOffDepotId !== booking.pickUpDepotId)
    assert.ok(oneWay.length > 500 && oneWay.length < 1500, `${oneWay.length} one-way`)
    for (const booking of bookings) {
      const days = eachDate(booking.pickUpDate, booking.dropOffDate).length - 1
      assert.ok(days >= 1 && days <= 14, `${days} rental days`)
    }
  })

  test('the same seed gives the same bookings, another seed others', () => {
    assert.deepEqual(generate(1_000, 7), generate(1_000, 7))
    assert.notDeepEqual(generate(1_000, 7), generate(1_000, 8))
  })

  test('refuses more bookings than the stock can hold over the horizon', () => {
    assert.throws(() => generate(22_500 * 300), /do not fit/)
  })
})
