import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { openChannelSenders } from '../../src/notifications/channel-senders.ts'
import { OutboxSender } from '../../src/notifications/outbox-sender.ts'
import { PERSON, startBookingSite } from '../helpers/booking-pages.ts'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import {
  ADMIN_URL,
  MUST_NOT_SKIP,
  TestDatabases,
  unreachableReason,
} from '../store/postgres-test-databases.ts'
import { recipients, SmtpSink } from './smtp-sink.ts'
import { newWebhookSecret, WebhookReceiver } from './webhook-receiver.ts'

/*
 * The outbox end to end, on the embedded store and on PostgreSQL: a booking on the website and its
 * cancellation on the booking's page reach the traveller and the company by SMTP (a real server
 * in the process) and the company's receiver as signed events; with the mail server and the
 * receiver down, the booking still succeeds at once, /ready stays 200, the waiting messages are
 * counted in the log, and everything arrives once they are back; two instances on one PostgreSQL
 * database never send one message twice.
 */

const postgresProblem = await unreachableReason(ADMIN_URL)
const noPostgres =
  postgresProblem === undefined || MUST_NOT_SKIP
    ? false
    : `PostgreSQL does not answer at TEST_POSTGRES_URL: ${postgresProblem}`
const databases = new TestDatabases(ADMIN_URL)
after(async () => {
  if (!noPostgres) await databases.dropAll()
})

/** A return rental at Auckland Airport in the demo fleet, far enough ahead to cancel for free. */
const RENTAL = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-02-01',
  drop_off_date: '2027-02-08',
  vehicle_id: '2',
}
/** The demo company's own address: where its booking notices go. */
const COMPANY_EMAIL = 'bookings@kiwiroads.example.com'

type Site = Awaited<ReturnType<typeof startBookingSite>>

/** The messages of one booking that the outbox still holds (waiting or failed). */
async function undelivered(site: Site, reference: string) {
  const outbox = await site.store.listOutbox()
  return outbox.filter((entry) => entry.bookingReference === reference)
}

/** The demo rental moved on by whole weeks, so that many bookings never run out of units. */
function rentalInWeek(week: number): typeof RENTAL {
  const day = (offset: number) =>
    new Date(Date.UTC(2027, 1, 1 + week * 7 + offset)).toISOString().slice(0, 10)
  return { ...RENTAL, pick_up_date: day(0), drop_off_date: day(7) }
}

/** Books on the website as a person does: opens the checkout, posts the form. */
async function book(site: Site, email: string, rental = RENTAL): Promise<string> {
  const checkout = await site.openCheckout(rental)
  const answer = await site.post({ ...checkout.fields, ...PERSON, email }, checkout.cookie)
  assert.equal(answer.statusCode, 201, answer.body.slice(0, 400))
  const reference = /id="booking-reference">([^<]+)</.exec(answer.body)?.[1]
  const manage = /id="manage-link" href="([^"]+)"/.exec(answer.body)?.[1]
  assert.ok(reference && manage)
  return reference
}

async function storeEnv(store: 'sqlite' | 'postgres'): Promise<Record<string, string>> {
  return store === 'postgres' ? { DATABASE_URL: await databases.create() } : {}
}

for (const store of ['sqlite', 'postgres'] as const) {
  const skip = store === 'postgres' ? noPostgres : false
  describe(`the outbox on ${store === 'sqlite' ? 'the embedded store' : 'PostgreSQL'}`, () => {
    const secret = newWebhookSecret()
    let sink: SmtpSink
    let receiver: WebhookReceiver
    let site: Site

    before(async () => {
      if (skip) return
      sink = await SmtpSink.start()
      receiver = await WebhookReceiver.start(secret)
      site = await startBookingSite({
        fleetFile: DEMO_FLEET_FILE,
        deliverMessages: true,
        env: {
          ...(await storeEnv(store)),
          SMTP_URL: sink.url,
          WEBHOOK_URL: receiver.url,
          WEBHOOK_SECRET: secret,
          OUTBOX_RETRY_SECONDS: '1',
        },
      })
    })
    after(async () => {
      if (skip) return
      await site.close()
      await sink.stop()
      await receiver.stop()
    })

    test('a booking reaches the traveller, the company and the receiver', { skip }, async () => {
      const mailsBefore = sink.received.length
      const eventsBefore = receiver.events.length
      const reference = await book(site, 'first@example.com')
      const mails = (await sink.waitFor(mailsBefore + 2)).slice(mailsBefore)
      const toTraveller = mails.find((mail) => recipients(mail).includes('first@example.com'))
      const toCompany = mails.find((mail) => recipients(mail).includes(COMPANY_EMAIL))
      assert.ok(toTraveller, 'no email to the traveller')
      assert.ok(toCompany, 'no email to the company')
      assert.equal(toTraveller.subject, `Booking confirmed: ${reference} · Kiwi Roads Rentals`)
      for (const line of ['Rental: 7 days', 'Total (GST included)', '4 Ray Emery Drive']) {
        assert.ok(toTraveller.text?.includes(line), `the traveller's email lacks ${line}`)
      }
      assert.match(toTraveller.text ?? '', /\/book\/manage\/[A-Za-z0-9_-]{20,}/)
      assert.doesNotMatch(toCompany.text ?? '', /\/book\/manage\//, 'the company got the link')
      assert.match(toCompany.subject ?? '', new RegExp(`^New booking: ${reference}`))
      const [event] = (await receiver.waitFor(eventsBefore + 1)).slice(eventsBefore)
      assert.equal(event?.type, 'booking.created')
      assert.equal(event?.data.reference, reference)
      assert.equal(event?.data.status, 'confirmed')
      assert.deepEqual(event?.data.pickUp, {
        depotId: 1,
        depotName: 'Auckland Airport',
        date: '2027-02-01',
        // The first pick-up time the depot offers that is not after hours (06:00 is).
        time: '08:00',
      })
      // The listing holds what is not delivered yet: these three leave it once each is settled.
      const deadline = Date.now() + 10_000
      let waiting = await undelivered(site, reference)
      while (waiting.length > 0 && Date.now() < deadline) {
        await sleep(50)
        waiting = await undelivered(site, reference)
      }
      assert.deepEqual(waiting, [])
    })

    test('with the mail server and the receiver down, the booking succeeds and the messages arrive later', {
      skip,
      timeout: 60_000,
    }, async () => {
      await sink.stop()
      await receiver.stop()
      const mailsBefore = sink.received.length
      const eventsBefore = receiver.events.length
      const started = Date.now()
      const reference = await book(site, 'second@example.com')
      assert.ok(Date.now() - started < 3_000, 'the booking waited for the mail server')
      const ready = await site.app.inject({ method: 'GET', url: '/ready' })
      assert.equal(ready.statusCode, 200)
      // The sender tries, fails, and schedules the next try; nothing is lost meanwhile.
      await sleep(1_500)
      const waiting = await site.store.listOutbox('pending')
      assert.equal(waiting.filter((entry) => entry.bookingReference === reference).length, 3)
      assert.ok(
        waiting.some((entry) => entry.attempts >= 1 && entry.lastError),
        'no failed attempt was recorded',
      )
      await sink.restart()
      await receiver.restart()
      const mails = (await sink.waitFor(mailsBefore + 2, 30_000)).slice(mailsBefore)
      assert.ok(mails.some((mail) => recipients(mail).includes('second@example.com')))
      const events = (await receiver.waitFor(eventsBefore + 1, 30_000)).slice(eventsBefore)
      assert.equal(events[0]?.data.reference, reference)
      // Each message once: no repeat came with the retries.
      await sleep(500)
      const ids = sink.received.map((mail) => mail.messageId)
      assert.equal(new Set(ids).size, ids.length, 'an email arrived twice')
    })

    test("a cancellation on the booking's page reaches them too", { skip }, async () => {
      const mailsBefore = sink.received.length
      const eventsBefore = receiver.events.length
      const checkout = await site.openCheckout(RENTAL)
      const answer = await site.post(
        { ...checkout.fields, ...PERSON, email: 'third@example.com' },
        checkout.cookie,
      )
      const manage = /id="manage-link" href="[^"]*(\/book\/manage\/[^"]+)"/.exec(answer.body)?.[1]
      assert.ok(manage)
      await sink.waitFor(mailsBefore + 2)
      const page = await site.app.inject({ method: 'GET', url: manage })
      const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1]
      const cookie = String(page.headers['set-cookie'] ?? '').split(';')[0]
      assert.ok(csrf && cookie)
      const cancel = await site.app.inject({
        method: 'POST',
        url: `${manage}/cancel`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        payload: new URLSearchParams({
          _csrf: csrf,
          reason: 'Flight moved',
          confirm: 'yes',
        }).toString(),
      })
      assert.equal(cancel.statusCode, 303, cancel.body.slice(0, 300))
      const mails = (await sink.waitFor(mailsBefore + 4)).slice(mailsBefore + 2)
      const toTraveller = mails.find((mail) => recipients(mail).includes('third@example.com'))
      assert.match(toTraveller?.subject ?? '', /^Booking cancelled: /)
      // The traveller is told it was them; the company's copy says it was the traveller, and why.
      // The traveller's own reason is not sent back to the address the booking gave.
      assert.match(toTraveller?.text ?? '', /cancelled by you on /)
      assert.doesNotMatch(toTraveller?.text ?? '', /Flight moved/)
      const toCompany = mails.find((mail) => mail !== toTraveller)
      assert.match(toCompany?.text ?? '', /cancelled by the traveller on .*Reason: Flight moved/s)
      assert.match(toTraveller?.text ?? '', /anything you paid for it is refunded in full\./)
      assert.match(toCompany?.text ?? '', /anything the traveller paid for it is to be refunded/)
      const events = (await receiver.waitFor(eventsBefore + 2)).slice(eventsBefore)
      const cancelled = events.find((event) => event.type === 'booking.cancelled')
      assert.equal((cancelled?.data.cancellation as { by: string } | undefined)?.by, 'traveller')
    })
  })
}

describe('what the outbox logs', () => {
  test('the count of waiting messages, and never a name, an address or a phone', {
    timeout: 30_000,
  }, async () => {
    const site = await startBookingSite({ fleetFile: DEMO_FLEET_FILE })
    const lines: string[] = []
    const closed = createServer()
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done))
    const { port } = closed.address() as { port: number }
    await new Promise<void>((done) => closed.close(() => done()))
    const sender = new OutboxSender({
      store: site.store,
      senders: openChannelSenders({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: COMPANY_EMAIL,
        emlDir: '/nonexistent',
      }),
      log: { info: (line) => lines.push(line), warn: (line) => lines.push(line) },
      retry: { firstDelayMs: 60_000, maxDelayMs: 60_000, giveUpAfterMs: 3_600_000 },
      reportEveryMs: 0,
    })
    try {
      await book(site, 'private.person@example.com')
      sender.start()
      const deadline = Date.now() + 10_000
      while (!lines.some((line) => /waiting to be delivered/.test(line))) {
        assert.ok(Date.now() < deadline, `nothing about waiting messages in: ${lines.join('\n')}`)
        await sleep(100)
      }
      const waiting = lines.find((line) => /waiting to be delivered/.test(line))
      assert.match(waiting ?? '', /^outbox: 2 message\(s\) waiting to be delivered/)
      assert.ok(lines.some((line) => /not delivered \(attempt 1\)/.test(line)))
      const all = lines.join('\n')
      for (const personal of [
        PERSON.full_name,
        'private.person',
        PERSON.phone,
        'Booking confirmed',
      ]) {
        assert.ok(!all.includes(personal), `the log carries ${personal}:\n${all}`)
      }
    } finally {
      await sender.stop()
      await site.close()
    }
  })
})

describe('a delivery that stalls', () => {
  test('is given up for the round well inside its claim, and tried again later, never settled late', {
    timeout: 30_000,
  }, async () => {
    const site = await startBookingSite({ fleetFile: DEMO_FLEET_FILE })
    // A mail server that accepts the connection and then says nothing, for ever.
    const silent = createServer(() => {})
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done))
    const { port } = silent.address() as { port: number }
    const lines: string[] = []
    const sender = new OutboxSender({
      store: site.store,
      senders: openChannelSenders({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: COMPANY_EMAIL,
        emlDir: '/nonexistent',
      }),
      log: { info: (line) => lines.push(line), warn: (line) => lines.push(line) },
      retry: { firstDelayMs: 60_000, maxDelayMs: 60_000, giveUpAfterMs: 3_600_000 },
      leaseMs: 1_000,
      reportEveryMs: 0,
    })
    try {
      await book(site, 'stalled@example.com')
      const started = Date.now()
      await sender.deliverDue()
      // Half the 1 s lease, not the mail server's own timeouts (tens of seconds).
      assert.ok(Date.now() - started < 900, `the round took ${Date.now() - started} ms`)
      const pending = await site.store.listOutbox('pending')
      assert.equal(pending.length, 2)
      for (const entry of pending) assert.match(entry.lastError ?? '', /took too long/)
      assert.ok(!lines.some((line) => /claimed again/.test(line)), lines.join('\n'))
    } finally {
      silent.close()
      await site.close()
      void sender.stop()
    }
  })
})

describe('two instances on one PostgreSQL database', () => {
  test('never send one message twice', { skip: noPostgres, timeout: 90_000 }, async () => {
    const secret = newWebhookSecret()
    const sink = await SmtpSink.start({ delayMs: 20 })
    const receiver = await WebhookReceiver.start(secret)
    receiver.delayMs = 20
    const env = {
      DATABASE_URL: await databases.create(),
      SMTP_URL: sink.url,
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: secret,
    }
    // The bookings are made with no sender running, so that both instances find them waiting.
    const writer = await startBookingSite({ fleetFile: DEMO_FLEET_FILE, env })
    const bookings = 15
    for (let index = 0; index < bookings; index += 1) {
      await book(writer, `person${index}@example.com`, rentalInWeek(index))
    }
    await writer.close()
    const expected = bookings * 3
    const [one, two] = await Promise.all([
      startBookingSite({ fleetFile: DEMO_FLEET_FILE, env, deliverMessages: true }),
      startBookingSite({ fleetFile: DEMO_FLEET_FILE, env, deliverMessages: true }),
    ])
    try {
      await sink.waitFor(bookings * 2, 60_000)
      await receiver.waitFor(bookings, 60_000)
      // Time for a second delivery of anything, were one coming.
      await sleep(1_500)
      const mailIds = sink.received.map((mail) => mail.messageId)
      const eventIds = receiver.events.map((event) => event.id)
      assert.equal(mailIds.length + eventIds.length, expected)
      assert.equal(new Set(mailIds).size, mailIds.length, 'an email was sent twice')
      assert.equal(new Set(eventIds).size, eventIds.length, 'an event was sent twice')
      assert.deepEqual(await one.store.listOutbox(), [], 'a message is still waiting or failed')
    } finally {
      await Promise.all([one.close(), two.close()])
      await sink.stop()
      await receiver.stop()
    }
  })
})
