import underPressure from '@fastify/under-pressure'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * How often the event-loop delay is sampled. A saturated loop is noticed at the next sample, so
 * requests are refused within about this long (plus one turn of the busy loop): well under 1 s.
 */
export const OVERLOAD_SAMPLE_INTERVAL_MS = 250

/**
 * How long after start-up the delay is not yet believed: four samples. The plugin measures from
 * its registration, which must come before the routes so that its hook sees them all, so its
 * first samples hold the start-up's own work (compiling every route's schemas) and read as a
 * saturated loop; a fresh instance on a busy machine answered its first requests 503. Four
 * samples on, the reading comes from a sample begun after start-up, even if start-up's last
 * block delayed the sampling timer.
 */
export const OVERLOAD_WARM_UP_MS = 4 * OVERLOAD_SAMPLE_INTERVAL_MS

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
  const warmedUp = () => performance.now() >= believedFrom
  // Registered on the root instance: the plugin's hook then sees every request of the site.
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: OVERLOAD_SAMPLE_INTERVAL_MS,
    pressureHandler: (request: FastifyRequest) => {
      if (
        !warmedUp() ||
        request.routeOptions.url === '/health' ||
        request.url.startsWith(apiPath)
      ) {
        return undefined
      }
      return Promise.reject(new ServiceOverloadedError())
    },
  })
  return () => warmedUp() && app.isUnderPressure()
}
