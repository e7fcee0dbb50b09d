import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { type TestContext, test } from 'node:test'
import { Redis } from 'ioredis'
import { ADMIN_URL, displayUrl, unreachableReason } from '../store/postgres-test-databases.ts'

/*
 * What the multi-instance tests need from the machine: the real PostgreSQL and Redis. Each is
 * probed once per test file. A test needing one that does not answer is skipped with a reason
 * that names the service, its address and the error; when CI is set it runs and fails instead,
 * so that CI can never pass without having run these tests.
 */

export { ADMIN_URL as POSTGRES_URL }
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** CI must run these tests: there an unreachable PostgreSQL or Redis fails them. */
export const IN_CI = Boolean(process.env.CI) && !['false', '0', 'no'].includes(process.env.CI ?? '')

export type Service = 'PostgreSQL' | 'Redis'

/** host:port of a Redis URL, without its credentials. */
function redisAddress(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.hostname}:${parsed.port || '6379'}`
  } catch {
    return '(an address that is not a URL)'
  }
}

/** Why Redis cannot be used, or undefined when it answers a PING within a second. */
async function redisUnreachableReason(url: string): Promise<string | undefined> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    // Otherwise a timer of ioredis keeps the test process alive 2 s after a refused connection.
    disconnectTimeout: 0,
  })
  // The connection error ("connect ECONNREFUSED ...") says more than connect()'s rejection.
  let connectionError: Error | undefined
  probe.on('error', (error: Error) => {
    connectionError = error
  })
  try {
    await probe.connect()
    await probe.ping()
    return undefined
  } catch (error) {
    return (connectionError ?? (error instanceof Error ? error : new Error(String(error)))).message
  } finally {
    probe.disconnect()
  }
}

const [postgresError, redisError] = await Promise.all([
  unreachableReason(ADMIN_URL),
  redisUnreachableReason(REDIS_URL),
])

const problems: Record<Service, string | undefined> = {
  PostgreSQL:
    postgresError === undefined
      ? undefined
      : `PostgreSQL not reachable at ${displayUrl(ADMIN_URL)} (${postgresError}); start it or set TEST_POSTGRES_URL`,
  Redis:
    redisError === undefined
      ? undefined
      : `Redis not reachable at ${redisAddress(REDIS_URL)} (${redisError}); start it or set TEST_REDIS_URL`,
}

/** Why these services cannot be used, or undefined when all of them answer. */
export function unavailable(services: Service[]): string | undefined {
  const reasons = services.flatMap((service) => problems[service] ?? [])
  return reasons.length > 0 ? reasons.join('; ') : undefined
}

/** True when Redis answers, so that instances can share their rate-limit count through it. */
export const REDIS_ANSWERS = problems.Redis === undefined

/**
 * A test that needs these services: skipped, saying which service and why, when one does not
 * answer; under CI it runs and fails with the same reason instead.
 */
export function testNeeding(
  services: Service[],
  name: string,
  body: (t: TestContext) => Promise<void>,
): void {
  const why = unavailable(services)
  test(name, { skip: why !== undefined && !IN_CI ? `skipped: ${why}` : false }, async (t) => {
    if (why !== undefined) assert.fail(`${why} (CI is set, so this fails rather than skips)`)
    await body(t)
  })
}

/** A Redis key prefix no other run uses, so that runs sharing one Redis never share counts. */
export function runKeyPrefix(): string {
  return `test-instances-${randomUUID()}:`
}

/** The environment that points an instance at Redis under `prefix`; none when Redis is not there. */
export function redisEnv(prefix: string): Record<string, string> {
  return REDIS_ANSWERS ? { REDIS_URL, REDIS_KEY_PREFIX: prefix } : {}
}

/**
 * Deletes every key under `prefix`. Waits out a CLIENT PAUSE a failed test left behind, since the
 * pause holds this connection's commands too.
 */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  if (!REDIS_ANSWERS) return
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 })
  redis.on('error', () => {})
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000)
      if (keys.length > 0) await redis.del(...keys)
      cursor = next
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}
