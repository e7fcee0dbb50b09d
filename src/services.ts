import { join } from 'node:path'
import type { Config } from './config.ts'
import { todayIn } from './domain/calendar-date.ts'
import { CatalogueIndex } from './domain/catalogue-index.ts'
import { readFleetFile } from './fleet/read-fleet-file.ts'
import { MemoryRateLimiter } from './rate-limit/memory-rate-limiter.ts'
import type { RateLimiter } from './rate-limit/rate-limiter.ts'
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
  close(): Promise<void>
}

/**
 * Opens the store, loads the fleet file into an empty database, and reads the catalogue once.
 * A bad fleet file throws before anything is written.
 */
export async function openServices(
  config: Config,
  options: { now?: () => Date; databaseFile?: string } = {},
): Promise<Services> {
  const now = options.now ?? (() => new Date())
  const store = SqliteStore.open(options.databaseFile ?? join(config.dataDir, 'rental.db'))
  try {
    if (!(await store.hasFleet())) {
      const fleet = await readFleetFile(config.fleetFile, todayIn(config.timeZone, now()))
      await store.replaceFleet(fleet.catalogue, fleet.bookings)
    }
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
    const rateLimiter = new MemoryRateLimiter({
      limit: config.rateLimitMax,
      windowSeconds: config.rateLimitWindowSeconds,
    })
    const bookingRateLimiter = new MemoryRateLimiter({
      limit: config.bookingRateLimitMax,
      windowSeconds: BOOKING_RATE_LIMIT_WINDOW_SECONDS,
    })
    return {
      store,
      ctx,
      rateLimiter,
      bookingRateLimiter,
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
