import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { describe, test } from 'node:test'
import { loadConfig } from '../../src/config.ts'
import { requestLogging } from '../../src/http/request-logging.ts'
import { openService } from '../../src/service.ts'
import { FIXED_NOW, RULES_FLEET_FILE, SITE_URL } from '../helpers/test-app.ts'

/*
 * Fastify's two lines per request are written at info and below, and not even built above it;
 * a failure is logged, with its request id, at every level.
 */

async function serviceLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line))
      done()
    },
  })
  const service = await openService(
    loadConfig({ PUBLIC_URL: SITE_URL, FLEET_FILE: RULES_FLEET_FILE }),
    { now: () => FIXED_NOW, databaseFile: ':memory:', logger: { level, stream } },
  )
  return { ...service, lines }
}

const SEARCH =
  '/api/agent/vehicles/availability?pick_up_depot_id=1&drop_off_depot_id=1&pick_up_date=2027-01-20&drop_off_date=2027-01-23'

describe('request logging', () => {
  test('above info, the two lines are not built: the request and reply are not even looked at', () => {
    const untouchable = new Proxy(
      {},
      {
        get(_target, name) {
          throw new Error(`looked at ${String(name)}`)
        },
      },
    ) as never
    for (const level of ['warn', 'error', 'fatal', 'silent']) {
      const controller = requestLogging({ level }).logController
      controller.incomingRequest(untouchable, untouchable)
      controller.requestCompleted(null, untouchable, untouchable)
    }
    // At info they are: the same call reads the request's logger.
    assert.throws(
      () =>
        requestLogging({ level: 'info' }).logController.incomingRequest(untouchable, untouchable),
      /looked at/,
    )
  })

  test("above info, a request's own logger is made only when something is written through it", () => {
    const made: unknown[] = []
    const written: unknown[] = []
    const child = { error: (...args: unknown[]) => written.push(args) }
    const parent = {
      level: 'warn',
      child: (bindings: unknown) => {
        made.push(bindings)
        return child
      },
    } as never
    const factory = requestLogging({ level: 'warn' }).childLoggerFactory
    assert.ok(factory)
    const logger = factory.call(
      undefined as never,
      parent,
      { reqId: 'req-1' },
      {},
      undefined as never,
    )
    assert.equal(logger.level, 'warn')
    assert.deepEqual(made, [])
    logger.error('failed')
    logger.error('again')
    assert.deepEqual(made, [{ reqId: 'req-1' }])
    assert.deepEqual(written, [['failed'], ['again']])
    // At info every request writes its lines: Fastify's own child, made at once.
    assert.equal(requestLogging({ level: 'info' }).childLoggerFactory, undefined)
  })

  test('at info, each request is logged as it comes and as it completes, with its id', async () => {
    const service = await serviceLoggingAt('info')
    try {
      for (let n = 0; n < 3; n++) assert.equal((await service.app.inject(SEARCH)).statusCode, 200)
      const messages = service.lines.filter((line) => line.reqId !== undefined)
      assert.deepEqual(
        messages.map((line) => line.msg),
        Array(3).fill(['incoming request', 'request completed']).flat(),
      )
      assert.equal(new Set(messages.map((line) => line.reqId)).size, 3)
    } finally {
      await service.app.close()
    }
  })

  test('at warn, answers write nothing, and a failure is still logged with its request id', async () => {
    const service = await serviceLoggingAt('warn')
    try {
      for (let n = 0; n < 3; n++) assert.equal((await service.app.inject(SEARCH)).statusCode, 200)
      assert.equal(service.lines.length, 0, JSON.stringify(service.lines))
      await service.store.close()
      // The next turn of the event loop, when the store is next asked about bookings.
      await new Promise((done) => setImmediate(done))
      assert.equal((await service.app.inject(SEARCH)).statusCode, 503)
      assert.equal(service.lines.length, 1, JSON.stringify(service.lines))
      assert.equal(service.lines[0]?.msg, 'store unavailable')
      assert.match(String(service.lines[0]?.reqId), /^req-/)
    } finally {
      await service.app.close()
    }
  })
})
