import assert from 'node:assert/strict'
import { after, before, describe } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { bookUrl } from '../helpers/booking-pages.ts'
import { TestDatabases } from '../store/postgres-test-databases.ts'
import { TcpProxy } from '../store/tcp-proxy.ts'
import { LAST_UNITS, rentalAhead } from './demo-rentals.ts'
import {
  deleteRedisKeys,
  POSTGRES_URL,
  redisEnv,
  runKeyPrefix,
  testNeeding,
  unavailable,
} from './prerequisites.ts'
import { type Answer, Instances, jsonOf, ms, type ServiceInstance } from './service-instances.ts'

/*
 * PostgreSQL going away under a running instance, as a separate process whose DATABASE_URL goes
 * through a TCP proxy: stopping the proxy is the database stopping (connections cut, new ones
 * refused), freezing it is the database hanging. The machine's PostgreSQL is never touched.
 */

/** What an agent may wait for an answer while the database is down or hangs (issue 5). */
const UNAVAILABLE_WITHIN_MS = 2000
/** How soon after the database is back the instance must answer again, without a restart. */
const RECOVERED_WITHIN_MS = 5000

/** A 503 as the API sends it while the store cannot be reached. */
function assertUnavailable(answer: Answer, which: string): void {
  assert.equal(answer.status, 503, `${which}: ${answer.status} ${answer.body.slice(0, 300)}`)
  assert.match(String(answer.headers.get('content-type')), /^application\/json/, which)
  assert.equal(jsonOf<{ code: string }>(answer).code, 'service_unavailable', which)
  assert.match(String(answer.headers.get('retry-after')), /^[1-9][0-9]*$/, `${which}: Retry-After`)
  assert.ok(answer.ms < UNAVAILABLE_WITHIN_MS, `${which} took ${ms(answer.ms)}`)
}

describe('PostgreSQL stopped, or hanging, under a running instance', () => {
  const databases = new TestDatabases(POSTGRES_URL)
  const instances = new Instances()
  const prefix = runKeyPrefix()
  let proxy: TcpProxy | undefined
  let instance: ServiceInstance
  const search = rentalAhead(LAST_UNITS.teslaAtChristchurch, 90)
  const availability = bookUrl(search, '/api/agent/vehicles/availability')
  const quote = bookUrl({ ...search, vehicle_id: '1' }, '/api/agent/quotes')

  before(async () => {
    if (unavailable(['PostgreSQL'])) return
    const direct = new URL(await databases.create())
    proxy = await TcpProxy.start(direct.hostname, Number(direct.port || 5432))
    const throughProxy = new URL(direct)
    throughProxy.hostname = '127.0.0.1'
    throughProxy.port = String(proxy.port)
    instance = await instances.start({
      name: 'instance behind the database proxy',
      databaseUrl: throughProxy.toString(),
      // Each test polls the API; the rate limit is not what it is about.
      env: { ...redisEnv(prefix), RATE_LIMIT_MAX: '100000' },
    })
  })

  after(async () => {
    await instances.stopAll()
    await proxy?.close()
    await databases.dropAll()
    await deleteRedisKeys(prefix)
  })

  /** Polls the availability API until it answers 200, and says how long that took. */
  async function untilAnswering(since: number): Promise<number> {
    for (;;) {
      const answer = await instance.request(availability, { timeoutMs: 5000 })
      assert.ok(
        answer.status === 200 || answer.status === 503,
        `while recovering: ${answer.status} ${answer.body}`,
      )
      if (answer.status === 200) return performance.now() - since
      assert.ok(
        performance.now() - since < RECOVERED_WITHIN_MS,
        `still ${answer.status} ${ms(performance.now() - since)} after the database came back`,
      )
      await sleep(100)
    }
  }

  testNeeding(
    ['PostgreSQL'],
    'stopped: 503 JSON with Retry-After within 2 s, /ready 503, /health 200, no 500, no crash; started: 200 again without a restart',
    async (t) => {
      assert.ok(proxy)
      assert.equal((await instance.request(availability)).status, 200, 'answers before the outage')

      proxy.set('down')
      const answers: Answer[] = []
      for (let round = 1; round <= 3; round++) {
        const first = await instance.request(availability, { timeoutMs: 5000 })
        assertUnavailable(first, `availability, round ${round}`)
        const priced = await instance.request(quote, { timeoutMs: 5000 })
        assertUnavailable(priced, `quote, round ${round}`)
        answers.push(first, priced)
      }
      const ready = await instance.request('/ready', { timeoutMs: 5000 })
      assert.equal(ready.status, 503, `/ready: ${ready.body}`)
      assert.ok(ready.ms < UNAVAILABLE_WITHIN_MS, `/ready took ${ms(ready.ms)}`)
      const health = await instance.request('/health')
      assert.equal(health.status, 200, '/health: the process is alive')
      assert.ok(instance.running, `the instance is still running\n${instance.log()}`)
      assert.doesNotMatch(instance.log(), /"statusCode":500|unexpected error/)

      proxy.set('up')
      const recoveredAfter = await untilAnswering(performance.now())
      const readyAgain = await instance.request('/ready')
      assert.equal(readyAgain.status, 200, `/ready after the outage: ${readyAgain.body}`)
      assert.ok(instance.running, 'the same process answers: no restart')
      t.diagnostic(
        `database stopped: 503 in ${answers.map((answer) => ms(answer.ms)).join(', ')} ` +
          `(slowest ${ms(Math.max(...answers.map((answer) => answer.ms)))}); /ready 503 in ${ms(ready.ms)}; ` +
          `started again: 200 after ${ms(recoveredAfter)}`,
      )
    },
  )

  testNeeding(
    ['PostgreSQL'],
    'hanging: every request answers within 2 s, a quote 503; searches answer from memory only until the silent connection is noticed, then 503; then 200 again once it answers',
    async (t) => {
      assert.ok(proxy)
      assert.equal((await instance.request(availability)).status, 200, 'answers before the outage')

      proxy.set('frozen')
      const frozenAt = performance.now()
      const answers = await Promise.all([
        instance.request(availability, { timeoutMs: 5000 }),
        instance.request(quote, { timeoutMs: 5000 }),
        instance.request(availability, { timeoutMs: 5000 }),
      ])
      // A quote is stored: it cannot be given while the database hangs.
      assertUnavailable(answers[1] as Answer, 'a quote while the database hangs')
      // A search may still be answered from the copy of booked days in memory, as long as its
      // notification connection is not known to be lost: no booking can commit meanwhile on a
      // database that hangs for everyone. Else (the copy was still loading) it is a 503.
      for (const answer of [answers[0], answers[2]] as Answer[]) {
        if (answer.status !== 200) assertUnavailable(answer, 'a search while the database hangs')
        assert.ok(answer.ms < UNAVAILABLE_WITHIN_MS, `a search took ${ms(answer.ms)}`)
      }
      // Once the heartbeat found the connection silent (within 2 s), searches read the table: 503.
      await sleep(Math.max(0, frozenAt + UNAVAILABLE_WITHIN_MS + 500 - performance.now()))
      const later = await instance.request(availability, { timeoutMs: 5000 })
      const laterAt = performance.now() - frozenAt
      assertUnavailable(later, 'a search once the silence is noticed')
      assert.ok(instance.running, `the instance is still running\n${instance.log()}`)

      proxy.set('up')
      const recoveredAfter = await untilAnswering(performance.now())
      t.diagnostic(
        `database hanging: ${answers.map((answer) => `${answer.status} in ${ms(answer.ms)}`).join(', ')}; ` +
          `${later.status} in ${ms(later.ms)}, answered ${ms(laterAt)} after the freeze; ` +
          `answering again: 200 after ${ms(recoveredAfter)}`,
      )
    },
  )
})
