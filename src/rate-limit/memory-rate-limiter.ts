import type { RateLimitDecision, RateLimiter } from './rate-limiter.ts'

type Window = { count: number; resetAtMs: number }

/**
 * A fixed window per client, opened by its first request. Ended windows are swept once per
 * window length, so memory follows the clients seen in the last window only.
 */
export class MemoryRateLimiter implements RateLimiter {
  readonly limit: number
  readonly windowSeconds: number
  private readonly windows = new Map<string, Window>()
  private readonly now: () => number
  private nextSweepMs = 0

  constructor(options: { limit: number; windowSeconds: number; now?: () => number }) {
    this.limit = options.limit
    this.windowSeconds = options.windowSeconds
    this.now = options.now ?? Date.now
  }

  hit(clientKey: string): RateLimitDecision {
    const nowMs = this.now()
    this.sweep(nowMs)
    let window = this.windows.get(clientKey)
    if (!window || window.resetAtMs <= nowMs) {
      window = { count: 0, resetAtMs: nowMs + this.windowSeconds * 1000 }
      this.windows.set(clientKey, window)
    }
    window.count++
    return {
      allowed: window.count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - window.count),
      resetAt: new Date(window.resetAtMs),
    }
  }

  async close(): Promise<void> {
    this.windows.clear()
  }

  private sweep(nowMs: number): void {
    if (nowMs < this.nextSweepMs) return
    this.nextSweepMs = nowMs + this.windowSeconds * 1000
    for (const [key, window] of this.windows) {
      if (window.resetAtMs <= nowMs) this.windows.delete(key)
    }
  }
}
