import { join } from 'node:path'
import type { Config } from './config.ts'
import { todayIn } from './domain/calendar-date.ts'
import { CatalogueIndex } from './domain/catalogue-index.ts'
import { readFleetFile } from './fleet/read-fleet-file.ts'
import { MemoryRateLimiter } from './rate-limit/memory-rate-limiter.ts'
import type { RateLimiter } from './rate-limit/rate-limiter.ts'
import { RedisRateLimiter } from './rate-limit/redis-rate-limiter.ts'
import { PostgresStore } from './store/postgres/postgres-store.ts'
import { SqliteStore } from './store/sqlite/sqlite-store.ts'
import type { Store } from './store/store.ts'
import type { VerbContext } from './verbs/context.ts'

/** The booking limit is per minute: BOOKING_RATE_LIMIT_MAX confirmations a minute per client. */
export const BOOKING_RATE_LIMIT_WINDOW_SECONDS = 60

export type Services = {
  store: Store
  ctx: VerbContext
  rateLimiter: RateLimiter
  /** Counts the website's booking confirmations per client, apart from the API's count. */
  bookingRateLimiter: RateLimiter
  /** True when the store and the shared rate-limit count (if any) answer. */
  ready(): Promise<boolean>
  close(): Promise<void>
}

type Log = { warn(message: string): void; info(message: string): void }

/**
 * Opens the store (PostgreSQL with DATABASE_URL, else the embedded SQLite), loads the fleet file
 * into an empty database exactly once however many instances start together, and reads the
 * catalogue once. Rate limits count in Redis with REDIS_URL, else in memory. A bad fleet file
 * throws before anything is written.
 */
export async function openServices(
  config: Config,
  options: { now?: () => Date; databaseFile?: string; log?: Log } = {},
): Promise<Services> {
  const now = options.now ?? (() => new Date())
  const store: Store = config.databaseUrl
    ? await PostgresStore.open(config.databaseUrl)
    : SqliteStore.open(options.databaseFile ?? join(config.dataDir, 'rental.db'))
  try {
    await store.loadFleetOnce(() =>
      readFleetFile(config.fleetFile, todayIn(config.timeZone, now())),
    )
    const catalogue = new CatalogueIndex(await store.loadCatalogue())
    const ctx: VerbContext = {
      store,
      catalogue: () => catalogue,
      rules: {
        timeZone: config.timeZone,
        bookingHorizonDays: config.bookingHorizonDays,
        maxRentalDays: config.maxRentalDays,
      },
      quoteTtlMinutes: config.quoteTtlMinutes,
      now,
    }
    const limiter = (name: string, limit: number, windowSeconds: number): RateLimiter =>
      config.redisUrl
        ? new RedisRateLimiter({
            url: config.redisUrl,
            limit,
            windowSeconds,
            keyPrefix: `${config.redisKeyPrefix}${name}:`,
            ...(options.log ? { log: options.log } : {}),
          })
        : new MemoryRateLimiter({ limit, windowSeconds })
    const rateLimiter = limiter('api', config.rateLimitMax, config.rateLimitWindowSeconds)
    const bookingRateLimiter = limiter(
      'booking',
      config.bookingRateLimitMax,
      BOOKING_RATE_LIMIT_WINDOW_SECONDS,
    )
    return {
      store,
      ctx,
      rateLimiter,
      bookingRateLimiter,
      async ready() {
        const storeAnswers = await store.hasFleet().then(
          () => true,
          () => false,
        )
        const redisAnswers =
          rateLimiter instanceof RedisRateLimiter ? await rateLimiter.ping() : true
        return storeAnswers && redisAnswers
      },
      async close() {
        await rateLimiter.close()
        await bookingRateLimiter.close()
        await store.close()
      },
    }
  } catch (error) {
    await store.close()
    throw error
  }
}
