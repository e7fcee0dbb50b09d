import type { Quote } from '../domain/quote.ts'
import type { Store } from '../store/store.ts'
import type { VerbContext } from '../verbs/context.ts'
import type { Channel, ServiceMetrics } from './service-metrics.ts'
import { wrapStore } from './store-methods.ts'

/** Anything that may carry the agent's reference (`agentRef`): a quote, a booking's price. */
type MaybeAttributed = object | null | undefined

/** The agent's own reference (`agent_ref`) of a quote or a booked price, when it has one. */
export function agentRefOf(priced: MaybeAttributed): string | null {
  const agentRef = (priced as { agentRef?: unknown } | null | undefined)?.agentRef
  return typeof agentRef === 'string' && agentRef !== '' ? agentRef : null
}

/**
 * The verbs' context as one door (the API, MCP, the website) uses it: the same in everything, but
 * that the quotes, bookings and cancellations written through it are counted for that channel
 * once the store has written them. The verbs stay as they are; each door is given its own
 * context once, at start-up.
 */
export function countedContext(
  ctx: VerbContext,
  metrics: ServiceMetrics | undefined,
  channel: Channel,
): VerbContext {
  if (!metrics) return ctx
  // Every other field reads through to `ctx`, so that a later change to it (a test's clock) holds.
  const counted = {} as VerbContext
  const store = countingStore(ctx.store, metrics, channel)
  for (const key of Object.keys(ctx) as (keyof VerbContext)[]) {
    Object.defineProperty(
      counted,
      key,
      key === 'store'
        ? { enumerable: true, value: store }
        : { enumerable: true, get: () => ctx[key] },
    )
  }
  return counted
}

function countingStore(store: Store, metrics: ServiceMetrics, channel: Channel): Store {
  const counted = (counter: ServiceMetrics['quotes'], priced: MaybeAttributed): void => {
    counter.inc({ channel, agent_ref: metrics.agentRefLabel(agentRefOf(priced)) })
  }
  return wrapStore(store, (name) => {
    switch (name) {
      // Counted once written; `then` rather than an async function, which would cost the quote's
      // answer another turn of the promise queue.
      case 'saveQuote':
        return (quote) =>
          store.saveQuote(quote as Quote).then(() => counted(metrics.quotes, quote as Quote))
      case 'createBooking':
        return (...args) =>
          store.createBooking(...(args as Parameters<Store['createBooking']>)).then((made) => {
            if (made.outcome === 'booked') counted(metrics.bookings, priceOf(args[0]))
            return made
          })
      case 'cancelBooking':
        return (...args) =>
          store.cancelBooking(...(args as Parameters<Store['cancelBooking']>)).then((result) => {
            if (result.outcome === 'cancelled') counted(metrics.cancellations, result.booking.price)
            return result
          })
      default:
        return undefined
    }
  })
}

function priceOf(booking: unknown): MaybeAttributed {
  return (booking as Parameters<Store['createBooking']>[0]).price as MaybeAttributed
}
