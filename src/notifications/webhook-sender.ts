import { Webhook } from 'standardwebhooks'
import { InFlight } from './in-flight.ts'
import { DeliveryError, type MessageSender, type WebhookMessage } from './outbox-message.ts'

/*
 * Booking events to the company's receiver, signed as the Standard Webhooks specification says,
 * with its reference package: `webhook-id` (the message's id, the same on every retry, so the
 * receiver can drop a repeat), `webhook-timestamp` (this attempt, in seconds) and
 * `webhook-signature`. A 2xx is a delivery; 408, 429, 5xx, a timeout or no answer are tried again
 * later; any other answer says the receiver will never take it, so the message is given up.
 */

export type WebhookSenderOptions = {
  url: string
  /** whsec_ and the base64 key. */
  secret: string
  /** How long one attempt may take, in ms. */
  timeoutMs?: number
}

const USER_AGENT = 'vehicle-rental-agent-api (booking events)'

export function webhookSender(options: WebhookSenderOptions): MessageSender<WebhookMessage> {
  const signer = new Webhook(options.secret)
  const timeoutMs = options.timeoutMs ?? 10_000
  const receiver = new URL(options.url).host
  const inFlight = new InFlight()
  const post = async (message: WebhookMessage) => {
    const body = JSON.stringify({
      type: message.type,
      timestamp: message.timestamp,
      data: message.data,
    })
    const now = new Date()
    let response: Response
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'webhook-id': message.id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signer.sign(message.id, now, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
      const cause = (error as { cause?: { code?: string } }).cause?.code
      throw new DeliveryError(
        timedOut
          ? `the webhook receiver ${receiver} did not answer within ${timeoutMs / 1000} s`
          : `could not reach the webhook receiver ${receiver} (${cause ?? 'connection failed'})`,
        { permanent: false, cause: error },
      )
    }
    // The body is read only to free the connection; a receiver's words are not ours to log.
    await response.arrayBuffer().catch(() => undefined)
    if (response.status >= 200 && response.status < 300) return
    const retryable = response.status === 408 || response.status === 429 || response.status >= 500
    throw new DeliveryError(`the webhook receiver ${receiver} answered ${response.status}`, {
      permanent: !retryable,
    })
  }
  return {
    async deliver(message) {
      await inFlight.track(post(message))
    },
    async close() {
      await inFlight.settled()
    },
  }
}
