import { randomBytes } from 'node:crypto'

/**
 * A message's id: stable for its whole life in the outbox, so that every retry carries the same
 * id and a receiver can drop a repeat (the email's Message-ID, the webhook's `webhook-id`).
 */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`
}
