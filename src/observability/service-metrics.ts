import { createRequire } from 'node:module'
import { Counter, Gauge, Registry } from 'prom-client'
import { BoundedLabel } from './bounded-label.ts'
import { type HistogramSeries, LeanHistogram } from './lean-histogram.ts'

/** The doors a quote, a booking or a cancellation comes through. */
export type Channel = 'api' | 'mcp' | 'ucp' | 'website'
const CHANNELS: readonly Channel[] = ['api', 'mcp', 'website']

/** Which rate limit refused a request: the API's (and /mcp's), or the website's booking limit. */
export type RateLimitName = 'api' | 'booking'

/** What the metrics read when they are scraped, not on any request's path. */
export type ScrapedState = {
  /** Whether the store and the shared rate-limit count answer, as /ready says. */
  ready?: () => Promise<boolean>
  /** The outbox's messages waiting and given up, and the oldest waiting one's age. */
  outbox?: () => Promise<{ pending: number; failed: number; oldestPendingSeconds: number }>
  /** PostgreSQL's connection pool, when the store is PostgreSQL. */
  postgresPool?: () => { total: number; idle: number; waiting: number; max: number }
  /** Each Redis-backed rate limit: whether Redis answers and the shared count is in use. */
  redis?: () => { limit: RateLimitName; connected: boolean; shared: boolean }[]
}

/** Seconds: from well under a millisecond (an answer from memory) to the 15 s request timeout. */
const REQUEST_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15,
]
/** Seconds: an embedded read takes microseconds, PostgreSQL's give up after 1.5 s. */
const STORE_BUCKETS = [
  0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
]
/**
 * Agents choose their own agent_ref: an instance gives the first this many it sees a series of
 * their own, and counts the rest together as "(other)", so a caller cannot grow the metrics
 * without bound. Outside agent_ref's characters, "(other)" cannot be a real reference.
 */
export const MAX_AGENT_REF_LABELS = 100
export const OTHER_AGENT_REFS = '(other)'
/** The references agents may send (1 to 64 letters, digits, dots, dashes, underscores). */
const AGENT_REF = /^[A-Za-z0-9._-]{1,64}$/

/**
 * The service's Prometheus metrics, in a registry of its own (so that tests can build several
 * services in one process). Labels are bounded: route templates, never paths; status codes;
 * channels; at most MAX_AGENT_REF_LABELS agent references.
 */
export class ServiceMetrics {
  readonly registry = new Registry()
  /** Observed on every answer: see LeanHistogram. */
  readonly requestDuration: LeanHistogram
  readonly storeDuration: LeanHistogram
  readonly quotes: Counter<'channel' | 'agent_ref'>
  readonly bookings: Counter<'channel' | 'agent_ref'>
  readonly cancellations: Counter<'channel' | 'agent_ref'>
  readonly rateLimitRefusals: Counter<'limit'>
  readonly overloadRefusals: Counter
  readonly storeFailures: Counter
  readonly #agentRefs = new BoundedLabel(MAX_AGENT_REF_LABELS, OTHER_AGENT_REFS)
  readonly #withProcess: boolean

  constructor(options: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry]
    this.requestDuration = new LeanHistogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route template and status code; its _count counts requests',
      labelNames: ['method', 'route', 'status_code'],
      buckets: REQUEST_BUCKETS,
      registers,
    })
    this.storeDuration = new LeanHistogram({
      name: 'rental_store_operation_duration_seconds',
      help: 'Time of each store operation (a read or write of bookings, quotes, the outbox), by store and operation',
      labelNames: ['store', 'operation'],
      buckets: STORE_BUCKETS,
      registers,
    })
    this.quotes = new Counter({
      name: 'rental_quotes_total',
      help: 'Quotes given and stored, by channel (api, mcp, website) and agent_ref ("" without one)',
      labelNames: ['channel', 'agent_ref'],
      registers,
    })
    this.bookings = new Counter({
      name: 'rental_bookings_total',
      help: 'Bookings made, by channel and the agent_ref of their quote ("" without one)',
      labelNames: ['channel', 'agent_ref'],
      registers,
    })
    this.cancellations = new Counter({
      name: 'rental_cancellations_total',
      help: 'Bookings cancelled through this instance, by channel and the agent_ref of their quote',
      labelNames: ['channel', 'agent_ref'],
      registers,
    })
    this.rateLimitRefusals = new Counter({
      name: 'rental_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit: api (the agent API and /mcp) or booking (website confirmations)',
      labelNames: ['limit'],
      registers,
    })
    this.overloadRefusals = new Counter({
      name: 'rental_overload_refusals_total',
      help: 'Requests refused with 503 because the event loop was overloaded',
      registers,
    })
    this.storeFailures = new Counter({
      name: 'rental_store_unavailable_total',
      help: 'Requests answered 503 because the store could not be reached',
      registers,
    })
    // Series that exist from the start read 0 rather than missing, so rates and alerts see them.
    for (const channel of CHANNELS) {
      for (const counter of [this.quotes, this.bookings, this.cancellations]) {
        counter.inc({ channel, agent_ref: '' }, 0)
      }
    }
    for (const limit of ['api', 'booking'] as const) this.rateLimitRefusals.inc({ limit }, 0)
    this.#withProcess = options.defaultMetrics !== false
    // Started now, so that the first scrape has figures since the start.
    if (this.#withProcess) processMetrics()
  }

  /**
   * Records one answer of a route: made once per route and method, it keeps the labelled series of
   * each status code it has seen, so that an answer costs a map lookup and an observation.
   */
  requestRecorder(method: string, route: string): (statusCode: number, seconds: number) => void {
    const byStatus = new Map<number, HistogramSeries>()
    const histogram = this.requestDuration
    return (statusCode, seconds) => {
      let series = byStatus.get(statusCode)
      if (series === undefined) {
        series = histogram.series(method, route, String(statusCode))
        byStatus.set(statusCode, series)
      }
      series.observe(seconds)
    }
  }

  /** The agent_ref label of a quote or a booking: "" without one, bounded in number. */
  agentRefLabel(agentRef: string | null | undefined): string {
    if (agentRef === null || agentRef === undefined || agentRef === '') return ''
    return AGENT_REF.test(agentRef) ? this.#agentRefs.of(agentRef) : OTHER_AGENT_REFS
  }

  /** Gauges read when the metrics are scraped; a source that fails leaves its gauges as they were. */
  readOnScrape(state: ScrapedState): void {
    const registers = [this.registry]
    const ready = state.ready
    if (ready) {
      new Gauge({
        name: 'rental_ready',
        help: '1 when the store and the shared rate-limit count answer (as GET /ready), else 0',
        registers,
        async collect() {
          this.set((await ready().catch(() => false)) ? 1 : 0)
        },
      })
    }
    const outbox = state.outbox
    if (outbox) {
      // The registry collects every metric at once: the two gauges share one query.
      let last: Awaited<ReturnType<typeof outbox>> | undefined
      const read = inFlightShared(async () => {
        last = await outbox().catch(() => last)
      })
      new Gauge({
        name: 'rental_outbox_messages',
        help: 'Outbox messages not delivered: pending (waiting or being retried) and failed (given up)',
        labelNames: ['status'],
        registers,
        async collect() {
          await read()
          if (!last) return
          this.set({ status: 'pending' }, last.pending)
          this.set({ status: 'failed' }, last.failed)
        },
      })
      new Gauge({
        name: 'rental_outbox_oldest_pending_age_seconds',
        help: 'Age of the oldest message waiting to be delivered; 0 when none waits',
        registers,
        async collect() {
          await read()
          if (last) this.set(last.oldestPendingSeconds)
        },
      })
    }
    const pool = state.postgresPool
    if (pool) {
      new Gauge({
        name: 'rental_postgres_pool_connections',
        help: "PostgreSQL connections of this instance's pool: open (total), idle, and its maximum",
        labelNames: ['state'],
        registers,
        collect() {
          const now = pool()
          this.set({ state: 'total' }, now.total)
          this.set({ state: 'idle' }, now.idle)
          this.set({ state: 'max' }, now.max)
        },
      })
      new Gauge({
        name: 'rental_postgres_pool_waiting_requests',
        help: 'Queries waiting for a free PostgreSQL connection',
        registers,
        collect() {
          this.set(pool().waiting)
        },
      })
    }
    const redis = state.redis
    if (redis) {
      new Gauge({
        name: 'rental_redis_connected',
        help: '1 while the Redis connection of a rate limit is ready, else 0',
        labelNames: ['limit'],
        registers,
        collect() {
          for (const each of redis()) this.set({ limit: each.limit }, each.connected ? 1 : 0)
        },
      })
      new Gauge({
        name: 'rental_rate_limit_shared',
        help: '1 while a rate limit counts in Redis, shared by every instance; 0 while it counts in memory because Redis failed',
        labelNames: ['limit'],
        registers,
        collect() {
          for (const each of redis()) this.set({ limit: each.limit }, each.shared ? 1 : 0)
        },
      })
    }
  }

  /** The exposition text of every metric, and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    const registry = this.#withProcess
      ? Registry.merge([processMetrics(), this.registry])
      : this.registry
    return { contentType: registry.contentType, body: await registry.metrics() }
  }
}

/** Callers arriving while a read is running share it, rather than starting one each. */
function inFlightShared(read: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  return () => {
    running ??= read().finally(() => {
      running = undefined
    })
    return running
  }
}

/**
 * prom-client's default metrics, all but one: CPU, memory, file descriptors, event-loop lag,
 * handles and resources, heap and heap spaces, Node's version. Left out is the garbage
 * collection histogram (`nodejs_gc_duration_seconds`): its performance observer makes Node
 * build and deliver an entry for every collection, and with the young generation collected a few
 * hundred times a second under load it cost 0.8 us of CPU per availability answer in paired runs,
 * more than every other metric together. prom-client's `collectDefaultMetrics` takes no list, so
 * each is registered by its own module, as it registers them.
 */
const DEFAULT_METRICS = [
  'processCpuTotal',
  'processStartTime',
  'osMemoryHeap',
  'processOpenFileDescriptors',
  'processMaxFileDescriptors',
  'eventLoopLag',
  'processResources',
  'processHandles',
  'processRequests',
  'heapSizeAndUsed',
  'heapSpacesSizeAndUsed',
  'version',
]

let processRegistry: Registry | undefined
/**
 * Node's metrics are the process's: collected once, however many services a process opens (the
 * tests open many), since the event-loop monitor runs for good once started.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    const registry = new Registry()
    const load = createRequire(import.meta.url)
    const config = { eventLoopMonitoringPrecision: 10 }
    for (const name of DEFAULT_METRICS) {
      const collect = load(`prom-client/lib/metrics/${name}.js`) as (
        register: Registry,
        settings: typeof config,
      ) => void
      collect(registry, config)
    }
    processRegistry = registry
  }
  return processRegistry
}
