import assert from 'node:assert/strict'
import { after, before, describe } from 'node:test'
import { TestDatabases } from '../store/postgres-test-databases.ts'
import {
  deleteRedisKeys,
  POSTGRES_URL,
  REDIS_ANSWERS,
  redisEnv,
  runKeyPrefix,
  testNeeding,
  unavailable,
} from './prerequisites.ts'
import { type Answer, Instances, type ServiceInstance } from './service-instances.ts'

/*
 * The API's rate limit (RATE_LIMIT_MAX, 100 a minute by default) across instances as separate
 * processes, every request sent from 127.0.0.1: one count shared through Redis by two instances,
 * and who the client is when X-Forwarded-For is sent by a trusted proxy, or spoofed by anyone else.
 * Each count starts empty: each instance group has its own Redis key prefix.
 */

const LIMIT = 100
/** A cheap counted request: every request under /api/agent counts. */
const COUNTED = '/api/agent/depots'

/** A 429 as the API sends it: plain text saying when to retry, with Retry-After in seconds. */
function assertTooMany(answer: Answer, which: string): void {
  assert.equal(answer.status, 429, `${which}: ${answer.status} ${answer.body.slice(0, 200)}`)
  assert.match(String(answer.headers.get('content-type')), /^text\/plain/, which)
  const retryAfter = Number(answer.headers.get('retry-after'))
  assert.ok(
    Number.isInteger(retryAfter) && retryAfter >= 0 && retryAfter <= 60,
    `${which}: Retry-After ${answer.headers.get('retry-after')}`,
  )
  assert.match(answer.body, /^Too many requests: the limit is 100 requests per 60 seconds/)
  assert.equal(answer.headers.get('x-ratelimit-remaining'), '0', which)
}

/** Sends `count` counted requests one after another, and checks each is admitted in turn. */
async function admitted(
  count: number,
  send: (request: number) => Promise<Answer>,
  which: string,
): Promise<void> {
  for (let request = 1; request <= count; request++) {
    const answer = await send(request)
    assert.equal(answer.status, 200, `${which}: request ${request} answered ${answer.status}`)
    assert.equal(
      answer.headers.get('x-ratelimit-remaining'),
      String(LIMIT - request),
      `${which}: remaining after request ${request}`,
    )
  }
}

describe('the rate limit across instances', () => {
  const databases = new TestDatabases(POSTGRES_URL)
  const instances = new Instances()
  const prefix = runKeyPrefix()
  let sharedOne: ServiceInstance
  let sharedTwo: ServiceInstance
  let behindProxy: ServiceInstance
  let exposed: ServiceInstance

  before(async () => {
    if (unavailable(['PostgreSQL'])) return
    const databaseUrl = await databases.create()
    ;[sharedOne, sharedTwo, behindProxy, exposed] = (await instances.startTogether([
      { name: 'shared one', databaseUrl, env: redisEnv(`${prefix}shared:`) },
      { name: 'shared two', databaseUrl, env: redisEnv(`${prefix}shared:`) },
      {
        name: 'behind a trusted proxy',
        databaseUrl,
        env: { ...redisEnv(`${prefix}trusted:`), TRUSTED_PROXIES: '127.0.0.1' },
      },
      { name: 'without trusted proxies', databaseUrl, env: redisEnv(`${prefix}untrusted:`) },
    ])) as [ServiceInstance, ServiceInstance, ServiceInstance, ServiceInstance]
    // Counting in Redis from the first request: each instance's connection to it is up.
    await Promise.all(
      [sharedOne, sharedTwo, behindProxy, exposed].map((instance) => instance.waitUntilReady()),
    )
  })

  after(async () => {
    await instances.stopAll()
    await databases.dropAll()
    await deleteRedisKeys(prefix)
  })

  testNeeding(
    ['PostgreSQL', 'Redis'],
    'the 101st request, alternating between two instances, is a 429 in plain text with Retry-After',
    async () => {
      const both = [sharedOne, sharedTwo]
      const on = (request: number) => both[request % 2] as ServiceInstance
      // Remaining counts down by one from either instance: one count, not one per instance.
      await admitted(LIMIT, (request) => on(request).request(COUNTED), 'alternating')
      assertTooMany(await on(LIMIT + 1).request(COUNTED), `request 101 on ${on(LIMIT + 1).name}`)
      assertTooMany(await on(LIMIT + 2).request(COUNTED), `request 102 on ${on(LIMIT + 2).name}`)
    },
  )

  testNeeding(
    ['PostgreSQL'],
    'with TRUSTED_PROXIES=127.0.0.1, each X-Forwarded-For address gets its own 100',
    async (t) => {
      const from = (client: string) => () =>
        behindProxy.request(COUNTED, { headers: { 'x-forwarded-for': client } })
      await admitted(LIMIT, from('203.0.113.10'), 'first forwarded client')
      assertTooMany(await from('203.0.113.10')(), 'the first client’s 101st request')
      await admitted(LIMIT, from('203.0.113.20'), 'second forwarded client')
      assertTooMany(await from('203.0.113.20')(), 'the second client’s 101st request')
      // The proxy's own requests, without the header, are counted apart again.
      const direct = await behindProxy.request(COUNTED)
      assert.equal(direct.status, 200)
      assert.equal(direct.headers.get('x-ratelimit-remaining'), String(LIMIT - 1))
      if (!REDIS_ANSWERS) t.diagnostic('Redis not reachable: this instance counts in memory')
    },
  )

  testNeeding(
    ['PostgreSQL'],
    'without TRUSTED_PROXIES, a spoofed X-Forwarded-For is ignored: rotating it does not escape the limit',
    async () => {
      const spoofed = (request: number) =>
        exposed.request(COUNTED, {
          headers: { 'x-forwarded-for': `198.51.100.${request % 250}, 10.0.0.${request % 250}` },
        })
      await admitted(LIMIT, spoofed, 'rotating X-Forwarded-For')
      assertTooMany(await spoofed(LIMIT + 1), 'the 101st request, with yet another address')
    },
  )
})
