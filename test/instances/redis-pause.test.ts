import assert from 'node:assert/strict'
import { after, before, describe } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'
import { bookUrl } from '../helpers/booking-pages.ts'
import { TestDatabases } from '../store/postgres-test-databases.ts'
import { LAST_UNITS, rentalAhead } from './demo-rentals.ts'
import {
  deleteRedisKeys,
  POSTGRES_URL,
  REDIS_URL,
  runKeyPrefix,
  testNeeding,
  unavailable,
} from './prerequisites.ts'
import { type Answer, Instances, ms, type ServiceInstance } from './service-instances.ts'

/*
 * Redis stops answering under a running instance: `CLIENT PAUSE 3000 ALL` from a connection of
 * the test's own holds every client's commands, the instance's included, for 3 seconds. Requests
 * must neither hang nor fail meanwhile (the instance counts in memory), and afterwards they are
 * counted in the shared count again.
 */

const PAUSE_MS = 3000
/** The longest an answer may take while Redis does not answer (issue 5). */
const ANSWER_WITHIN_MS = 1000
/** How soon after the pause the instance must count in Redis again (issue 5). */
const SHARED_AGAIN_WITHIN_MS = 5000

describe('Redis paused under a running instance', () => {
  const databases = new TestDatabases(POSTGRES_URL)
  const instances = new Instances()
  const prefix = runKeyPrefix()
  let instance: ServiceInstance
  let admin: Redis | undefined
  const search = rentalAhead(LAST_UNITS.teslaAtChristchurch, 100)
  const requests = [
    bookUrl(search, '/api/agent/vehicles/availability'),
    bookUrl({ ...search, vehicle_id: '1' }, '/api/agent/quotes'),
    '/api/agent/depots',
  ]
  /** The instance's count for 127.0.0.1 in Redis (`<prefix>api:rl:<client>`). */
  const countKey = `${prefix}api:rl:127.0.0.1`

  before(async () => {
    if (unavailable(['PostgreSQL', 'Redis'])) return
    instance = await instances.start({
      name: 'instance sharing its count in Redis',
      databaseUrl: await databases.create(),
      // The test sends many requests from one address: no 429 may hide a slow or failed answer.
      env: { REDIS_URL, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_MAX: '100000' },
    })
    await instance.waitUntilReady()
    admin = new Redis(REDIS_URL)
    admin.on('error', () => {})
  })

  after(async () => {
    await instances.stopAll()
    admin?.disconnect()
    await databases.dropAll()
    // Waits out the pause if a failed test left it on.
    await deleteRedisKeys(prefix)
  })

  /** Sends every kind of request at once, round after round, until `until` (performance.now()). */
  async function sendUntil(until: number): Promise<Answer[]> {
    const answers: Answer[] = []
    while (performance.now() < until) {
      const round = await Promise.all(
        requests.map((path) => instance.request(path, { timeoutMs: 5000 })),
      )
      for (const [index, answer] of round.entries()) {
        assert.equal(answer.status, 200, `${requests[index]}: ${answer.status} ${answer.body}`)
        assert.ok(answer.ms < ANSWER_WITHIN_MS, `${requests[index]} took ${ms(answer.ms)}`)
      }
      answers.push(...round)
      await sleep(100)
    }
    return answers
  }

  testNeeding(
    ['PostgreSQL', 'Redis'],
    'CLIENT PAUSE 3000 ALL: every request answers within 1 s, none a 500; afterwards requests keep answering, counted in Redis again',
    async (t) => {
      assert.ok(admin)
      assert.equal((await instance.request('/api/agent/depots')).status, 200)
      assert.equal(await admin.get(countKey), '1', 'the instance counts in Redis before the pause')

      assert.equal(await admin.call('CLIENT', 'PAUSE', String(PAUSE_MS), 'ALL'), 'OK')
      const pauseEnds = performance.now() + PAUSE_MS
      // Early in the pause, so that its check of Redis cannot be answered once the pause ends.
      const ready = await instance.request('/ready', { timeoutMs: 5000 })
      assert.equal(ready.status, 503, `/ready while Redis does not answer: ${ready.body}`)
      assert.ok(ready.ms < ANSWER_WITHIN_MS, `/ready took ${ms(ready.ms)}`)
      // Until shortly before the pause ends, so that Redis answered none of these.
      const during = await sendUntil(pauseEnds - 300)
      assert.ok(instance.running, `the instance is still running\n${instance.log()}`)

      await sleep(Math.max(0, pauseEnds - performance.now()))
      // Back in the shared count: each request adds one to the instance's key in Redis. Twice in
      // a row, so that a command held by the pause and run at its end cannot pass for one.
      const polls: Answer[] = []
      let sharedAgainAfter: number | undefined
      let countedInRedis = 0
      while (sharedAgainAfter === undefined) {
        const before = Number(await admin.get(countKey))
        const answer = await instance.request('/api/agent/depots', { timeoutMs: 5000 })
        assert.equal(answer.status, 200, `after the pause: ${answer.status} ${answer.body}`)
        assert.ok(answer.ms < ANSWER_WITHIN_MS, `after the pause, a request took ${ms(answer.ms)}`)
        polls.push(answer)
        countedInRedis = Number(await admin.get(countKey)) === before + 1 ? countedInRedis + 1 : 0
        if (countedInRedis === 2) {
          sharedAgainAfter = performance.now() - pauseEnds
        } else {
          assert.ok(
            performance.now() - pauseEnds < SHARED_AGAIN_WITHIN_MS,
            'not counted in Redis again within 5 s of the pause',
          )
          await sleep(50)
        }
      }
      const afterPause = [...polls, ...(await sendUntil(performance.now() + 1000))]
      const readyAgain = await instance.request('/ready')
      assert.equal(readyAgain.status, 200, `/ready after the pause: ${readyAgain.body}`)

      const slowest = (answers: Answer[]) => ms(Math.max(...answers.map((answer) => answer.ms)))
      t.diagnostic(
        `during the pause: ${during.length} requests, all 200, slowest ${slowest(during)}; /ready 503 in ${ms(ready.ms)}; ` +
          `after it: ${afterPause.length} requests, all 200, slowest ${slowest(afterPause)}; ` +
          `counted in Redis again ${ms(sharedAgainAfter)} after the pause ended`,
      )
    },
  )
})
