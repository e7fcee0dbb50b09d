import type { OutboxMessage } from '../../notifications/outbox-message.ts'
import {
  deliveredRecord,
  newClaimToken,
  outboxCondition,
  outboxEntryFromRow,
} from '../outbox-rows.ts'
import type { ClaimedMessage, DeliveryOutcome, OutboxEntry } from '../store.ts'
import type { Sql } from './transaction.ts'

/*
 * The outbox on PostgreSQL. Times are the server's (`now()`), so that instances whose clocks
 * differ still agree on what is due and whose claim has lapsed.
 */

/** Writes messages into the outbox, due at once, inside the caller's transaction. */
export async function writeMessages(
  sql: Sql,
  reference: string,
  messages: OutboxMessage[],
): Promise<void> {
  if (messages.length === 0) return
  await sql(
    `INSERT INTO outbox (id, created_at, booking_reference, channel, message, next_attempt_at)
     SELECT m.id, now(), $2, m.channel, m.message, now()
     FROM jsonb_to_recordset($1::jsonb) AS m (id text, channel text, message jsonb)`,
    [
      JSON.stringify(
        messages.map((message) => ({ id: message.id, channel: message.channel, message })),
      ),
      reference,
    ],
  )
}

/**
 * Claims due messages for this instance: `FOR UPDATE SKIP LOCKED` lets two instances claim at the
 * same moment without waiting for each other or taking the same message, and the lease keeps a
 * claimed message from every other instance until it is settled or the lease lapses.
 */
export async function claimMessages(
  sql: Sql,
  limit: number,
  leaseMs: number,
): Promise<ClaimedMessage[]> {
  const claim = newClaimToken()
  const rows = await sql(
    `WITH claimed AS (
       UPDATE outbox SET claimed_until = now() + $2 * interval '1 millisecond',
         attempts = attempts + 1, claim_token = $3
       WHERE id IN (
         SELECT id FROM outbox
         WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
           AND (claimed_until IS NULL OR claimed_until <= now())
         ORDER BY next_attempt_at, id
         LIMIT $1
         FOR UPDATE SKIP LOCKED)
       RETURNING id, message, attempts - 1 AS attempts, created_at, next_attempt_at)
     SELECT * FROM claimed ORDER BY next_attempt_at, id`,
    [limit, leaseMs, claim],
  )
  return rows.map((row) => ({
    message: row.message as OutboxMessage,
    attempts: row.attempts as number,
    createdAt: (row.created_at as Date).toISOString(),
    claim,
  }))
}

export async function settleMessage(
  sql: Sql,
  id: string,
  claim: string,
  outcome: DeliveryOutcome,
): Promise<boolean> {
  // Only while this claim holds the message: not after another instance took it over.
  const held = 'WHERE id = $1 AND claim_token = $2 RETURNING id'
  let rows: unknown[]
  if (outcome.outcome === 'delivered') {
    const [stored] = await sql('SELECT message FROM outbox WHERE id = $1', [id])
    const kept = stored ? deliveredRecord(stored.message as OutboxMessage) : null
    rows = await sql(
      `UPDATE outbox SET delivered_at = now(), claimed_until = NULL, claim_token = NULL,
         message = coalesce($3::jsonb, message) ${held}`,
      [id, claim, kept && JSON.stringify(kept)],
    )
  } else if (outcome.outcome === 'retry') {
    rows = await sql(
      `UPDATE outbox SET next_attempt_at = now() + $3 * interval '1 millisecond',
         last_error = $4, claimed_until = NULL, claim_token = NULL ${held}`,
      [id, claim, outcome.afterMs, outcome.error],
    )
  } else {
    rows = await sql(
      `UPDATE outbox SET failed_at = now(), last_error = $3, claimed_until = NULL,
         claim_token = NULL ${held}`,
      [id, claim, outcome.error],
    )
  }
  return rows.length > 0
}

export async function listOutbox(
  sql: Sql,
  status: 'pending' | 'failed' | undefined,
): Promise<OutboxEntry[]> {
  const rows = await sql(
    `SELECT * FROM outbox WHERE ${outboxCondition(status)} ORDER BY created_at, id`,
  )
  return rows.map((row) => outboxEntryFromRow(row, (value) => value))
}
