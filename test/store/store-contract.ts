import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { BookingRecord, NewBooking } from '../../src/domain/booking.ts'
import type { CalendarDate } from '../../src/domain/calendar-date.ts'
import { freeCancellationUntil } from '../../src/domain/cancellation-rule.ts'
import { StoreUnavailableError } from '../../src/domain/errors.ts'
import type { Quote } from '../../src/domain/quote.ts'
import { type LoadedFleet, readFleetFile } from '../../src/fleet/read-fleet-file.ts'
import type { EmailMessage, WebhookMessage } from '../../src/notifications/outbox-message.ts'
import type { AgentQuoteCount, Store } from '../../src/store/store.ts'
import { tokenHash } from '../../src/verbs/book-vehicle.ts'
import { quoteExtras } from '../helpers/domain-fixtures.ts'
import { DEMO_FLEET_FILE, RULES_FLEET_FILE } from '../helpers/test-app.ts'

const day = (text: string) => text as CalendarDate

/** A booking from another channel at depot 1, with what that channel knew. */
export function channelBooking(reference: string, vehicleId: number, from: string, to: string) {
  return {
    reference,
    vehicleId,
    pickUpDepotId: 1,
    dropOffDepotId: 1,
    pickUpDate: day(from),
    dropOffDate: day(to),
    pickUpTime: null,
    dropOffTime: null,
    customer: { fullName: 'Mere Tane', email: '', phone: '+64 9 555 0100' },
    totalAmount: 45_050,
    createdAt: '2027-01-09T22:00:00.000Z',
    status: 'confirmed',
    cancellation: null,
    quoteId: null,
    price: null,
    manageTokenHash: null,
    agentRef: null,
  } satisfies BookingRecord
}

/** A website booking of the vehicle at depot 1, with a price of 100.00, from a quote of its own. */
export function websiteBooking(
  reference: string,
  vehicleId: number,
  from: string,
  to: string,
): NewBooking {
  const price = {
    vehicleId,
    vehicleName: 'Test Car',
    pickUpDepotId: 1,
    dropOffDepotId: 1,
    pickUpDate: day(from),
    dropOffDate: day(to),
    pickUpTime: null,
    dropOffTime: null,
    rentalDays: 2,
    dailyRate: 5000,
    rentalFee: 10000,
    routeFee: 0,
    accessories: [],
    insurance: null,
    accessoriesFee: 0,
    insuranceFee: 0,
    ...quoteExtras(),
    totalAmount: 10000,
  }
  // The terms as the checkout gave them: 48 hours' free cancellation before the 09:00 pick-up.
  const cancellation = {
    freeCancellationHours: 48,
    freeUntil: freeCancellationUntil(
      { pickUpDate: day(from), pickUpTime: '09:00' },
      { freeCancellationHours: 48, timeZone: 'Pacific/Auckland' },
    ).toISOString(),
  }
  price.terms = { ...price.terms, cancellation }
  return {
    reference,
    vehicleId,
    pickUpDepotId: 1,
    dropOffDepotId: 1,
    pickUpDate: day(from),
    dropOffDate: day(to),
    pickUpTime: '09:00',
    dropOffTime: '16:00',
    customer: { fullName: 'Aroha Ngata', email: 'aroha@example.com', phone: '+64 21 555 0101' },
    quoteId: `q_${reference}`,
    price,
    createdAt: '2027-01-10T00:00:00.000Z',
    checkoutTokenHash: tokenHash(`checkout ${reference}`),
    manageTokenHash: tokenHash(`manage ${reference}`),
    agentRef: null,
  }
}

/**
 * A quote as a store keeps it, priced as websiteBooking's (100.00 for two days at depot 1);
 * `extras` changes what quoteExtras gives (the agent, the day of issue).
 */
export function sampleQuote(id: string, extras: Partial<Quote> = {}): Quote {
  return {
    ...websiteBooking(id, 1, '2027-02-01', '2027-02-03').price,
    id,
    createdAt: '2027-01-10T00:00:00.000Z',
    expiresAt: '2027-01-10T00:30:00.000Z',
    ...quoteExtras(extras),
  } as Quote
}

/** The agents' quote counts of references and months that were not counted `before`. */
function countsAddedSince(counts: AgentQuoteCount[], before: AgentQuoteCount[]): AgentQuoteCount[] {
  return counts.filter(
    (count) =>
      !before.some((seen) => seen.agentRef === count.agentRef && seen.month === count.month),
  )
}

/** An email as the outbox holds it. */
function email(id: string): EmailMessage {
  return {
    channel: 'email',
    id,
    to: ['aroha@example.com'],
    subject: `Booked ${id === 'M-1' ? 'W-MSG' : id}`,
    text: 'Hello',
  }
}

function webhook(id: string): WebhookMessage {
  return {
    channel: 'webhook',
    id,
    type: 'booking.created',
    timestamp: '2027-01-10T00:00:00.000Z',
    data: { reference: 'W-MSG' },
  }
}

/** Books as a website booking does, with no message: true when a unit was booked. */
export async function bookOnce(store: Store, booking: NewBooking, units: number): Promise<boolean> {
  return (await store.createBooking(booking, units, [])).outcome === 'booked'
}

/** Cancels as the operator does, with no message: the cancelled booking, or undefined when none was. */
export async function cancelOf(
  store: Store,
  reference: string,
): Promise<BookingRecord | undefined> {
  const result = await store.cancelBooking(
    reference,
    { at: '2027-01-10T01:00:00.000Z', by: 'operator', reason: 'test' },
    () => [],
  )
  return result.outcome === 'cancelled' ? result.booking : undefined
}

/**
 * What every Store adapter must do, run against a real database of each kind: no mocks.
 * `openStore` gives a fresh, empty store each time it is called.
 */
export function describeStoreContract(name: string, openStore: () => Promise<Store>): void {
  describe(`${name} store contract`, () => {
    let store: Store
    let fleet: LoadedFleet

    before(async () => {
      fleet = await readFleetFile(RULES_FLEET_FILE, day('2027-01-10'))
      store = await openStore()
    })
    after(async () => {
      await store.close()
    })

    test('a new store has no fleet', async () => {
      assert.equal(await store.hasFleet(), false)
    })

    test('a loaded catalogue reads back exactly as written, amounts in cents', async () => {
      await store.replaceFleet(fleet.catalogue, fleet.bookings)
      assert.equal(await store.hasFleet(), true)
      assert.deepEqual(await store.loadCatalogue(), fleet.catalogue)
    })

    test('weekly closures read back as written', async () => {
      const catalogue = {
        ...fleet.catalogue,
        depots: fleet.catalogue.depots.map((depot, i) =>
          i === 0 ? { ...depot, weeklyClosures: ['saturday' as const, 'sunday' as const] } : depot,
        ),
      }
      await store.replaceFleet(catalogue, fleet.bookings)
      assert.deepEqual(await store.loadCatalogue(), catalogue)
      await store.replaceFleet(fleet.catalogue, fleet.bookings)
      assert.deepEqual(await store.loadCatalogue(), fleet.catalogue)
    })

    test('every field of the demo fleet (the company, depot and vehicle facts, closure ranges) reads back as written', async () => {
      const demo = await openStore()
      try {
        const { catalogue, bookings } = await readFleetFile(DEMO_FLEET_FILE, day('2027-01-10'))
        await demo.replaceFleet(catalogue, bookings)
        const stored = await demo.loadCatalogue()
        // Routes come back in depot order, whatever the file's order.
        const routes = [...catalogue.routes].sort(
          (a, b) => a.fromDepotId - b.fromDepotId || a.toDepotId - b.toDepotId,
        )
        assert.deepEqual(stored, { ...catalogue, routes })
        assert.equal(stored.company.bookingReferencePrefix, 'KR')
        assert.equal(stored.depots[0]?.latitude, -37.00822)
        assert.deepEqual(stored.vehicles[3]?.facts.features, [
          'all-wheel drive',
          'third row of seats',
          'Apple CarPlay',
        ])
        assert.deepEqual(stored.depots[1]?.annualClosures[0], { from: '12-25', to: '12-26' })
      } finally {
        await demo.close()
      }
    })

    test('booked units are the most units booked on any one day of the range', async () => {
      // The rules fleet books the van (2) at depot 1 from 01-20 to 01-25 and a car (1) on 01-12.
      const booked = await store.bookedUnits({
        depotId: 1,
        vehicleIds: [1, 2],
        from: day('2027-01-10'),
        to: day('2027-01-30'),
      })
      assert.deepEqual([...booked.entries()].sort(), [
        [1, 1],
        [2, 1],
      ])
    })

    test('a booking holds its unit on its drop-off day and not the day after', async () => {
      const query = { depotId: 1, vehicleIds: [2] }
      const onDropOff = await store.bookedUnits({
        ...query,
        from: day('2027-01-25'),
        to: day('2027-01-25'),
      })
      const dayAfter = await store.bookedUnits({
        ...query,
        from: day('2027-01-26'),
        to: day('2027-01-30'),
      })
      assert.equal(onDropOff.get(2), 1)
      assert.equal(dayAfter.has(2), false)
    })

    test('bookings count only at their pick-up depot and for the vehicles asked', async () => {
      const atOtherDepot = await store.bookedUnits({
        depotId: 2,
        vehicleIds: [1, 2],
        from: day('2027-01-10'),
        to: day('2027-01-30'),
      })
      assert.equal(atOtherDepot.size, 0)
      const onlyCars = await store.bookedUnits({
        depotId: 1,
        vehicleIds: [1],
        from: day('2027-01-10'),
        to: day('2027-01-30'),
      })
      assert.deepEqual([...onlyCars.keys()], [1])
    })

    test('booked units each day: one figure per day of the range, for the vehicles with a booking', async () => {
      // The van (2) is booked at depot 1 from 01-20 to 01-25, a car (1) on 01-12 only.
      const booked = await store.bookedUnitsEachDay({
        depotId: 1,
        vehicleIds: [1, 2],
        from: day('2027-01-11'),
        to: day('2027-01-21'),
      })
      assert.deepEqual([...booked.entries()].sort(), [
        [1, [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
        [2, [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]],
      ])
      const onlyCarsElsewhere = await store.bookedUnitsEachDay({
        depotId: 2,
        vehicleIds: [1],
        from: day('2027-01-11'),
        to: day('2027-01-21'),
      })
      assert.equal(onlyCarsElsewhere.size, 0)
      const afterDropOff = await store.bookedUnitsEachDay({
        depotId: 1,
        vehicleIds: [1, 2],
        from: day('2027-01-25'),
        to: day('2027-01-27'),
      })
      assert.deepEqual([...afterDropOff.entries()], [[2, [1, 0, 0]]])
    })

    test('a saved quote is found by its id with every amount in cents', async () => {
      const quote: Quote = {
        id: 'q_contract_test',
        createdAt: '2027-01-10T00:00:00.000Z',
        expiresAt: '2027-01-10T00:30:00.000Z',
        vehicleId: 1,
        vehicleName: 'Test Car',
        pickUpDepotId: 1,
        dropOffDepotId: 2,
        pickUpDate: day('2027-01-11'),
        dropOffDate: day('2027-01-15'),
        pickUpTime: null,
        dropOffTime: null,
        rentalDays: 4,
        dailyRate: 10000,
        rentalFee: 40000,
        routeFee: 7550,
        accessories: [{ id: 1, name: 'Seat', quantity: 2, cost: 9600 }],
        insurance: { id: 2, name: 'Full', cost: 8200 },
        accessoriesFee: 9600,
        insuranceFee: 8200,
        ...quoteExtras(),
        totalAmount: 65350,
      }
      await store.saveQuote(quote)
      assert.deepEqual(await store.findQuote(quote.id), quote)
      assert.equal(await store.findQuote('q_no_such_quote'), undefined)
    })

    test("agents' quotes are counted by reference and month of issue, kept when quotes are swept", async () => {
      const before = await store.agentQuoteCounts()
      const quote = (id: string, agentRef: string | null, issuedOn: string) =>
        sampleQuote(`q_${id}`, { agentRef, issuedOn: day(issuedOn) })
      // One group (one turn of the event loop) and then another.
      await Promise.all([
        store.saveQuote(quote('AQ-1', 'planner', '2027-01-31')),
        store.saveQuote(quote('AQ-2', 'planner', '2027-02-01')),
        store.saveQuote(quote('AQ-3', 'planner', '2027-02-14')),
        store.saveQuote(quote('AQ-4', null, '2027-02-14')),
      ])
      await store.saveQuote(quote('AQ-5', 'other.agent', '2027-02-20'))
      await store.saveQuote(quote('AQ-6', 'planner', '2027-02-21'))
      const added = countsAddedSince(await store.agentQuoteCounts(), before)
      assert.deepEqual(added, [
        { agentRef: 'planner', month: '2027-01', quotes: 1 },
        { agentRef: 'other.agent', month: '2027-02', quotes: 1 },
        { agentRef: 'planner', month: '2027-02', quotes: 3 },
      ])
    })

    test('a large group of quotes in one turn is saved whole, every quote as it was given', async () => {
      const before = await store.agentQuoteCounts()
      // More than one statement's worth on PostgreSQL (25 a statement), agents' and others' mixed.
      const quotes = Array.from({ length: 61 }, (_, n) =>
        sampleQuote(`q_GROUP-${String(n).padStart(2, '0')}`, {
          agentRef: n % 3 === 0 ? null : `group-agent-${n % 2}`,
          issuedOn: day('2027-05-01'),
          totalAmount: 10000 + n,
        }),
      )
      await Promise.all(quotes.map((quote) => store.saveQuote(quote)))
      for (const quote of quotes) assert.deepEqual(await store.findQuote(quote.id), quote)
      const added = countsAddedSince(await store.agentQuoteCounts(), before)
      assert.deepEqual(added, [
        { agentRef: 'group-agent-0', month: '2027-05', quotes: 20 },
        { agentRef: 'group-agent-1', month: '2027-05', quotes: 20 },
      ])
    })

    test("the service's time zone: none before a start, then the last one recorded", async () => {
      assert.equal(await store.serviceTimeZone(), null)
      await store.recordServiceTimeZone('Australia/Hobart')
      assert.equal(await store.serviceTimeZone(), 'Australia/Hobart')
      await store.recordServiceTimeZone('Pacific/Auckland')
      assert.equal(await store.serviceTimeZone(), 'Pacific/Auckland')
    })

    test('a fleet that breaks a constraint changes nothing', async () => {
      const before = await store.loadCatalogue()
      const broken = structuredClone(fleet.catalogue)
      // Units at a depot that does not exist break a foreign key half-way through the load.
      broken.depots = broken.depots.filter((depot) => depot.id !== 2)
      await assert.rejects(store.replaceFleet(broken, []), StoreUnavailableError)
      assert.deepEqual(await store.loadCatalogue(), before)
      const booked = await store.bookedUnits({
        depotId: 1,
        vehicleIds: [2],
        from: day('2027-01-20'),
        to: day('2027-01-20'),
      })
      assert.equal(booked.get(2), 1)
    })

    test('a booking is made while a unit is left, and counts against the pick-up depot at once', async () => {
      // The car (1) has 2 units at depot 1; one is booked on 2027-01-12 only.
      const range = { depotId: 1, vehicleIds: [1], from: day('2027-02-01'), to: day('2027-02-03') }
      assert.equal((await store.bookedUnits(range)).has(1), false)
      assert.equal(
        await bookOnce(store, websiteBooking('W-1', 1, '2027-02-01', '2027-02-03'), 2),
        true,
      )
      assert.equal((await store.bookedUnits(range)).get(1), 1)
      assert.equal(
        await bookOnce(store, websiteBooking('W-2', 1, '2027-02-03', '2027-02-05'), 2),
        true,
      )
      assert.equal((await store.bookedUnits(range)).get(1), 2)
    })

    test('no booking is made when every unit is booked on any day of the rental', async () => {
      const range = { depotId: 1, vehicleIds: [1], from: day('2027-02-03'), to: day('2027-02-03') }
      assert.equal(
        await bookOnce(store, websiteBooking('W-3', 1, '2027-01-30', '2027-02-03'), 2),
        false,
      )
      assert.equal((await store.bookedUnits(range)).get(1), 2)
      // The days around the full one are untouched by the refused booking.
      const before = await store.bookedUnits({
        ...range,
        from: day('2027-01-30'),
        to: day('2027-01-31'),
      })
      assert.equal(before.has(1), false)
    })

    test('a booking never takes more units than the store stocks, whatever the caller says', async () => {
      // The van (2) has 1 unit at depot 1, booked from 2027-01-20 to 2027-01-25.
      assert.equal(
        await bookOnce(store, websiteBooking('W-4', 2, '2027-01-21', '2027-01-22'), 5),
        false,
      )
      const booked = await store.bookedUnits({
        depotId: 1,
        vehicleIds: [2],
        from: day('2027-01-21'),
        to: day('2027-01-22'),
      })
      assert.equal(booked.get(2), 1)
    })

    test('a booking writes its messages into the outbox in the same transaction; a refused one writes none', async () => {
      const messages = [email('M-1'), webhook('M-2')]
      const made = await store.createBooking(
        websiteBooking('W-MSG', 2, '2027-03-01', '2027-03-02'),
        1,
        messages,
      )
      assert.equal(made.outcome, 'booked')
      const refused = await store.createBooking(
        websiteBooking('W-MSG-NO', 2, '2027-03-01', '2027-03-02'),
        1,
        [email('M-3')],
      )
      assert.equal(refused.outcome, 'sold_out')
      const pending = await store.listOutbox('pending')
      assert.deepEqual(
        pending.map((entry) => [entry.id, entry.channel, entry.bookingReference, entry.attempts]),
        [
          ['M-1', 'email', 'W-MSG', 0],
          ['M-2', 'webhook', 'W-MSG', 0],
        ],
      )
      assert.equal(pending[0]?.summary, 'email to 1 address(es) at example.com: Booked W-MSG')
    })

    test('a booking is found by the quote its checkout was opened with, when it was made from a quote the checkout priced again', async () => {
      const opened = websiteBooking('W-OPENED', 1, '2027-05-20', '2027-05-21')
      const booking = {
        ...opened,
        quoteId: 'q_priced_again',
        checkoutTokenHash: 'checkout W-OPENED',
        openedQuoteId: 'q_opened_with',
      }
      assert.equal((await store.createBooking(booking, 2, [])).outcome, 'booked')
      for (const id of ['q_opened_with', 'q_priced_again']) {
        assert.equal((await store.findBooking({ checkoutOf: id }))?.reference, 'W-OPENED', id)
      }
      assert.equal(await store.findBooking({ quoteId: 'q_opened_with' }), undefined)
      assert.equal(await store.findBooking({ checkoutOf: 'q_nobody' }), undefined)
    })

    test('one quote books once: the same checkout again gets its booking, another checkout none, and nothing more is written', async () => {
      const first = websiteBooking('W-Q1', 1, '2027-04-20', '2027-04-21')
      assert.equal((await store.createBooking(first, 2, [])).outcome, 'booked')
      const again = await store.createBooking({ ...first, reference: 'W-Q1-AGAIN' }, 2, [
        email('M-AGAIN'),
      ])
      assert.equal(again.outcome, 'already_booked')
      if (again.outcome !== 'already_booked') return
      assert.equal(again.booking.reference, 'W-Q1')
      assert.equal(again.sameCheckout, true)
      const other = await store.createBooking(
        { ...first, reference: 'W-Q1-OTHER', checkoutTokenHash: 'another checkout' },
        2,
        [],
      )
      assert.equal(other.outcome === 'already_booked' && other.sameCheckout, false)
      const range = { depotId: 1, vehicleIds: [1], from: day('2027-04-20'), to: day('2027-04-21') }
      assert.equal((await store.bookedUnits(range)).get(1), 1)
      assert.equal(
        (await store.listOutbox()).some((entry) => entry.id === 'M-AGAIN'),
        false,
      )
    })

    test('outbox messages are claimed once until settled; a lapsed claim makes one due again', async () => {
      const claimed = await store.claimMessages(10, 60_000)
      assert.deepEqual(
        claimed.map((claim) => [claim.message.id, claim.attempts]),
        [
          ['M-1', 0],
          ['M-2', 0],
        ],
      )
      assert.deepEqual(claimed[0]?.message, email('M-1'))
      // Claimed: no other sender gets them.
      assert.deepEqual(await store.claimMessages(10, 60_000), [])
      const first = claimed[0]?.claim ?? ''
      assert.equal(await store.settleMessage('M-1', first, { outcome: 'delivered' }), true)
      assert.equal(
        await store.settleMessage('M-2', first, {
          outcome: 'retry',
          afterMs: 1000,
          error: 'webhook: 503',
        }),
        true,
      )
      // Delivered is done; a retry is not due before its time.
      assert.deepEqual(await store.claimMessages(10, 60_000), [])
      assert.deepEqual(
        (await store.listOutbox()).map((entry) => [entry.id, entry.status, entry.lastError]),
        [['M-2', 'pending', 'webhook: 503']],
      )
      // Settled already: the first claim no longer holds it.
      assert.equal(await store.settleMessage('M-2', first, { outcome: 'delivered' }), false)
      await new Promise((done) => setTimeout(done, 1100))
      const [retried] = await store.claimMessages(10, 1)
      assert.deepEqual([retried?.message.id, retried?.attempts], ['M-2', 1])
      // Its claim of 1 ms lapses: the sender died mid-delivery, say. It is due again.
      await new Promise((done) => setTimeout(done, 20))
      const [lapsed] = await store.claimMessages(10, 60_000)
      assert.deepEqual([lapsed?.message.id, lapsed?.attempts], ['M-2', 2])
      // The sender whose claim lapsed cannot settle it any more; the new claim can.
      assert.equal(
        await store.settleMessage('M-2', retried?.claim ?? '', { outcome: 'delivered' }),
        false,
      )
      assert.equal(
        await store.settleMessage('M-2', lapsed?.claim ?? '', {
          outcome: 'failed',
          error: 'webhook: 410',
        }),
        true,
      )
      assert.deepEqual(
        (await store.listOutbox('failed')).map((entry) => [
          entry.id,
          entry.status,
          entry.nextAttemptAt,
        ]),
        [['M-2', 'failed', null]],
      )
      assert.deepEqual(await store.listOutbox('pending'), [])
    })

    test('a cancellation keeps the booking, frees its unit and writes its messages in one transaction', async () => {
      const range = { depotId: 1, vehicleIds: [2], from: day('2027-03-01'), to: day('2027-03-02') }
      assert.equal((await store.bookedUnits(range)).get(2), 1)
      const cancellation = {
        at: '2027-01-11T00:00:00.000Z',
        by: 'traveller' as const,
        reason: 'Plans changed',
      }
      const seen: string[] = []
      const result = await store.cancelBooking('W-MSG', cancellation, (cancelled) => {
        seen.push(`${cancelled.reference} ${cancelled.status} ${cancelled.cancellation?.reason}`)
        return [email('M-CANCEL')]
      })
      assert.equal(result.outcome, 'cancelled')
      assert.deepEqual(seen, ['W-MSG cancelled Plans changed'])
      assert.equal((await store.bookedUnits(range)).has(2), false)
      assert.deepEqual(
        (await store.listOutbox('pending')).map((entry) => [entry.id, entry.bookingReference]),
        [['M-CANCEL', 'W-MSG']],
      )
      const found = await store.findBooking({ reference: 'W-MSG' })
      assert.deepEqual(found?.cancellation, cancellation)
      assert.equal(
        (await store.findBooking({ manageTokenHash: tokenHash('manage W-MSG') }))?.reference,
        'W-MSG',
      )
      assert.equal(
        await store.findBooking({ manageTokenHash: tokenHash('no such link') }),
        undefined,
      )
      const twice = await store.cancelBooking('W-MSG', cancellation, () => [email('M-TWICE')])
      assert.equal(twice.outcome, 'already_cancelled')
      assert.equal(
        (await store.listOutbox()).some((entry) => entry.id === 'M-TWICE'),
        false,
      )
      assert.equal(
        (await store.cancelBooking('NO-SUCH', cancellation, () => [])).outcome,
        'not_found',
      )
      await store
        .claimMessages(10, 60_000)
        .then((claims) =>
          Promise.all(
            claims.map((claim) =>
              store.settleMessage(claim.message.id, claim.claim, { outcome: 'delivered' }),
            ),
          ),
        )
    })

    test('concurrent bookings for the last units never oversell', async () => {
      // The car (1) has 2 units at depot 1, both free on these days.
      const units = 2
      const attempts = Array.from({ length: units + 4 }, (_, i) =>
        bookOnce(store, websiteBooking(`RACE-${i}`, 1, '2027-03-10', '2027-03-12'), units),
      )
      const results = await Promise.all(attempts)
      assert.equal(results.filter(Boolean).length, units)
      const booked = await store.bookedUnits({
        depotId: 1,
        vehicleIds: [1],
        from: day('2027-03-10'),
        to: day('2027-03-12'),
      })
      assert.equal(booked.get(1), units)
    })

    test('a closed store fails with StoreUnavailableError, never driver text', async () => {
      const closed = await openStore()
      await closed.close()
      await assert.rejects(closed.hasFleet(), StoreUnavailableError)
      await assert.rejects(
        closed.loadFleetOnce(async () => fleet),
        StoreUnavailableError,
      )
      // Thrown at once by a store that answers from memory, else as the promise's rejection.
      await assert.rejects(
        async () =>
          closed.bookedUnits({
            depotId: 1,
            vehicleIds: [1],
            from: day('2027-01-10'),
            to: day('2027-01-11'),
          }),
        StoreUnavailableError,
      )
    })
  })

  describe(`${name} store loads a fleet once`, () => {
    let store: Store
    let fleet: LoadedFleet

    before(async () => {
      fleet = await readFleetFile(RULES_FLEET_FILE, day('2027-01-10'))
      store = await openStore()
    })
    after(async () => {
      await store.close()
    })

    test('a reader that fails leaves the store empty, and its error passes through unchanged', async () => {
      const badFile = new Error('the fleet file is broken')
      await assert.rejects(
        store.loadFleetOnce(async () => {
          throw badFile
        }),
        (error) => error === badFile,
      )
      assert.equal(await store.hasFleet(), false)
    })

    test('loads at the same moment into an empty store write the fleet exactly once', async () => {
      const loads = await Promise.all(
        Array.from({ length: 4 }, () => store.loadFleetOnce(async () => fleet)),
      )
      assert.equal(loads.filter(Boolean).length, 1)
      assert.deepEqual(await store.loadCatalogue(), fleet.catalogue)
    })

    test('a store with a fleet neither reads nor replaces it, so bookings made since survive', async () => {
      assert.equal(
        await bookOnce(store, websiteBooking('W-ONCE', 1, '2027-04-01', '2027-04-02'), 2),
        true,
      )
      let reads = 0
      const loaded = await store.loadFleetOnce(async () => {
        reads++
        return fleet
      })
      assert.equal(loaded, false)
      assert.equal(reads, 0)
      const booked = await store.bookedUnits({
        depotId: 1,
        vehicleIds: [1],
        from: day('2027-04-01'),
        to: day('2027-04-02'),
      })
      assert.equal(booked.get(1), 1)
    })
  })
}
