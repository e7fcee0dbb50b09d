import { DomainError } from '../domain/errors.ts'
import type { RateLimiter } from '../rate-limit/rate-limiter.ts'
import type { ApiDeps, TypedFastify } from './api-deps.ts'
import { rateLimitHook } from './rate-limit-hook.ts'
import { availabilityRoute } from './routes/availability-route.ts'
import { depotsRoute } from './routes/depots-route.ts'
import { quotesRoute } from './routes/quotes-route.ts'
import { vehicleOptionsRoutes } from './routes/vehicle-options-routes.ts'

/** The agent API under /api/agent: rate limited as a whole, unknown paths included. */
export function agentApi(deps: ApiDeps & { rateLimiter: RateLimiter }) {
  return async function register(app: TypedFastify): Promise<void> {
    app.addHook('onRequest', rateLimitHook(deps.rateLimiter))
    depotsRoute(app, deps)
    availabilityRoute(app, deps)
    vehicleOptionsRoutes(app, deps)
    quotesRoute(app, deps)
    app.setNotFoundHandler(async (request) => {
      throw new DomainError(
        'not_found',
        `${request.method} ${request.url.split('?')[0]} is not an endpoint of this API; the endpoints are GET /depots, /vehicles/availability, /vehicles/{vehicleId}/accessories, /vehicles/{vehicleId}/insurance-types and /quotes`,
      )
    })
  }
}
