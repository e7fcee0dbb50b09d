import assert from 'node:assert/strict'
import { get } from 'node:http'
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
import {
  type Answer,
  type Exit,
  Instances,
  jsonOf,
  ms,
  type ServiceInstance,
} from './service-instances.ts'

/*
 * SIGTERM while requests are in flight. To be sure they are in flight when the signal arrives,
 * the instance reaches PostgreSQL through a TCP proxy that the test freezes for 0.4 s:
 * every quote is then held waiting for the database, well inside the store's timeouts, when
 * SIGTERM is sent. The proxy then lets the database answer, and every quote must complete.
 */

const IN_FLIGHT = 20
/** The service's own deadline: it exits with 1 if requests have not finished by then. */
const EXIT_WITHIN_MS = 10_000

/**
 * A GET on a connection of its own that the client closes after the answer (`Connection: close`,
 * as curl or a one-off script sends), unlike fetch, which keeps its connections open for reuse.
 */
function getOnOwnConnection(url: string, timeoutMs: number): Promise<Answer> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === 'string') headers.set(name, value)
        }
        resolve({
          status: response.statusCode ?? 0,
          headers,
          body: Buffer.concat(chunks).toString(),
          ms: performance.now() - started,
        })
      })
    })
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    request.on('error', reject)
  })
}

/** The exit, or undefined if the process has not exited within `withinMs`. */
function exitWithin(instance: ServiceInstance, withinMs: number): Promise<Exit | undefined> {
  return Promise.race([
    instance.exited,
    sleep(withinMs, undefined, { ref: false }).then(() => undefined),
  ])
}

describe('graceful shutdown of an instance', () => {
  const databases = new TestDatabases(POSTGRES_URL)
  const instances = new Instances()
  const prefix = runKeyPrefix()
  let proxy: TcpProxy | undefined
  let closingClients: ServiceInstance
  let keepAliveClients: ServiceInstance
  const search = rentalAhead(LAST_UNITS.teslaAtChristchurch, 110)
  /** Vehicles 1 to 5 are stocked at Christchurch Airport (4) several times over. */
  const quote = (index: number) =>
    bookUrl({ ...search, vehicle_id: String((index % 5) + 1) }, '/api/agent/quotes')

  before(async () => {
    if (unavailable(['PostgreSQL'])) return
    const direct = new URL(await databases.create())
    proxy = await TcpProxy.start(direct.hostname, Number(direct.port || 5432))
    const throughProxy = new URL(direct)
    throughProxy.hostname = '127.0.0.1'
    throughProxy.port = String(proxy.port)
    const databaseUrl = throughProxy.toString()
    ;[closingClients, keepAliveClients] = (await instances.startTogether([
      { name: 'instance with closing clients', databaseUrl, env: redisEnv(prefix) },
      { name: 'instance with keep-alive clients', databaseUrl, env: redisEnv(prefix) },
    ])) as [ServiceInstance, ServiceInstance]
  })

  after(async () => {
    await instances.stopAll()
    await proxy?.close()
    await databases.dropAll()
    await deleteRedisKeys(prefix)
  })

  /**
   * Sends 20 quotes while the database is frozen, SIGTERM while they wait for it, then lets the
   * database answer; returns every answer (or the error of a dropped request) and the times.
   */
  async function sigtermWithQuotesInFlight(
    instance: ServiceInstance,
    send: (path: string) => Promise<Answer>,
  ) {
    assert.ok(proxy)
    assert.equal((await send(quote(0))).status, 200, 'a quote before the test')
    proxy.set('frozen')
    const inFlight = Array.from({ length: IN_FLIGHT }, (_, index) =>
      send(quote(index)).catch((error: unknown) => error as Error),
    )
    // Long enough for the requests to reach the service and wait for the database; short enough
    // that those queued for a pooled connection do not reach the pool's 1 s timeout.
    await sleep(200)
    const signalled = performance.now()
    assert.ok(instance.child.kill('SIGTERM'), 'SIGTERM sent')
    await sleep(200)
    assert.ok(instance.running, 'the process waits for the requests in flight')
    proxy.set('up')
    const released = performance.now()
    const answers = await Promise.all(inFlight)
    answers.forEach((answer, index) => {
      assert.ok(!(answer instanceof Error), `quote ${index + 1} was dropped: ${answer}`)
      assert.equal(answer.status, 200, `quote ${index + 1}: ${answer.status} ${answer.body}`)
      assert.match(jsonOf<{ quoteId: string }>(answer).quoteId, /^q_/)
    })
    const connection = (answers[0] as Answer).headers.get('connection')
    return { signalled, released, answeredAfter: performance.now() - signalled, connection }
  }

  testNeeding(
    ['PostgreSQL'],
    'SIGTERM with 20 quotes in flight from clients that close their connections: every one completes with 200; exit code 0 within 10 s',
    async (t) => {
      const instance = closingClients
      const { signalled, released, answeredAfter } = await sigtermWithQuotesInFlight(
        instance,
        (path) => getOnOwnConnection(`${instance.url}${path}`, 15_000),
      )
      const exit = await exitWithin(instance, EXIT_WITHIN_MS + 1000)
      const exitedAt = performance.now()
      assert.deepEqual(exit, { code: 0, signal: null }, `exit\n${instance.log()}`)
      assert.ok(
        exitedAt - signalled < EXIT_WITHIN_MS,
        `exited ${ms(exitedAt - signalled)} after SIGTERM`,
      )
      t.diagnostic(
        `${IN_FLIGHT} quotes in flight at SIGTERM, all 200 (the last ${ms(answeredAfter)} after SIGTERM); ` +
          `exit code 0 ${ms(exitedAt - signalled)} after SIGTERM, ${ms(exitedAt - released)} after the database answered again`,
      )
    },
  )

  testNeeding(
    ['PostgreSQL'],
    'SIGTERM with 20 quotes in flight on keep-alive connections (fetch, browsers, nginx upstream keepalive): every one completes with 200; exit code 0 within 10 s',
    async (t) => {
      const instance = keepAliveClients
      const { signalled, released, answeredAfter, connection } = await sigtermWithQuotesInFlight(
        instance,
        (path) => instance.request(path, { timeoutMs: 15_000 }),
      )
      // A connection left open after its answer would hold the process until the service's own
      // deadline, which exits with 1.
      const exit = await exitWithin(instance, EXIT_WITHIN_MS + 1000)
      const exitedAt = performance.now()
      assert.deepEqual(exit, { code: 0, signal: null }, `exit\n${instance.log()}`)
      assert.ok(
        exitedAt - signalled < EXIT_WITHIN_MS,
        `exited ${ms(exitedAt - signalled)} after SIGTERM`,
      )
      t.diagnostic(
        `${IN_FLIGHT} quotes in flight at SIGTERM, all 200 (the last ${ms(answeredAfter)} after SIGTERM, ` +
          `with Connection: ${connection}); exit code 0 ${ms(exitedAt - signalled)} after SIGTERM, ` +
          `${ms(exitedAt - released)} after the database answered again`,
      )
    },
  )
})
