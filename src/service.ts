import type { FastifyServerOptions } from 'fastify'
import { buildApp } from './app.ts'
import type { Config } from './config.ts'
import { openServices } from './services.ts'

export type ServiceOptions = Parameters<typeof openServices>[1] & {
  logger?: FastifyServerOptions['logger']
}

/**
 * The whole service as `npm start` runs it, not yet listening: the store and rate limiters
 * opened, the app built on them. Closing the app closes them too. Tests build it the same way.
 */
export async function openService(config: Config, options: ServiceOptions = {}) {
  const services = await openServices(config, options)
  try {
    const app = await buildApp({
      ctx: services.ctx,
      rateLimiter: services.rateLimiter,
      bookingRateLimiter: services.bookingRateLimiter,
      config,
      ready: services.ready,
      logger: options.logger,
    })
    app.addHook('onClose', async () => services.close())
    return {
      app,
      store: services.store,
      ctx: services.ctx,
      outbox: services.outbox,
      reloadCatalogue: services.reloadCatalogue,
    }
  } catch (error) {
    await services.close()
    throw error
  }
}
