import type { FastifyServerOptions } from 'fastify'
import { buildApp } from './app.ts'
import type { Config } from './config.ts'
import { openObservability, privateLogger } from './observability/observability.ts'
import { openServices } from './services.ts'

export type ServiceOptions = Omit<
  NonNullable<Parameters<typeof openServices>[1]>,
  'observability'
> & {
  logger?: FastifyServerOptions['logger']
}

/**
 * The whole service as `npm start` runs it, not yet listening: the store and rate limiters
 * opened, the app built on them. Closing the app closes them too. Tests build it the same way.
 */
export async function openService(config: Config, options: ServiceOptions = {}) {
  const observability = await openObservability(config)
  let services: Awaited<ReturnType<typeof openServices>>
  try {
    services = await openServices(config, { ...options, observability })
  } catch (error) {
    await observability.close()
    throw error
  }
  try {
    const app = await buildApp({
      ctx: services.ctx,
      rateLimiter: services.rateLimiter,
      bookingRateLimiter: services.bookingRateLimiter,
      config,
      ready: services.ready,
      logger: privateLogger(options.logger, observability.tracing),
      observability,
    })
    app.addHook('onClose', async () => {
      await services.close()
      // Last, so that the spans of the closing work are sent too.
      await observability.close()
    })
    return {
      app,
      store: services.store,
      ctx: services.ctx,
      outbox: services.outbox,
      reloadCatalogue: services.reloadCatalogue,
      metrics: observability.metrics,
    }
  } catch (error) {
    await services.close()
    await observability.close()
    throw error
  }
}
