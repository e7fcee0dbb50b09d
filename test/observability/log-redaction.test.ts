import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { describe, test } from 'node:test'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { Client } from 'pg'
import { loadConfig } from '../../src/config.ts'
import {
  loggableUrl,
  privateLoggerOptions,
  scrubText,
  serializeError,
} from '../../src/observability/personal-data.ts'
import { openService } from '../../src/service.ts'
import {
  bookingForm,
  bookUrl,
  cookieOf,
  injectFollowing,
  SEARCH,
} from '../helpers/booking-pages.ts'
import { FIXED_NOW, RULES_FLEET_FILE, SITE_URL } from '../helpers/test-app.ts'
import { testNeeding } from '../instances/prerequisites.ts'
import { SmtpSink } from '../notifications/smtp-sink.ts'
import { ADMIN_URL } from '../store/postgres-test-databases.ts'

/*
 * No log line carries a traveller's name, email address or phone number, nor a booking's manage
 * token (the key to them): not the service's own lines, not Fastify's request lines, not what a
 * driver or a mail server puts in an error.
 */

/** Distinctive, so that a leak cannot be a coincidence. */
const PERSON = {
  full_name: 'Wiremu Tawhiri-Kingi',
  email: 'wiremu.tk@example.org',
  phone: '+64 27 444 9183',
  date_of_birth: '1979-03-08',
}

function capture() {
  const text: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text.push(String(chunk))
      done()
    },
  })
  return { stream, text: () => text.join('') }
}

/** The service's logger options (Fastify's pino), writing into `stream`. */
function privateLog(stream: Writable) {
  const logger = { ...privateLoggerOptions('info'), stream } as FastifyServerOptions['logger']
  return Fastify({ logger }).log
}

describe('scrubbing text', () => {
  const cases: [string, string][] = [
    ['sent to wiremu.tk@example.org today', 'sent to [email] today'],
    [
      '<wiremu.tk@example.org>: Recipient address rejected',
      '<[email]>: Recipient address rejected',
    ],
    ['/api/agent/depots?email=wiremu.tk%40example.org', '/api/agent/depots?email=[email]'],
    ['call +64 27 444 9183 now', 'call [phone] now'],
    ['call +1 (555) 010-2030', 'call [phone]'],
    ['phone 027 444 9183.', 'phone [phone].'],
    ['phone (03) 555-1234', 'phone [phone]'],
    ['phone=0274449183&x', 'phone=[phone]&x'],
    [
      'Failing row contains (7, KR-1, Wiremu Tawhiri-Kingi, 2027-01-13).',
      'Failing row contains ([values not logged]).',
    ],
    ['/book/manage/AbC123_-xyz789?x=1', '/book/manage/[token]?x=1'],
  ]
  for (const [text, scrubbed] of cases) {
    test(`${text} → ${scrubbed}`, () => assert.equal(scrubText(text), scrubbed))
  }

  const untouched = [
    '/api/agent/vehicles/availability?pick_up_depot_id=1&drop_off_depot_id=3&pick_up_date=2027-01-03&drop_off_date=2027-01-10',
    'quote q_0198a2b3c4d5e6f70123456789 saved at 2027-01-10T00:12:31.000Z',
    'connect ECONNREFUSED 127.0.0.1:5432 after 1500 ms',
    'outbox: 3 message(s) waiting, the oldest since 1795578909541',
    'total 1234567 cents, 10:00 to 16:00',
  ]
  for (const text of untouched) {
    test(`keeps ${text}`, () => assert.equal(scrubText(text), text))
  }

  test('a URL without anything personal is returned as it is, not copied', () => {
    const url = '/api/agent/depots'
    assert.equal(loggableUrl(url), url)
  })
})

describe('logged objects and errors', () => {
  test('a customer, an email or a phone in a logged object is [redacted]', () => {
    const { stream, text } = capture()
    const log = privateLog(stream)
    log.info({ customer: { fullName: PERSON.full_name, email: PERSON.email } }, 'booked')
    log.info({ booking: { customer: PERSON, reference: 'KR-1' } }, 'again')
    log.info({ email: PERSON.email, phone: PERSON.phone, to: [PERSON.email] }, 'fields')
    log.warn(`a message text naming ${PERSON.email} and ${PERSON.phone}`)
    const written = text()
    for (const value of Object.values(PERSON)) assert.ok(!written.includes(value), written)
    assert.match(written, /KR-1/)
    assert.match(written, /\[redacted\]/)
  })

  test("an error keeps its type, message and code; a server's reply and recipients are dropped", () => {
    const error = Object.assign(new Error(`550 5.1.1 <${PERSON.email}>: user unknown`), {
      code: 'EENVELOPE',
      responseCode: 550,
      response: `550 5.1.1 <${PERSON.email}>: user unknown`,
      rejected: [PERSON.email],
      envelope: { to: [PERSON.email] },
    })
    const logged = JSON.stringify(serializeError(new Error('delivery failed', { cause: error })))
    assert.ok(!logged.includes(PERSON.email), logged)
    assert.match(logged, /"code":"EENVELOPE"/)
    assert.match(logged, /"responseCode":550/)
    assert.match(logged, /delivery failed/)
  })

  testNeeding(
    ['PostgreSQL'],
    "PostgreSQL's failing row is not logged, its constraint is",
    async () => {
      const client = new Client({ connectionString: ADMIN_URL })
      await client.connect()
      let failure: unknown
      try {
        await client.query(
          'CREATE TEMP TABLE people (name text, email text, phone text, CHECK (length(phone) < 5))',
        )
        await client.query('INSERT INTO people VALUES ($1, $2, $3)', [
          PERSON.full_name,
          PERSON.email,
          PERSON.phone,
        ])
      } catch (error) {
        failure = error
      } finally {
        await client.end()
      }
      assert.ok(failure instanceof Error)
      assert.match(String((failure as { detail?: string }).detail), /Failing row contains/)
      const { stream, text } = capture()
      privateLog(stream).error({ err: failure }, 'store unavailable')
      const written = text()
      for (const value of Object.values(PERSON)) assert.ok(!written.includes(value), written)
      assert.match(written, /"constraint":"people_phone_check"/)
      assert.match(written, /"code":"23514"/)
    },
  )
})

describe('a whole booking logged at trace level', () => {
  test('no line names the traveller or gives their manage token', async () => {
    const sink = await SmtpSink.start({ refuse: (address) => address === PERSON.email })
    const { stream, text } = capture()
    // As `rental-agent serve` does: the outbox and the checks log through the app's logger.
    let log: { info(message: string): void; warn(message: string): void } | undefined
    const service = await openService(
      loadConfig({
        PUBLIC_URL: SITE_URL,
        FLEET_FILE: RULES_FLEET_FILE,
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
        SMTP_URL: sink.url,
        LOG_LEVEL: 'trace',
      }),
      {
        now: () => FIXED_NOW,
        databaseFile: ':memory:',
        logger: { level: 'trace', stream },
        deliverMessages: true,
        log: { info: (message) => log?.info(message), warn: (message) => log?.warn(message) },
      },
    )
    const { app } = service
    log = app.log
    try {
      const checkout = await injectFollowing(app, bookUrl({ ...SEARCH, vehicle_id: '2' }))
      const booked = await app.inject({
        method: 'POST',
        url: '/book',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: cookieOf(checkout),
        },
        payload: new URLSearchParams({ ...bookingForm(checkout.body), ...PERSON }).toString(),
      })
      assert.equal(booked.statusCode, 201)
      const manage =
        /id="manage-link" href="https:\/\/rentals\.example\.com(\/book\/manage\/([^"]+))"/.exec(
          booked.body,
        )
      assert.ok(manage)
      const token = manage[2] as string
      const page = await app.inject(manage[1] as string)
      const form = /<form method="post" action="([^"]+)"[\s\S]*?name="_csrf" value="([^"]+)"/.exec(
        page.body,
      )
      assert.ok(form)
      await app.inject({
        method: 'POST',
        url: form[1] ?? '',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieOf(page) },
        payload: new URLSearchParams({
          _csrf: form[2] ?? '',
          reason: `${PERSON.full_name} cannot come, call ${PERSON.phone}`,
          confirm: 'yes',
        }).toString(),
      })
      // An agent that puts an address in a query string, and a request for a page that is not.
      await app.inject(`/api/agent/depots?contact=${encodeURIComponent(PERSON.email)}`)
      await app.inject(`/book/manage/${token}x/nothing`)
      // The company's email is sent; the traveller's is refused by the mail server, and logged.
      await sink.waitFor(2)
      for (let waited = 0; !text().includes('gave up') && waited < 100; waited++) {
        await new Promise((done) => setTimeout(done, 50))
      }
      const written = text()
      assert.match(written, /gave up email message/, 'the refusal was logged')
      assert.match(written, /\/book\/manage\/\[token\]/, "the manage page's requests were logged")
      for (const value of [...Object.values(PERSON), encodeURIComponent(PERSON.email), token]) {
        assert.ok(!written.includes(value), `the log holds ${value}`)
      }
    } finally {
      await app.close()
      await sink.stop()
    }
  })
})
