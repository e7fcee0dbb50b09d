import type { RateLimitDecision } from './rate-limiter.ts'

/** The plain-text body of a 429, as the rate limiter sends it and the documents show it. */
export function tooManyRequestsText(
  limit: number,
  windowSeconds: number,
  resetAt: string,
  retryAfterSeconds: number,
): string {
  return `Too many requests: the limit is ${limit} requests per ${windowSeconds} seconds. Retry after ${resetAt} (in ${retryAfterSeconds} seconds).\n`
}

/** The 429 body the documents show as their example, with the reset instant they give. */
export function exampleTooManyRequestsText(
  limit: number,
  windowSeconds: number,
  resetAt: string,
): string {
  return tooManyRequestsText(limit, windowSeconds, resetAt, 42)
}

/** The refusal of a decision over the limit, as a tool's result says it (stdio and /mcp alike). */
export function refusalText(decision: RateLimitDecision, windowSeconds: number): string {
  const retryAfter = Math.max(0, Math.ceil((decision.resetAt.getTime() - Date.now()) / 1000))
  return tooManyRequestsText(
    decision.limit,
    windowSeconds,
    decision.resetAt.toISOString(),
    retryAfter,
  )
}
