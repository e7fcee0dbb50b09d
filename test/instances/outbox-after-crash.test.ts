import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, describe } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { PERSON } from '../helpers/booking-pages.ts'
import { recipients, SmtpSink } from '../notifications/smtp-sink.ts'
import { newWebhookSecret, WebhookReceiver } from '../notifications/webhook-receiver.ts'
import { TestDatabases } from '../store/postgres-test-databases.ts'
import { confirmBooking, LAST_UNITS, openCheckout, rentalAhead } from './demo-rentals.ts'
import { POSTGRES_URL, testNeeding } from './prerequisites.ts'
import { freePort, Instances } from './service-instances.ts'

/*
 * A process killed with messages waiting: the booking is made while the mail server and the
 * webhook receiver are down, the process is killed (SIGKILL: no shutdown of any kind), both come
 * back, and a new process on the same database delivers every message of that booking, once.
 */

const instances = new Instances()
const databases = new TestDatabases(POSTGRES_URL)
after(async () => {
  await instances.stopAll()
  await databases.dropAll()
})

describe('messages waiting when the process is killed', () => {
  for (const store of ['embedded', 'PostgreSQL'] as const) {
    testNeeding(
      store === 'PostgreSQL' ? ['PostgreSQL'] : [],
      `are delivered after a restart (${store} store)`,
      async () => {
        const smtpPort = await freePort()
        const webhookPort = await freePort()
        const secret = newWebhookSecret()
        const settings = {
          name: `outbox-${store}`,
          // The restarted process opens the same embedded database.
          dataDir: join(instances.folder, `outbox-${store}`),
          ...(store === 'PostgreSQL' ? { databaseUrl: await databases.create() } : {}),
          env: {
            SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
            WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/hooks/bookings`,
            WEBHOOK_SECRET: secret,
            OUTBOX_RETRY_SECONDS: '1',
          },
        }
        const first = await instances.start(settings)
        const search = rentalAhead(LAST_UNITS.teslaAtChristchurch, 60)
        const checkout = await openCheckout(first, search, LAST_UNITS.teslaAtChristchurch.vehicleId)
        const booked = await confirmBooking(first, checkout)
        assert.equal(booked.status, 201, booked.body.slice(0, 400))
        const reference = /id="booking-reference">([^<]+)</.exec(booked.body)?.[1]
        assert.ok(reference, 'the confirmation shows no reference')
        // The sender has tried and failed by now (nothing listens on either port).
        await sleep(1_500)
        first.child.kill('SIGKILL')
        const exit = await first.exited
        assert.equal(exit.signal, 'SIGKILL')

        const sink = await SmtpSink.start({ port: smtpPort })
        const receiver = await WebhookReceiver.start(secret, webhookPort)
        try {
          await instances.start({ ...settings, name: `${settings.name}-again` })
          const mails = await sink.waitFor(2, 45_000)
          const events = await receiver.waitFor(1, 45_000)
          assert.ok(mails.some((mail) => recipients(mail).includes(PERSON.email)))
          assert.ok(mails.every((mail) => mail.subject?.includes(reference)))
          assert.equal(events[0]?.type, 'booking.created')
          assert.equal(events[0]?.data.reference, reference)
          // Nothing more is coming: each message arrived once.
          await sleep(1_000)
          assert.equal(sink.received.length, 2)
          assert.equal(receiver.events.length, 1)
        } finally {
          await sink.stop()
          await receiver.stop()
        }
      },
    )
  }
})
