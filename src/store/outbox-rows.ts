import { randomBytes } from 'node:crypto'
import type { OutboxMessage } from '../notifications/outbox-message.ts'
import type { Row } from './catalogue-rows.ts'
import type { OutboxEntry } from './store.ts'

/*
 * The outbox's rows as both adapters write and read them. A message is kept whole (as JSON) with
 * what the sender needs to schedule it: when it is next due, how often it was tried, the claim of
 * the sender delivering it, and how it ended.
 */

/** Who a message goes to, without personal data: an email's domain(s), or a webhook's event. */
export function summaryOf(message: OutboxMessage): string {
  if (message.channel === 'webhook') return `webhook ${message.type}`
  const domains = [...new Set(message.to.map((address) => address.split('@')[1] ?? '?'))]
  return `email to ${message.to.length} address(es) at ${domains.join(', ')}: ${message.subject}`
}

export function outboxEntryFromRow(row: Row, json: (value: unknown) => unknown): OutboxEntry {
  const instant = (value: unknown) =>
    value instanceof Date ? value.toISOString() : ((value as string | null) ?? null)
  const message = json(row.message) as OutboxMessage
  const delivered = row.delivered_at !== null && row.delivered_at !== undefined
  const failed = row.failed_at !== null && row.failed_at !== undefined
  return {
    id: row.id as string,
    channel: message.channel,
    bookingReference: (row.booking_reference as string | null) ?? null,
    summary: summaryOf(message),
    status: delivered ? 'delivered' : failed ? 'failed' : 'pending',
    attempts: row.attempts as number,
    createdAt: instant(row.created_at) ?? '',
    nextAttemptAt: delivered || failed ? null : instant(row.next_attempt_at),
    lastError: (row.last_error as string | null) ?? null,
  }
}

/**
 * What is kept of a message once delivered: enough for the operator's list (its channel, its
 * subject or event type, the recipients' domains), nothing personal and no link. A traveller's
 * email carries the booking's manage link, which opens the booking to whoever reads it.
 */
export function deliveredRecord(message: OutboxMessage): OutboxMessage {
  if (message.channel === 'webhook') {
    return {
      channel: 'webhook',
      id: message.id,
      type: message.type,
      timestamp: message.timestamp,
      data: null,
    }
  }
  return {
    channel: 'email',
    id: message.id,
    to: message.to.map((address) => `@${address.split('@')[1] ?? '?'}`),
    subject: message.subject,
    text: '',
  }
}

/** A token naming one claim of messages. */
export function newClaimToken(): string {
  return randomBytes(12).toString('base64url')
}

/** The statuses `listOutbox` selects, as a condition both dialects accept. */
export function outboxCondition(status: 'pending' | 'failed' | undefined): string {
  if (status === 'failed') return 'failed_at IS NOT NULL'
  if (status === 'pending') return 'delivered_at IS NULL AND failed_at IS NULL'
  return 'delivered_at IS NULL'
}
