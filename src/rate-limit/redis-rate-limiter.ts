import type { Redis } from 'ioredis'
import type { Tracing } from '../observability/tracing.ts'
import { createFailFastRedis } from './fail-fast-redis.ts'
import {
  FIXED_WINDOW_SCRIPT,
  type FixedWindowCount,
  parseFixedWindowReply,
} from './fixed-window-script.ts'
import { MemoryRateLimiter } from './memory-rate-limiter.ts'
import type { RateLimitDecision, RateLimiter } from './rate-limiter.ts'

/** The client with the fixed-window script defined as a command of its own: key count, keys, window. */
type CountingRedis = Redis & {
  countHits(keys: number, ...keysThenWindowMs: (string | number)[]): Promise<unknown>
}

/** The requests of one turn of the event loop waiting for their counts. */
type Batch = {
  keys: string[]
  waiting: { resolve(count: FixedWindowCount): void; reject(error: unknown): void }[]
}

/** Where the limiter says that it lost Redis or found it again; Fastify's `app.log` fits. */
export type RateLimitLog = {
  warn(message: string): void
  info(message: string): void
}

export type RedisRateLimiterOptions = {
  /** `redis://[[user]:password@]host[:port][/db]` */
  url: string
  limit: number
  windowSeconds: number
  /**
   * Put before every key (`${keyPrefix}rl:${clientKey}`), so that deployments or test runs sharing
   * one Redis do not share counts. Default: none.
   */
  keyPrefix?: string
  /**
   * How long a request waits for Redis before it is counted in memory instead. Short, because it is
   * added to every request in flight when Redis stops answering. Default 300 ms.
   */
  commandTimeoutMs?: number
  /**
   * After Redis failed, requests are counted in memory without asking Redis for this long; then one
   * request tries Redis again. Default 1000 ms.
   */
  retryEveryMs?: number
  log?: RateLimitLog
  /** With tracing, each command to Redis is a child span of the request's. */
  tracing?: Tracing | undefined
}

/**
 * Counts requests in a fixed window per client, shared by every instance through Redis, with the
 * same semantics as MemoryRateLimiter: the window is opened by the client's first request and ends
 * one window length later. The count is exact under concurrency: one Lua script counts, opens the
 * window and reads its time left in a single step (see fixed-window-script.ts), for all the
 * requests of one turn of the event loop at once.
 *
 * A Redis outage must never fail or hang a request. While Redis is unreachable or does not answer,
 * this instance counts in memory (a MemoryRateLimiter with the same limit and window), so clients
 * stay limited, each instance on its own. Once a request found Redis failing, requests go straight
 * to memory; every `retryEveryMs` one request tries Redis again, and at once when the connection is
 * re-established, so the shared count is back within about a second of Redis.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly limit: number
  readonly windowSeconds: number
  private readonly redis: Redis
  private readonly memory: MemoryRateLimiter
  private readonly keyPrefix: string
  private readonly retryEveryMs: number
  private readonly log: RateLimitLog
  private readonly tracing: Tracing | undefined
  private readonly spanAttributes: Record<string, string | number>
  /** True from a failure of Redis until a request is counted by Redis again. */
  private down = false
  /** While down: when a request may try Redis again. */
  private retryAtMs = 0
  /** While down: a request is trying Redis, so others need not (and do not wait for it). */
  private probing = false
  /** The requests of this turn, counted together at its end. */
  private batch: Batch | undefined

  constructor(options: RedisRateLimiterOptions) {
    this.limit = options.limit
    this.windowSeconds = options.windowSeconds
    this.keyPrefix = options.keyPrefix ?? ''
    this.retryEveryMs = options.retryEveryMs ?? 1000
    this.log = options.log ?? console
    this.tracing = options.tracing
    const server = new URL(options.url)
    this.spanAttributes = {
      'db.system.name': 'redis',
      'server.address': server.hostname,
      'server.port': Number(server.port || 6379),
    }
    this.memory = new MemoryRateLimiter({ limit: this.limit, windowSeconds: this.windowSeconds })
    this.redis = createFailFastRedis(options.url, {
      commandTimeoutMs: options.commandTimeoutMs ?? 300,
      connectTimeoutMs: 500,
      reconnectEveryMs: 500,
      connectionName: 'rate-limit',
    })
    // Sent by its SHA (EVALSHA) once Redis knows it, not as 200 bytes of script with each request;
    // ioredis loads it again by itself should Redis have forgotten it (a restart, SCRIPT FLUSH).
    this.redis.defineCommand('countHits', { lua: FIXED_WINDOW_SCRIPT })
    // Without a listener ioredis prints every failed connection attempt; one line per outage will do.
    this.redis.on('error', (error: Error) => this.failed(error))
    // A new connection: the next request tries Redis rather than waiting for the retry time.
    this.redis.on('ready', () => {
      this.retryAtMs = 0
    })
  }

  async hit(clientKey: string): Promise<RateLimitDecision> {
    if (this.redis.status !== 'ready') {
      this.failed(new Error(`no connection (${this.redis.status})`))
      return this.memory.hit(clientKey)
    }
    if (this.down && (this.probing || Date.now() < this.retryAtMs)) {
      return this.memory.hit(clientKey)
    }
    const probe = this.down
    if (probe) this.probing = true
    try {
      const decision = await this.hitRedis(clientKey)
      this.recovered()
      return decision
    } catch (error) {
      this.failed(error)
      return this.memory.hit(clientKey)
    } finally {
      if (probe) this.probing = false
    }
  }

  /**
   * Resolves true once the connection is up, or false after `withinMs` without one. Start-up waits
   * on it, so that the first requests are counted in the shared count and /ready is not 503 for the
   * few milliseconds the connection takes (a load balancer polling at once saw that).
   */
  connected(withinMs: number): Promise<boolean> {
    if (this.redis.status === 'ready') return Promise.resolve(true)
    return new Promise((resolve) => {
      const done = (answer: boolean) => {
        clearTimeout(timer)
        this.redis.off('ready', onReady)
        resolve(answer)
      }
      const onReady = () => done(true)
      const timer = setTimeout(() => done(false), withinMs)
      this.redis.on('ready', onReady)
    })
  }

  /** Whether Redis answers now; for a readiness check. Never waits longer than the command timeout. */
  async ping(): Promise<boolean> {
    if (this.redis.status !== 'ready') return false
    try {
      return (await this.command('PING', () => this.redis.ping())) === 'PONG'
    } catch {
      return false
    }
  }

  async close(): Promise<void> {
    await this.memory.close()
    if (this.redis.status === 'ready') {
      try {
        await this.redis.quit()
        return
      } catch {
        // Redis did not answer QUIT (paused, say): drop the connection instead.
      }
    }
    this.redis.disconnect()
  }

  private async hitRedis(clientKey: string): Promise<RateLimitDecision> {
    const { count, ttlMs } = await this.counted(`${this.keyPrefix}rl:${clientKey}`)
    // The time left is counted from now, on this instance's clock, which is the clock that the
    // response headers (Retry-After, RateLimit reset) are computed against.
    const answeredAtMs = Date.now()
    return {
      allowed: count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - count),
      resetAt: new Date(answeredAtMs + ttlMs),
    }
  }

  /** Whether Redis is connected, and whether the shared count is in use (not memory); for metrics. */
  state(): { connected: boolean; shared: boolean } {
    const connected = this.redis.status === 'ready'
    return { connected, shared: connected && !this.down }
  }

  private command<T>(operation: string, run: () => Promise<T>): Promise<T> {
    if (!this.tracing) return run()
    return this.tracing.inSpan(
      operation,
      { ...this.spanAttributes, 'db.operation.name': operation },
      run,
    )
  }

  /**
   * The key's count, with every other key asked in the same turn of the event loop: one script
   * call for them all at the end of the turn. Sent one by one, each request's call cost the service
   * some 11 µs of CPU, as much as the rest of a small answer (measured on PostgreSQL with Redis).
   */
  private counted(key: string): Promise<FixedWindowCount> {
    if (!this.batch) {
      const batch: Batch = { keys: [], waiting: [] }
      this.batch = batch
      setImmediate(() => this.send(batch))
    }
    const batch = this.batch
    batch.keys.push(key)
    return new Promise((resolve, reject) => batch.waiting.push({ resolve, reject }))
  }

  private async send(batch: Batch): Promise<void> {
    this.batch = undefined
    const windowMs = this.windowSeconds * 1000
    try {
      const reply = await this.command('EVALSHA', () =>
        (this.redis as CountingRedis).countHits(batch.keys.length, ...batch.keys, windowMs),
      )
      const counts = parseFixedWindowReply(reply, batch.keys.length, windowMs)
      batch.waiting.forEach((request, index) => {
        request.resolve(counts[index] as FixedWindowCount)
      })
    } catch (error) {
      for (const request of batch.waiting) request.reject(error)
    }
  }

  private failed(error: unknown): void {
    this.retryAtMs = Date.now() + this.retryEveryMs
    if (this.down) return
    this.down = true
    const reason = error instanceof Error ? error.message : String(error)
    this.log.warn(
      `Rate limit: Redis unavailable (${reason}); this instance counts requests in memory until Redis answers again`,
    )
  }

  private recovered(): void {
    if (!this.down) return
    this.down = false
    this.log.info('Rate limit: Redis answers again; requests are counted in the shared count')
  }
}
