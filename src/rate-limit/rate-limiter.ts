/** The outcome of counting one request against its client's window. */
export type RateLimitDecision = {
  allowed: boolean
  limit: number
  /** Requests left in the window after this one. */
  remaining: number
  /** When the client's window ends and its count starts again. */
  resetAt: Date
}

/** Counts requests per client in fixed windows. In memory for one instance; shared for several. */
export interface RateLimiter {
  readonly limit: number
  readonly windowSeconds: number
  /**
   * Counts one request. A count kept in this process answers at once, without a promise, so that
   * the request hook costs no turn of the promise queue; a shared count answers when it can.
   */
  hit(clientKey: string): RateLimitDecision | Promise<RateLimitDecision>
  close(): Promise<void>
}
