import type { RateLimitDecision, RateLimiter } from '../rate-limit/rate-limiter.ts'
import type { RateLimitName, ServiceMetrics } from './service-metrics.ts'

/**
 * The limiter with its refusals counted in `rental_rate_limit_refusals_total`. A count kept in
 * memory still answers at once, without a promise (see RateLimiter.hit).
 */
export function countedRateLimiter(
  limiter: RateLimiter,
  metrics: ServiceMetrics | undefined,
  name: RateLimitName,
): RateLimiter {
  if (!metrics) return limiter
  const refusals = metrics.rateLimitRefusals.labels(name)
  const counted = (decision: RateLimitDecision): RateLimitDecision => {
    if (!decision.allowed) refusals.inc()
    return decision
  }
  return {
    limit: limiter.limit,
    windowSeconds: limiter.windowSeconds,
    hit(clientKey) {
      const decision = limiter.hit(clientKey)
      return decision instanceof Promise ? decision.then(counted) : counted(decision)
    },
    close: () => limiter.close(),
  }
}
