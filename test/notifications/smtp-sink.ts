import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/*
 * A real SMTP server in the test process (the Nodemailer project's smtp-server): it accepts
 * without TLS or login, parses every message it receives, and can refuse recipients or be stopped
 * and started again on the same port, as a mail server that goes down and comes back.
 */

export type SinkOptions = {
  /** Recipients answered 550. */
  refuse?: (address: string) => boolean
  /** Held this long before the message is accepted, in ms: a slow server. */
  delayMs?: number
  /** The port to listen on: 0 for any. */
  port?: number
}

export class SmtpSink {
  readonly received: ParsedMail[] = []
  private server: SMTPServer | undefined
  private readonly options: SinkOptions
  port = 0

  private constructor(options: SinkOptions) {
    this.options = options
  }

  static async start(options: SinkOptions = {}): Promise<SmtpSink> {
    const sink = new SmtpSink(options)
    await sink.listen(options.port ?? 0)
    return sink
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  /** Listens again on the same port after stop(). */
  async restart(): Promise<void> {
    await this.listen(this.port)
  }

  private async listen(port: number): Promise<void> {
    const { refuse, delayMs } = this.options
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // A stop is a mail server going down: open connections are cut at once, not after 30 s.
      closeTimeout: 50,
      onRcptTo(address, _session, callback) {
        if (refuse?.(address.address)) {
          const error = Object.assign(new Error('no such mailbox'), { responseCode: 550 })
          callback(error)
          return
        }
        callback()
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then(async (mail) => {
            if (delayMs) await new Promise((done) => setTimeout(done, delayMs))
            this.received.push(mail)
            callback()
          })
          .catch(callback)
      },
    })
    server.on('error', () => {})
    await new Promise<void>((done) => server.listen(port, '127.0.0.1', done))
    this.port = (server.server.address() as AddressInfo).port
    this.server = server
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (server) await new Promise<void>((done) => server.close(() => done()))
  }

  /** Waits until `count` messages have arrived (or fails after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 15_000): Promise<ParsedMail[]> {
    const deadline = Date.now() + timeoutMs
    while (this.received.length < count) {
      if (Date.now() > deadline) {
        throw new Error(`${this.received.length} email(s) arrived, expected ${count}`)
      }
      await new Promise((done) => setTimeout(done, 50))
    }
    return this.received
  }
}

/** Every address an email went to. */
export function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []
  return to.flatMap((group) => group.value.map((entry) => entry.address ?? ''))
}
