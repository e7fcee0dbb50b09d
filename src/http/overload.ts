import fastifyUnderPressure from '@fastify/under-pressure'
import type { FastifyInstance } from 'fastify'

/**
 * How often the event-loop delay is sampled. The mean over a sample must pass the threshold, so
 * a saturated loop is noticed one or two samples after it starts, and requests are refused from
 * then on: within 1 s of saturation, in about 0.6 s as measured under a flood (with 250 ms samples
 * it was 0.8 s, too near the 1 s asked for).
 */
export const OVERLOAD_SAMPLE_INTERVAL_MS = 100

/**
 * How long after start-up the delay is not yet believed. The plugin measures from its
 * registration, which comes before the routes (so that the hook below sees them all), so its
 * first samples hold the start-up's own work (compiling every route's schemas) and read as a
 * saturated loop; a fresh instance on a busy machine answered its first requests 503. A second
 * on, the reading comes from samples begun after start-up, even if start-up's last block
 * delayed the sampling timer.
 */
export const OVERLOAD_WARM_UP_MS = 1000

/** The process is too busy to answer in time: refused with a 503 and Retry-After, never queued. */
export class ServiceOverloadedError extends Error {
  constructor() {
    super('The service is overloaded')
    this.name = 'ServiceOverloadedError'
  }
}

/**
 * Watches the event loop (@fastify/under-pressure): while its mean delay over the last sample is
 * above `maxEventLoopDelayMs`, requests are answered at once with a 503 instead of waiting their
 * turn behind work that is already late, and they are let through again at the first sample
 * after the load drops. 0 turns the check off.
 *
 * The refusal is an error that each area's error handler renders in its own medium (JSON for
 * the API and documents, a page for /book). `/health` is never refused: a busy process is alive,
 * and an orchestrator must not restart it for being busy. The agent API refuses in its own
 * scope, after counting the request, so that its 503 carries the rate-limit headers like every
 * API response (api-gate.ts), with the function returned here: whether the process is overloaded
 * now. Neither refuses anything in the first OVERLOAD_WARM_UP_MS after start-up.
 */
export async function registerOverloadGuard(
  app: FastifyInstance,
  options: { maxEventLoopDelayMs: number; apiPrefix: string },
): Promise<() => boolean> {
  const apiPath = `${options.apiPrefix}/`
  let believedFrom = Number.POSITIVE_INFINITY
  app.addHook('onReady', (done) => {
    believedFrom = performance.now() + OVERLOAD_WARM_UP_MS
    done()
  })
  // The plugin only samples the loop, in a scope of its own that holds no route: its own request
  // hook, which builds `request.routeOptions` (an object of a dozen fields) for every request of
  // the site, then never runs. The one hook below asks it a yes or no instead.
  let underPressure = () => false
  await app.register(async (scope) => {
    await scope.register(fastifyUnderPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      sampleInterval: OVERLOAD_SAMPLE_INTERVAL_MS,
    })
    underPressure = () => scope.isUnderPressure()
  })
  const isOverloaded = () => performance.now() >= believedFrom && underPressure()
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.url
    if (
      !isOverloaded() ||
      url.startsWith(apiPath) ||
      url === '/health' ||
      url.startsWith('/health?')
    ) {
      done()
      return
    }
    done(new ServiceOverloadedError())
  })
  return isOverloaded
}
