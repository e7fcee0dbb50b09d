import { DomainError } from '../domain/errors.ts'
import type { RateLimiter } from '../rate-limit/rate-limiter.ts'
import type { ApiDeps, TypedFastify } from './api-deps.ts'
import { apiGate } from './api-gate.ts'
import { endpointPathTest, methodNotAllowed, refuseOtherMethods } from './method-not-allowed.ts'
import { checkQuery } from './query-check.ts'
import { availabilityRoute } from './routes/availability-route.ts'
import { depotsRoute } from './routes/depots-route.ts'
import { flexibleRoute } from './routes/flexible-route.ts'
import { quotesRoute } from './routes/quotes-route.ts'
import { routesRoute } from './routes/routes-route.ts'
import { unavailableRoute } from './routes/unavailable-route.ts'
import { vehicleOptionsRoutes } from './routes/vehicle-options-routes.ts'
import { vehiclesRoute } from './routes/vehicles-route.ts'

/**
 * The agent API under /api/agent: rate limited as a whole, unknown paths included. After the
 * count, and before any parameter is read, an overloaded process or an oversized query string
 * is refused.
 */
export function agentApi(
  deps: ApiDeps & { rateLimiter: RateLimiter; isOverloaded: () => boolean },
) {
  return async function register(app: TypedFastify): Promise<void> {
    app.addHook('onRequest', apiGate(deps.rateLimiter, deps.isOverloaded))
    // Only where parameters are read: GET /depots takes none, so it ignores its query (and the
    // spec gives it no 400). A route's own hooks run after the gate's count.
    // Each endpoint's path, to answer the other methods there with a 405 once all are known.
    const endpoints: string[] = []
    app.addHook('onRoute', (route) => {
      if (route.method === 'GET') endpoints.push(route.routePath)
      const query = route.schema?.querystring as { properties?: object } | undefined
      if (!query) return
      const own = route.onRequest === undefined ? [] : [route.onRequest].flat()
      route.onRequest = [checkQuery(Object.keys(query.properties ?? {})), ...own] as never
    })
    depotsRoute(app, deps)
    routesRoute(app, deps)
    vehiclesRoute(app, deps)
    availabilityRoute(app, deps)
    flexibleRoute(app, deps)
    unavailableRoute(app, deps)
    vehicleOptionsRoutes(app, deps)
    quotesRoute(app, deps)
    for (const path of endpoints) refuseOtherMethods(app, path)
    // A method Fastify does not route (SEARCH, PROPFIND) on an endpoint's path is the same 405.
    const isEndpoint = endpointPathTest(app.prefix, endpoints)
    app.setNotFoundHandler(async (request, reply) => {
      const readMethod = request.method === 'GET' || request.method === 'HEAD'
      if (!readMethod && isEndpoint(request.url)) return methodNotAllowed(request, reply)
      throw new DomainError(
        'not_found',
        `${request.method} ${request.url.split('?')[0]} is not an endpoint of this API; the endpoints are GET /depots, /routes, /vehicles, /vehicles/availability, /vehicles/availability/flexible, /vehicles/unavailable, /vehicles/{vehicleId}/accessories, /vehicles/{vehicleId}/insurance-types and /quotes`,
      )
    })
  }
}
