import underPressure from '@fastify/under-pressure'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * How often the event-loop delay is sampled. A saturated loop is noticed at the next sample, so
 * requests are refused within about this long (plus one turn of the busy loop): well under 1 s.
 */
export const OVERLOAD_SAMPLE_INTERVAL_MS = 250

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
 * API response (api-gate.ts).
 */
export async function registerOverloadGuard(
  app: FastifyInstance,
  options: { maxEventLoopDelayMs: number; apiPrefix: string },
): Promise<void> {
  const apiPath = `${options.apiPrefix}/`
  // Registered on the root instance: the plugin's hook then sees every request of the site.
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: OVERLOAD_SAMPLE_INTERVAL_MS,
    pressureHandler: (request: FastifyRequest) => {
      if (request.routeOptions.url === '/health' || request.url.startsWith(apiPath)) {
        return undefined
      }
      return Promise.reject(new ServiceOverloadedError())
    },
  })
}
