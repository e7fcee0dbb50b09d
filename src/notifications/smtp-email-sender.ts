import { createTransport } from 'nodemailer'
import { InFlight } from './in-flight.ts'
import { DeliveryError, type EmailMessage, type MessageSender } from './outbox-message.ts'

/*
 * Emails over SMTP with Nodemailer, through a small pool of connections. Every wait is bounded, so
 * a mail server that accepts the connection and then says nothing cannot hold the outbox: the
 * attempt fails and is tried again later. What a failure says names the server and the SMTP code,
 * never a recipient or the message (the addresses and names are the travellers').
 */

export type SmtpSenderOptions = {
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://...:465 */
  url: string
  /** The sender when a message does not carry its own. */
  from: string
  /** Bounds on each step of a delivery, in ms (the tests shorten them). */
  timeouts?: { connection?: number; greeting?: number; socket?: number }
}

/** Nodemailer's options from the URL, the password decoded and kept out of every message. */
function transportOptions(options: SmtpSenderOptions) {
  const url = new URL(options.url)
  const secure = url.protocol === 'smtps:'
  return {
    host: url.hostname,
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    pool: true,
    maxConnections: 2,
    connectionTimeout: options.timeouts?.connection ?? 10_000,
    greetingTimeout: options.timeouts?.greeting ?? 10_000,
    socketTimeout: options.timeouts?.socket ?? 30_000,
  }
}

/** The domain a Message-ID is made under: the sender's own. */
export function messageIdDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from
  return address.split('@')[1]?.trim() || 'localhost'
}

/** `<id@domain>`: the same on every retry, so a mail program shows a repeat once. */
export function messageIdHeader(message: EmailMessage, from: string): string {
  return `<${message.id}@${messageIdDomain(from)}>`
}

/** What Nodemailer gives to the message's parts, shared by the SMTP and the file senders. */
export function mailOptions(message: EmailMessage, defaultFrom: string) {
  const from = message.from ?? defaultFrom
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo,
    messageId: messageIdHeader(message, from),
  }
}

type SmtpFailure = Error & { code?: string; responseCode?: number; command?: string }

/** A failure in general terms, and whether trying again can help. */
export function smtpDeliveryError(error: unknown, server: string): DeliveryError {
  const failure = error as SmtpFailure
  const code = failure.responseCode
  // A 5xx refusal of the message or its recipients is final; a refused login is the operator's
  // to fix, and the message should go once they have.
  if (code !== undefined && code >= 500 && code < 600 && failure.code !== 'EAUTH') {
    return new DeliveryError(`the mail server ${server} refused the message (${code})`, {
      permanent: true,
      cause: error,
    })
  }
  const what =
    failure.code === 'EAUTH'
      ? `the mail server ${server} refused the login (${code ?? 'EAUTH'}); check SMTP_URL`
      : code !== undefined
        ? `the mail server ${server} answered ${code}`
        : `could not reach the mail server ${server} (${failure.code ?? 'connection failed'})`
  return new DeliveryError(what, { permanent: false, cause: error })
}

export function smtpEmailSender(options: SmtpSenderOptions): MessageSender<EmailMessage> {
  const settings = transportOptions(options)
  const transport = createTransport(settings)
  const server = `${settings.host}:${settings.port}`
  const inFlight = new InFlight()
  return {
    async deliver(message) {
      await inFlight.track(
        transport.sendMail(mailOptions(message, options.from)).catch((error: unknown) => {
          throw smtpDeliveryError(error, server)
        }),
      )
    },
    async close() {
      await inFlight.settled()
      transport.close()
    },
  }
}
