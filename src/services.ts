import { type Config, DEMO_FLEET_FILE, inServiceZone, outboxDir } from './config.ts'
import { todayIn } from './domain/calendar-date.ts'
import { CatalogueIndex } from './domain/catalogue-index.ts'
import { bookingNoticesFor } from './notifications/booking-notices.ts'
import { openChannelSenders } from './notifications/channel-senders.ts'
import { DEFAULT_RETRY, OutboxSender } from './notifications/outbox-sender.ts'
import { instrumentStore } from './observability/instrumented-store.ts'
import { outboxCounts } from './observability/outbox-counts.ts'
import type { ServiceMetrics } from './observability/service-metrics.ts'
import { tracedSenders } from './observability/traced-senders.ts'
import type { Tracing } from './observability/tracing.ts'
import { MemoryRateLimiter } from './rate-limit/memory-rate-limiter.ts'
import type { RateLimiter } from './rate-limit/rate-limiter.ts'
import { openStore } from './store/open-store.ts'
import type { Store } from './store/store.ts'
import type { VerbContext } from './verbs/context.ts'

/** The booking limit is per minute: BOOKING_RATE_LIMIT_MAX confirmations a minute per client. */
export const BOOKING_RATE_LIMIT_WINDOW_SECONDS = 60

/** How long start-up waits for the Redis connection before it goes on counting in memory. */
const REDIS_CONNECT_AT_START_MS = 3000

export type Services = {
  store: Store
  ctx: VerbContext
  rateLimiter: RateLimiter
  /** Counts the website's booking confirmations per client, apart from the API's count. */
  bookingRateLimiter: RateLimiter
  /** Delivers the outbox's messages; only when opened with `deliverMessages`. */
  outbox: OutboxSender | undefined
  /** True when the store and the shared rate-limit count (if any) answer. */
  ready(): Promise<boolean>
  /**
   * Reads the catalogue again if a fleet import changed it since it was read; true when it did.
   * A timer calls it every FLEET_CHECK_SECONDS; tests call it directly.
   */
  reloadCatalogue(): Promise<boolean>
  close(): Promise<void>
}

type Log = { warn(message: string): void; info(message: string): void }

/** The PostgreSQL store's pool, read by the metrics (src/store/postgres/postgres-store.ts). */
type PostgresPool = { poolState(): { total: number; idle: number; waiting: number; max: number } }

/**
 * Opens the store (PostgreSQL with DATABASE_URL, else the embedded SQLite), loads the fleet file
 * into an empty database exactly once however many instances start together, and reads the
 * catalogue once. Rate limits count in Redis with REDIS_URL, else in memory. A bad fleet file
 * throws before anything is written.
 */
export async function openServices(
  given: Config,
  options: {
    now?: () => Date
    databaseFile?: string
    log?: Log
    /**
     * Runs the outbox's sender in this process: the service does, the MCP stdio process and the
     * tests (unless they test delivery) do not. Messages wait in the outbox meanwhile.
     */
    deliverMessages?: boolean
    /**
     * Takes the time zone the service recorded at its last start when TIME_ZONE is not set (the
     * MCP stdio process, which an agent host starts with an environment of its own: its quotes
     * gave a London company's free-cancellation deadline in New Zealand time).
     */
    serviceZoneWhenUnset?: boolean
    /** The metrics to record into and the traces to make spans in, when they are on. */
    observability?: { metrics?: ServiceMetrics | undefined; tracing?: Tracing | undefined }
  } = {},
): Promise<Services> {
  const now = options.now ?? (() => new Date())
  // The PostgreSQL and Redis clients are loaded only when configured: an embedded instance
  // starts faster and smaller without them.
  // The service checkpoints SQLite's log off the event loop (see WalCheckpointer), and keeps
  // PostgreSQL's booked days in memory (see BookedDaysMirror).
  let config = given
  const opened = await openStore(config, options.databaseFile, {
    checkpointInBackground: true,
    bookedDaysInMemory: true,
    mustWrite: true,
    ...(options.log ? { log: options.log } : {}),
  })
  const { metrics, tracing } = options.observability ?? {}
  // Every store operation timed (and traced), whoever calls it: the verbs, the outbox, the checks.
  const store = instrumentStore(opened, {
    system: config.databaseUrl ? 'postgresql' : 'sqlite',
    metrics,
    tracing,
  })
  let stopChecking: (() => void) | undefined
  let outbox: OutboxSender | undefined
  try {
    if (options.serviceZoneWhenUnset) {
      const zoned = inServiceZone(config, await store.serviceTimeZone())
      config = zoned.config
      if (zoned.taken) {
        options.log?.info(`TIME_ZONE is not set: the service's time zone, ${zoned.taken}, is used`)
      }
      if (zoned.differs) {
        options.log?.warn(`${zoned.differs}; dates and times here are in ${config.timeZone}`)
      }
      if (zoned.unknown) options.log?.warn(zoned.unknown)
    }
    const loaded = await store.loadFleetOnce(async () => {
      // Loaded only for an empty database: its YAML parser and schema checker are a third of
      // the modules a start would otherwise load.
      const { readFleetFile } = await import('./fleet/read-fleet-file.ts')
      const { formatProblem } = await import('./fleet/fleet-file-error.ts')
      const fleet = await readFleetFile(config.fleetFile, todayIn(config.timeZone, now()), {
        imagesDir: config.imagesDir,
      })
      for (const warning of fleet.warnings) {
        options.log?.warn(`fleet file warning: ${formatProblem(config.fleetFile, warning)}`)
      }
      return fleet
    })
    // For the operator's commands, which write times into travellers' emails (see withStore). By
    // the service only (the process that delivers messages): the MCP stdio process, started by an
    // agent host without TIME_ZONE, recorded the default over the service's zone.
    if (options.deliverMessages) await store.recordServiceTimeZone(config.timeZone)
    // The version is read before the catalogue: an import in between is read again next time.
    let version = await store.fleetVersion()
    let catalogue = new CatalogueIndex(await store.loadCatalogue())
    if (!loaded && config.fleetFile !== DEMO_FLEET_FILE) {
      // Said on every start with FLEET_FILE set, so at info level: on most it is the file loaded
      // on the first start. But a FLEET_FILE set for a database that holds another company's
      // fleet (the demo's, from a first start without it) would otherwise be skipped unseen.
      options.log?.info(
        `FLEET_FILE ${config.fleetFile} is read only into an empty database; this one holds the fleet of ${catalogue.catalogue.company.name}, served as it is. Changes to the file are loaded with: rental-agent fleet import ${config.fleetFile}`,
      )
    }
    let checking: Promise<boolean> | undefined
    const reloadCatalogue = () => {
      checking ??= (async () => {
        const latest = await store.fleetVersion()
        if (latest === version) return false
        const loaded = new CatalogueIndex(await store.loadCatalogue())
        catalogue = loaded
        version = latest
        options.log?.info(`The catalogue changed (fleet version ${latest}); serving the new one`)
        return true
      })().finally(() => {
        checking = undefined
      })
      return checking
    }
    // One small query every few seconds rather than one per request: the catalogue changes only
    // when an operator imports a fleet. The timer never keeps the process alive on its own.
    const timer = setInterval(() => {
      reloadCatalogue().catch((error: unknown) => {
        options.log?.warn(`Could not check for a new catalogue: ${String(error)}`)
      })
    }, config.fleetCheckSeconds * 1000)
    timer.unref()
    stopChecking = () => clearInterval(timer)
    // Where the store hears of a fleet import as it commits, the catalogue follows at once.
    // A check already under way may have read the version before the commit: one more follows it.
    store.onFleetChange?.(() => {
      const current = checking ?? Promise.resolve(false)
      current
        .catch(() => false)
        .then(reloadCatalogue)
        .catch((error: unknown) => {
          options.log?.warn(`Could not read the new catalogue: ${String(error)}`)
        })
    })
    if (options.deliverMessages) {
      outbox = new OutboxSender({
        store,
        senders: tracedSenders(
          openChannelSenders({
            smtpUrl: config.smtpUrl,
            mailFrom: config.mailFrom ?? `bookings@${new URL(config.publicUrl).hostname}`,
            emlDir: outboxDir(config),
            webhookUrl: config.webhookUrl,
            webhookSecret: config.webhookSecret,
          }),
          tracing,
          {
            email: config.smtpUrl ? new URL(config.smtpUrl).host : undefined,
            webhook: config.webhookUrl ? new URL(config.webhookUrl).host : undefined,
          },
        ),
        log: options.log ?? { info() {}, warn() {} },
        retry: { ...DEFAULT_RETRY, firstDelayMs: config.outboxRetrySeconds * 1000 },
      })
      outbox.start()
    }
    const sender = outbox
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
      notices: bookingNoticesFor(config, now),
      // Outside the request's trace: the sender's later rounds are no part of it.
      messagesWritten: tracing
        ? () => tracing.detached(() => sender?.wake())
        : () => sender?.wake(),
    }
    const Redis = config.redisUrl
      ? (await import('./rate-limit/redis-rate-limiter.ts')).RedisRateLimiter
      : undefined
    const limiter = (name: string, limit: number, windowSeconds: number): RateLimiter =>
      Redis
        ? new Redis({
            url: config.redisUrl as string,
            limit,
            windowSeconds,
            keyPrefix: `${config.redisKeyPrefix}${name}:`,
            ...(options.log ? { log: options.log } : {}),
            tracing,
          })
        : new MemoryRateLimiter({ limit, windowSeconds })
    const rateLimiter = limiter('api', config.rateLimitMax, config.rateLimitWindowSeconds)
    const bookingRateLimiter = limiter(
      'booking',
      config.bookingRateLimitMax,
      BOOKING_RATE_LIMIT_WINDOW_SECONDS,
    )
    if (Redis) {
      const limiters = [rateLimiter, bookingRateLimiter] as InstanceType<typeof Redis>[]
      const up = await Promise.all(limiters.map((one) => one.connected(REDIS_CONNECT_AT_START_MS)))
      // Not fatal: requests are counted in memory until Redis answers (the limiter says so then).
      if (!up.every(Boolean)) {
        options.log?.warn(
          `Redis did not answer within ${REDIS_CONNECT_AT_START_MS} ms of start; requests are counted in memory until it does`,
        )
      }
    }
    const ready = async () => {
      const storeAnswers = await store.hasFleet().then(
        () => true,
        () => false,
      )
      const redisAnswers = Redis && rateLimiter instanceof Redis ? await rateLimiter.ping() : true
      return storeAnswers && redisAnswers
    }
    metrics?.readOnScrape({
      ready,
      outbox: () => outboxCounts(store, now()),
      postgresPool: 'poolState' in opened ? () => (opened as PostgresPool).poolState() : undefined,
      redis:
        Redis && rateLimiter instanceof Redis && bookingRateLimiter instanceof Redis
          ? () => [
              { limit: 'api', ...rateLimiter.state() },
              { limit: 'booking', ...bookingRateLimiter.state() },
            ]
          : undefined,
    })
    return {
      store,
      ctx,
      rateLimiter,
      bookingRateLimiter,
      outbox,
      ready,
      reloadCatalogue,
      async close() {
        stopChecking?.()
        await outbox?.stop()
        await rateLimiter.close()
        await bookingRateLimiter.close()
        await store.close()
      },
    }
  } catch (error) {
    stopChecking?.()
    await outbox?.stop()
    await store.close()
    throw error
  }
}
