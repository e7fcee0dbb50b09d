export type EmailMessage = {
  channel: 'email'
  /** Stable across retries: the Message-ID is derived from it, so a receiver can drop repeats. */
  id: string
  to: string[]
  subject: string
  text: string
  html?: string
  replyTo?: string
  /** The sender as written with the message (the company's address); the sender's default without. */
  from?: string
}
export type WebhookMessage = {
  channel: 'webhook'
  /** Stable across retries: sent as the webhook-id header. */
  id: string
  /** Standard Webhooks payload: { type, timestamp, data }. */
  type: string
  timestamp: string
  data: unknown
}
export type OutboxMessage = EmailMessage | WebhookMessage
/** A delivery that did not happen. `permanent` when retrying cannot help (a refused address, a 4xx other than 408/429). */
export class DeliveryError extends Error {
  readonly permanent: boolean
  constructor(message: string, options: { permanent: boolean; cause?: unknown }) {
    super(message, { cause: options.cause })
    this.permanent = options.permanent
  }
}
export interface MessageSender<M extends OutboxMessage = OutboxMessage> {
  deliver(message: M): Promise<void>
  close(): Promise<void>
}
