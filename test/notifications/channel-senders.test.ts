import assert from 'node:assert/strict'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { simpleParser } from 'mailparser'
import { fileEmailSender } from '../../src/notifications/file-email-sender.ts'
import {
  DeliveryError,
  type EmailMessage,
  type WebhookMessage,
} from '../../src/notifications/outbox-message.ts'
import { smtpEmailSender } from '../../src/notifications/smtp-email-sender.ts'
import { webhookSender } from '../../src/notifications/webhook-sender.ts'
import { recipients, SmtpSink } from './smtp-sink.ts'
import { newWebhookSecret, WebhookReceiver } from './webhook-receiver.ts'

/*
 * Each channel's sender against a real peer: an SMTP server in the process, an HTTP receiver
 * that verifies Standard Webhooks signatures, a folder of .eml files. What fails must say whether
 * trying again can help, and never name a recipient.
 */

const FROM = '"Kiwi Roads Rentals" <bookings@kiwiroads.example.com>'

function email(overrides: Partial<EmailMessage> = {}): EmailMessage {
  return {
    channel: 'email',
    id: 'msg_abc123',
    to: ['aroha@example.com'],
    subject: 'Booking confirmed: KR-7GQ4M2XA · Kiwi Roads Rentals',
    text: 'Hello Aroha,\n\nYour booking is confirmed.\n',
    html: '<p>Hello Aroha,</p><p>Your booking is confirmed.</p>',
    replyTo: 'hello@kiwiroads.example.com',
    ...overrides,
  }
}

function event(overrides: Partial<WebhookMessage> = {}): WebhookMessage {
  return {
    channel: 'webhook',
    id: 'msg_event1',
    type: 'booking.created',
    timestamp: '2027-01-10T00:00:00.000Z',
    data: { reference: 'KR-7GQ4M2XA', status: 'confirmed' },
    ...overrides,
  }
}

/** A port on which nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as { port: number }
  await new Promise<void>((done) => server.close(() => done()))
  return port
}

async function failureOf(work: Promise<unknown>): Promise<DeliveryError> {
  try {
    await work
  } catch (error) {
    assert.ok(error instanceof DeliveryError, `not a DeliveryError: ${String(error)}`)
    return error
  }
  assert.fail('the delivery did not fail')
}

describe('the SMTP sender', () => {
  let sink: SmtpSink
  before(async () => {
    sink = await SmtpSink.start({ refuse: (address) => address.startsWith('nobody@') })
  })
  after(() => sink.stop())

  test('delivers the subject, both parts, the sender, Reply-To and a Message-ID from the id', async () => {
    const sender = smtpEmailSender({ url: sink.url, from: FROM })
    await sender.deliver(email())
    await sender.close()
    const [mail] = await sink.waitFor(1)
    assert.ok(mail)
    assert.equal(mail.subject, 'Booking confirmed: KR-7GQ4M2XA · Kiwi Roads Rentals')
    assert.deepEqual(recipients(mail), ['aroha@example.com'])
    assert.equal(mail.from?.value[0]?.address, 'bookings@kiwiroads.example.com')
    assert.equal(mail.from?.value[0]?.name, 'Kiwi Roads Rentals')
    assert.equal(mail.replyTo?.value[0]?.address, 'hello@kiwiroads.example.com')
    assert.equal(mail.messageId, '<msg_abc123@kiwiroads.example.com>')
    assert.match(mail.text ?? '', /Your booking is confirmed/)
    assert.match(String(mail.html), /<p>Your booking is confirmed.<\/p>/)
  })

  test("a message's own sender wins over the default", async () => {
    const before = sink.received.length
    const sender = smtpEmailSender({ url: sink.url, from: FROM })
    await sender.deliver(email({ id: 'msg_own', from: 'Alps <hello@alps.example.com>' }))
    await sender.close()
    const mail = (await sink.waitFor(before + 1))[before]
    assert.equal(mail?.from?.value[0]?.address, 'hello@alps.example.com')
    assert.equal(mail?.messageId, '<msg_own@alps.example.com>')
  })

  test('the same message twice carries the same Message-ID', async () => {
    const before = sink.received.length
    const sender = smtpEmailSender({ url: sink.url, from: FROM })
    await sender.deliver(email({ id: 'msg_repeat' }))
    await sender.deliver(email({ id: 'msg_repeat' }))
    await sender.close()
    const [first, second] = (await sink.waitFor(before + 2)).slice(before)
    assert.equal(first?.messageId, '<msg_repeat@kiwiroads.example.com>')
    assert.equal(second?.messageId, first?.messageId)
  })

  test('a refused address is final, and the failure does not name it', async () => {
    const sender = smtpEmailSender({ url: sink.url, from: FROM })
    const failure = await failureOf(sender.deliver(email({ to: ['nobody@example.com'] })))
    await sender.close()
    assert.equal(failure.permanent, true)
    assert.match(failure.message, /refused the message \(550\)/)
    assert.doesNotMatch(failure.message, /nobody|example\.com|Aroha/)
  })

  test('a server that is down fails at once, to be tried again', async () => {
    const port = await closedPort()
    const sender = smtpEmailSender({ url: `smtp://127.0.0.1:${port}`, from: FROM })
    const failure = await failureOf(sender.deliver(email()))
    await sender.close()
    assert.equal(failure.permanent, false)
    assert.match(failure.message, new RegExp(`could not reach the mail server 127.0.0.1:${port}`))
  })

  test('a server that never greets is given up within the bound, to be tried again', async () => {
    // Accepts connections and says nothing, as a hung mail server.
    const sockets = new Set<Socket>()
    const silent = createServer((socket) => {
      sockets.add(socket)
    })
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done))
    const { port } = silent.address() as { port: number }
    const sender = smtpEmailSender({
      url: `smtp://127.0.0.1:${port}`,
      from: FROM,
      timeouts: { connection: 500, greeting: 500, socket: 500 },
    })
    const started = Date.now()
    const failure = await failureOf(sender.deliver(email()))
    await sender.close()
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((done) => silent.close(() => done()))
    assert.equal(failure.permanent, false)
    assert.ok(Date.now() - started < 5_000, `took ${Date.now() - started} ms`)
  })

  test('the password of SMTP_URL is never in a failure', async () => {
    const port = await closedPort()
    const sender = smtpEmailSender({
      url: `smtp://mailer:s3cret-pass@127.0.0.1:${port}`,
      from: FROM,
    })
    const failure = await failureOf(sender.deliver(email()))
    await sender.close()
    assert.doesNotMatch(`${failure.message} ${String(failure.stack)}`, /s3cret-pass/)
  })

  test('close() waits for a delivery in hand', async () => {
    const slow = await SmtpSink.start({ delayMs: 300 })
    try {
      const sender = smtpEmailSender({ url: slow.url, from: FROM })
      let delivered = false
      const delivery = sender.deliver(email()).then(() => {
        delivered = true
      })
      await new Promise((done) => setTimeout(done, 50))
      await sender.close()
      assert.equal(delivered, true, 'close() returned before the delivery in hand ended')
      await delivery
      assert.equal(slow.received.length, 1)
    } finally {
      await slow.stop()
    }
  })
})

describe('the .eml file sender', () => {
  let folder: string
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rental-eml-'))
  })
  after(() => rm(folder, { recursive: true, force: true }))

  test('writes one parseable RFC 822 file named by the id, and a repeat overwrites it', async () => {
    const sender = fileEmailSender({ folder: join(folder, 'outbox'), from: FROM })
    await sender.deliver(email())
    await sender.deliver(email({ subject: 'Booking confirmed (again)' }))
    await sender.close()
    const names = await readdir(join(folder, 'outbox'))
    assert.deepEqual(names, ['msg_abc123.eml'])
    const mail = await simpleParser(await readFile(join(folder, 'outbox', 'msg_abc123.eml')))
    assert.equal(mail.subject, 'Booking confirmed (again)')
    assert.deepEqual(recipients(mail), ['aroha@example.com'])
    assert.equal(mail.messageId, '<msg_abc123@kiwiroads.example.com>')
    assert.match(String(mail.html), /Your booking is confirmed/)
  })

  test('a folder that cannot be written is a failure to try again', async () => {
    const blocked = join(folder, 'a-file')
    const { writeFile } = await import('node:fs/promises')
    await writeFile(blocked, 'not a folder')
    const sender = fileEmailSender({ folder: join(blocked, 'outbox'), from: FROM })
    const failure = await failureOf(sender.deliver(email()))
    assert.equal(failure.permanent, false)
  })
})

describe('the webhook sender', () => {
  const secret = newWebhookSecret()
  let receiver: WebhookReceiver
  before(async () => {
    receiver = await WebhookReceiver.start(secret)
  })
  after(() => receiver.stop())

  test('posts the event signed: the receiver verifies it with the same secret', async () => {
    receiver.status = 204
    const sender = webhookSender({ url: receiver.url, secret })
    await sender.deliver(event())
    await sender.close()
    const [received] = await receiver.waitFor(1)
    assert.equal(received?.id, 'msg_event1')
    assert.equal(received?.type, 'booking.created')
    assert.deepEqual(received?.data, { reference: 'KR-7GQ4M2XA', status: 'confirmed' })
  })

  test('a signature made with another secret does not verify', async () => {
    const rejectedBefore = receiver.rejected.length
    const sender = webhookSender({ url: receiver.url, secret: newWebhookSecret() })
    const failure = await failureOf(sender.deliver(event({ id: 'msg_forged' })))
    assert.equal(failure.permanent, true, 'a 401 is not worth retrying')
    assert.equal(receiver.rejected.length, rejectedBefore + 1)
    assert.ok(!receiver.events.some((received) => received.id === 'msg_forged'))
  })

  for (const [status, permanent] of [
    [500, false],
    [503, false],
    [429, false],
    [408, false],
    [400, true],
    [410, true],
  ] as const) {
    test(`an answer ${status} is ${permanent ? 'final' : 'tried again'}`, async () => {
      receiver.status = status
      try {
        const sender = webhookSender({ url: receiver.url, secret })
        const failure = await failureOf(sender.deliver(event({ id: `msg_${status}` })))
        assert.equal(failure.permanent, permanent)
        assert.match(failure.message, new RegExp(`answered ${status}`))
      } finally {
        receiver.status = 204
      }
    })
  }

  test('a receiver that is down fails at once, to be tried again', async () => {
    const port = await closedPort()
    const sender = webhookSender({ url: `http://127.0.0.1:${port}/hooks`, secret })
    const failure = await failureOf(sender.deliver(event()))
    assert.equal(failure.permanent, false)
    assert.match(failure.message, /could not reach the webhook receiver/)
  })

  test('a receiver that does not answer is given up within the bound, to be tried again', async () => {
    receiver.delayMs = 2_000
    try {
      const sender = webhookSender({ url: receiver.url, secret, timeoutMs: 300 })
      const started = Date.now()
      const failure = await failureOf(sender.deliver(event({ id: 'msg_slow' })))
      assert.equal(failure.permanent, false)
      assert.match(failure.message, /did not answer within 0.3 s/)
      assert.ok(Date.now() - started < 1_500)
    } finally {
      receiver.delayMs = 0
    }
  })
})
