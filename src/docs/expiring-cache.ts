/**
 * A value built on first use and kept for as long as `keepForMs` says, then rebuilt. Concurrent
 * callers share one build, so a burst of requests on a cold cache builds once; a build that
 * throws is not kept, so the next caller tries again.
 */
export type ExpiringCache<T> = () => Promise<T>

export function expiringCache<T>(
  build: () => Promise<T>,
  keepForMs: (value: T) => number,
  now: () => Date,
): ExpiringCache<T> {
  let kept: { value: T; until: number } | undefined
  let building: Promise<T> | undefined
  return async () => {
    if (kept && now().getTime() < kept.until) return kept.value
    building ??= build()
      .then((value) => {
        kept = { value, until: now().getTime() + keepForMs(value) }
        return value
      })
      .finally(() => {
        building = undefined
      })
    return building
  }
}
