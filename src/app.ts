import { resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { DomainError } from './domain/errors.ts'
import { agentApi } from './http/api-plugin.ts'
import { sendError } from './http/error-response.ts'
import { frameworkErrorHandler } from './http/framework-error.ts'
import { validationError } from './http/validation-error.ts'
import { SiteLinks } from './presenters/site-links.ts'
import type { RateLimiter } from './rate-limit/rate-limiter.ts'
import type { VerbContext } from './verbs/context.ts'

export const API_PREFIX = '/api/agent'
const PUBLIC_DIR = resolve(import.meta.dirname, '../public')

export type AppDeps = {
  ctx: VerbContext
  rateLimiter: RateLimiter
  siteUrl: string
  logger?: FastifyServerOptions['logger']
}

/** Builds the whole service without listening, so tests can `inject` requests in-process. */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    ajv: {
      // Parameters are validated as text (see query-parameters.ts): no coercion, and the failing
      // value is kept so the 400 can quote it.
      customOptions: { coerceTypes: false, allErrors: false, verbose: true },
    },
    schemaErrorFormatter: validationError,
    // Bounds what a hostile URL can make the router and parser do.
    routerOptions: { maxParamLength: 100 },
    frameworkErrors: frameworkErrorHandler(API_PREFIX, deps.rateLimiter),
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>()

  app.setErrorHandler(sendError)
  app.setNotFoundHandler(async (request) => {
    throw new DomainError(
      'not_found',
      `${request.method} ${request.url.split('?')[0]} is not a page of this site`,
    )
  })

  await app.register(fastifyStatic, {
    root: resolve(PUBLIC_DIR, 'images'),
    prefix: '/images/',
    maxAge: '1d',
  })
  await app.register(
    agentApi({ ctx: deps.ctx, links: new SiteLinks(deps.siteUrl), rateLimiter: deps.rateLimiter }),
    { prefix: API_PREFIX },
  )
  return app
}
