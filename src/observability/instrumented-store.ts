import type { OutboxMessage } from '../notifications/outbox-message.ts'
import type { Store } from '../store/store.ts'
import type { ServiceMetrics } from './service-metrics.ts'
import { wrapStore } from './store-methods.ts'
import type { Tracing } from './tracing.ts'

/** The store's database, as metrics and traces name it (OpenTelemetry's `db.system.name`). */
export type StoreSystem = 'sqlite' | 'postgresql'

/**
 * The store with every operation timed into `rental_store_operation_duration_seconds` and, with
 * tracing, run in a child span of the request's (`store bookedUnits`). An answer the embedded
 * store gives at once stays a value, not a promise (see maybe-async.ts): timing it costs two
 * reads of the clock and an observation.
 */
export function instrumentStore(
  store: Store,
  options: { system: StoreSystem; metrics?: ServiceMetrics; tracing?: Tracing },
): Store {
  const { system, metrics, tracing } = options
  if (!metrics && !tracing) return store
  return wrapStore(store, (operation, bound) => {
    let method = bound
    if (operation === 'close') return undefined
    if (tracing && operation === 'createBooking') method = rememberWritten(method, tracing, 2)
    if (tracing && operation === 'cancelBooking') method = rememberMadeBy(method, tracing, 2)
    const series = metrics?.storeDuration.series(system, operation)
    const attributes = { 'db.system.name': system, 'db.operation.name': operation }
    const name = `store ${operation}`
    const run = tracing
      ? (...args: unknown[]) => tracing.inSpan(name, attributes, () => method(...args))
      : method
    if (!series) return run
    return (...args) => {
      const started = performance.now()
      let result: unknown
      try {
        result = run(...args)
      } catch (error) {
        series.observe((performance.now() - started) / 1000)
        throw error
      }
      if (result instanceof Promise) {
        const record = () => series.observe((performance.now() - started) / 1000)
        result.then(record, record)
      } else {
        series.observe((performance.now() - started) / 1000)
      }
      return result
    }
  })
}

type Method = (...args: unknown[]) => unknown

/** The messages in argument `index` are remembered as written by the active span (a booking's). */
function rememberWritten(method: Method, tracing: Tracing, index: number): Method {
  return (...args) => {
    tracing.rememberMessages((args[index] as OutboxMessage[]).map((message) => message.id))
    return method(...args)
  }
}

/** The messages the function in argument `index` makes (a cancellation's) are remembered so. */
function rememberMadeBy(method: Method, tracing: Tracing, index: number): Method {
  return (...args) => {
    const make = args[index] as (...made: unknown[]) => OutboxMessage[]
    args[index] = (...made: unknown[]) => {
      const messages = make(...made)
      tracing.rememberMessages(messages.map((message) => message.id))
      return messages
    }
    return method(...args)
  }
}
