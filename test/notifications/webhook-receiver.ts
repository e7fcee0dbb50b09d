import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

/*
 * A company's webhook receiver: a plain HTTP server that verifies each request's Standard
 * Webhooks signature with the `standardwebhooks` package, as a real receiver would, and keeps the
 * events that verify. It can answer a chosen status, be slow, or be stopped and started again.
 */

export type ReceivedEvent = {
  id: string
  type: string
  timestamp: string
  data: Record<string, unknown>
  /** When it arrived (ms since the epoch) and when its handling ended. */
  arrivedAt: number
  endedAt: number
}

export class WebhookReceiver {
  readonly events: ReceivedEvent[] = []
  /** Requests whose signature did not verify. */
  readonly rejected: string[] = []
  /** The status answered to a verified event; 204 by default. */
  status = 204
  /** Held this long before answering, in ms. */
  delayMs = 0
  port = 0
  private server: Server | undefined
  private readonly verifier: Webhook

  private constructor(secret: string) {
    this.verifier = new Webhook(secret)
  }

  static async start(secret: string, port = 0): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(secret)
    await receiver.listen(port)
    return receiver
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/bookings`
  }

  async restart(): Promise<void> {
    await this.listen(this.port)
  }

  private async listen(port: number): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', async () => {
        const arrivedAt = Date.now()
        const body = Buffer.concat(chunks).toString()
        const headers = {
          'webhook-id': String(request.headers['webhook-id'] ?? ''),
          'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
          'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
        }
        let event: { type: string; timestamp: string; data: Record<string, unknown> }
        try {
          event = this.verifier.verify(body, headers) as typeof event
        } catch (error) {
          this.rejected.push(String(error))
          response.writeHead(401).end()
          return
        }
        if (this.delayMs) await new Promise((done) => setTimeout(done, this.delayMs))
        if (this.status >= 200 && this.status < 300) {
          this.events.push({ id: headers['webhook-id'], ...event, arrivedAt, endedAt: Date.now() })
        }
        response.writeHead(this.status).end()
      })
    })
    await new Promise<void>((done) => server.listen(port, '127.0.0.1', done))
    this.port = (server.address() as AddressInfo).port
    this.server = server
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (!server) return
    server.closeAllConnections()
    await new Promise<void>((done) => server.close(() => done()))
  }

  async waitFor(count: number, timeoutMs = 15_000): Promise<ReceivedEvent[]> {
    const deadline = Date.now() + timeoutMs
    while (this.events.length < count) {
      if (Date.now() > deadline) {
        throw new Error(`${this.events.length} event(s) arrived, expected ${count}`)
      }
      await new Promise((done) => setTimeout(done, 50))
    }
    return this.events
  }
}

/** A fresh secret in the whsec_ form. */
export function newWebhookSecret(): string {
  return `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')}`
}
