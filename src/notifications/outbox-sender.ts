import { StoreUnavailableError } from '../domain/errors.ts'
import type { ClaimedMessage, Store } from '../store/store.ts'
import { type ChannelSenders, closeChannelSenders } from './channel-senders.ts'
import { DeliveryError, type OutboxMessage } from './outbox-message.ts'

/** When a failed delivery is tried again: doubling from the first delay up to the longest. */
export type RetryPolicy = {
  firstDelayMs: number
  maxDelayMs: number
  /** A message still not delivered this long after it was written is given up (failed). */
  giveUpAfterMs: number
}

export const DEFAULT_RETRY: RetryPolicy = {
  firstDelayMs: 15_000,
  maxDelayMs: 3_600_000,
  // Two days: well past the day a mail server or a receiver may be down for.
  giveUpAfterMs: 48 * 3_600_000,
}

type Log = { info(message: string): void; warn(message: string): void }

export type OutboxSenderOptions = {
  store: Store
  senders: ChannelSenders
  log: Log
  retry?: RetryPolicy
  /** How often the outbox is looked at when nothing wakes the sender. */
  pollMs?: number
  /** Messages claimed at a time. */
  batch?: number
  /** How long a claim keeps other instances off a message: longer than a batch's deliveries. */
  leaseMs?: number
  /** How often, while messages wait, their count is logged. */
  reportEveryMs?: number
}

/**
 * The share of a claim's lease its deliveries may take: a delivery still running then is given
 * up for this round (tried again later), well before another instance could claim the message.
 */
const DELIVERY_SHARE_OF_LEASE = 0.5

/** The delivery, or a failure to retry once `deadline` (epoch ms) passes first. */
async function withDeadline(delivery: Promise<void>, deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DeliveryError('took too long; tried again later', { permanent: false })),
      Math.max(0, deadline - Date.now()),
    )
  })
  try {
    await Promise.race([delivery, late])
  } finally {
    clearTimeout(timer)
  }
}

/** The delay before the attempt after `attempts` failed ones. */
export function retryDelay(attempts: number, policy: RetryPolicy): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempts - 1))
}

/**
 * Delivers the outbox: claims the messages that are due, hands each to its channel's sender, and
 * settles it: delivered, tried again later (doubling delays, for two days), or given up when
 * retrying cannot help. A booking never waits for any of this: its messages were written with it,
 * and a mail server or a webhook receiver that is down only delays them. Every message is
 * delivered at least once; a repeat after a crash mid-delivery carries the same id.
 */
export class OutboxSender {
  private readonly options: Required<OutboxSenderOptions>
  private running = false
  private timer: NodeJS.Timeout | undefined
  private round: Promise<void> | undefined
  private again = false
  private lastReport = 0
  private waiting = 0

  constructor(options: OutboxSenderOptions) {
    this.options = {
      retry: DEFAULT_RETRY,
      pollMs: 1000,
      batch: 10,
      leaseMs: 60_000,
      reportEveryMs: 60_000,
      ...options,
    }
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.schedule(0)
  }

  /** Messages were just written: deliver them now rather than at the next poll. */
  wake(): void {
    if (!this.running) return
    if (this.round) this.again = true
    else this.schedule(0)
  }

  /** Stops polling, and waits for the deliveries in hand to be settled. */
  async stop(): Promise<void> {
    this.running = false
    clearTimeout(this.timer)
    await this.round
    await closeChannelSenders(this.options.senders)
  }

  /** One round: claims and delivers what is due; the number of messages claimed. */
  async deliverDue(): Promise<number> {
    const { store, batch, leaseMs } = this.options
    const claimed = await store.claimMessages(batch, leaseMs)
    // Every delivery of the claim must end well inside its lease, so that no other instance can
    // claim a message while this one may still be sending it.
    const deadline = Date.now() + leaseMs * DELIVERY_SHARE_OF_LEASE
    await Promise.all(claimed.map((claim) => this.deliver(claim, deadline)))
    return claimed.length
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.run(), delayMs)
    this.timer.unref()
  }

  private async run(): Promise<void> {
    if (!this.running || this.round) return
    let delay = this.options.pollMs
    this.round = (async () => {
      try {
        const claimed = await this.deliverDue()
        // A full batch may have more behind it.
        if (claimed === this.options.batch) delay = 0
        await this.report()
      } catch (error) {
        const what =
          error instanceof StoreUnavailableError ? 'the database cannot be reached' : String(error)
        this.options.log.warn(`outbox: could not look for messages to send: ${what}`)
      }
    })()
    await this.round
    this.round = undefined
    if (this.again) {
      this.again = false
      delay = 0
    }
    if (this.running) this.schedule(delay)
  }

  private async deliver(
    { message, attempts, createdAt, claim }: ClaimedMessage,
    deadline: number,
  ): Promise<void> {
    const { store, retry, log } = this.options
    const settle = async (outcome: Parameters<Store['settleMessage']>[2]) => {
      if (!(await store.settleMessage(message.id, claim, outcome))) {
        log.warn(
          `outbox: ${message.channel} message ${message.id} was claimed again before it was settled here; its new claim settles it`,
        )
      }
    }
    try {
      await withDeadline(this.senderFor(message).deliver(message as never), deadline)
      await settle({ outcome: 'delivered' })
      return
    } catch (error) {
      const what = describe(message, error)
      const permanent = error instanceof DeliveryError && error.permanent
      const expired = Date.now() - Date.parse(createdAt) > retry.giveUpAfterMs
      if (permanent || expired) {
        log.warn(`outbox: gave up ${message.channel} message ${message.id}: ${what}`)
        await settle({ outcome: 'failed', error: what })
        return
      }
      const afterMs = retryDelay(attempts + 1, retry)
      log.warn(
        `outbox: ${message.channel} message ${message.id} not delivered (attempt ${attempts + 1}); next try in ${Math.round(afterMs / 1000)} s: ${what}`,
      )
      await settle({ outcome: 'retry', afterMs, error: what })
    }
  }

  private senderFor(message: OutboxMessage) {
    const { senders } = this.options
    if (message.channel === 'email') return senders.email
    if (!senders.webhook) {
      throw new DeliveryError('no webhook receiver is configured (WEBHOOK_URL)', {
        permanent: false,
      })
    }
    return senders.webhook
  }

  /** While messages wait, their count is logged now and then, and once more when none is left. */
  private async report(): Promise<void> {
    const now = Date.now()
    if (now - this.lastReport < this.options.reportEveryMs) return
    this.lastReport = now
    const pending = await this.options.store.listOutbox('pending')
    if (pending.length > 0) {
      const oldest = pending[0]?.createdAt ?? ''
      this.options.log.warn(
        `outbox: ${pending.length} message(s) waiting to be delivered, the oldest written at ${oldest}`,
      )
    } else if (this.waiting > 0) {
      this.options.log.info('outbox: every message is delivered')
    }
    this.waiting = pending.length
  }
}

/** What went wrong, in general terms: never a message's content or its recipients. */
function describe(message: OutboxMessage, error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return `${message.channel}: ${text}`.slice(0, 500)
}
