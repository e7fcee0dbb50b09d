import { Redis } from 'ioredis'

export type FailFastRedisOptions = {
  /** How long a command may wait for its reply before it fails (Redis paused, or a dead socket). */
  commandTimeoutMs: number
  /** How long one connection attempt may take before it is abandoned and tried again. */
  connectTimeoutMs: number
  /** The pause between reconnection attempts, kept up for as long as Redis is away. */
  reconnectEveryMs: number
  /** Shown by CLIENT LIST, to tell this client's connections from others'. */
  connectionName?: string
}

/**
 * A Redis client whose commands fail fast instead of waiting for Redis to come back. By default
 * ioredis queues commands while it is disconnected and retries them up to 20 times, so a request
 * waiting on one hangs for 15 seconds or more. Here a command fails at once when there is no
 * connection (no offline queue), after `commandTimeoutMs` when Redis does not answer, and is never
 * replayed on a later connection (no retries per request: the caller has already decided without
 * it). The connection itself is retried in the background, every `reconnectEveryMs`, for ever.
 *
 * The caller must listen for 'error' events: ioredis emits one for each failed connection attempt.
 */
export function createFailFastRedis(url: string, options: FailFastRedisOptions): Redis {
  return new Redis(url, {
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: options.connectTimeoutMs,
    retryStrategy: () => options.reconnectEveryMs,
    maxRetriesPerRequest: 0,
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    ...(options.connectionName ? { connectionName: options.connectionName } : {}),
  })
}
