import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'
import { RedisRateLimiter } from '../../src/rate-limit/redis-rate-limiter.ts'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
/** Every key this run writes starts with it, so that runs sharing one Redis do not share counts. */
const PREFIX = `test-${randomUUID()}:`
const LIMIT = 100
const WINDOW_SECONDS = 60
const IN_CI = Boolean(process.env.CI) && process.env.CI !== 'false'

/** host:port of a Redis URL, without its credentials, to say which Redis was not reachable. */
function redisAddress(url: string): string {
  const parsed = new URL(url)
  return `${parsed.hostname}:${parsed.port || '6379'}`
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
  })
  // The connection error says more ("connect ECONNREFUSED ...") than connect()'s rejection.
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

const unreachable = await redisUnreachableReason(REDIS_URL)
const skipReason =
  unreachable && !IN_CI
    ? `skipped: Redis not reachable at ${redisAddress(REDIS_URL)} (${unreachable}); start Redis or set TEST_REDIS_URL to run it`
    : false

/** A log that keeps what the limiter says, to check it says each change once. */
function recordingLog() {
  const lines: string[] = []
  return {
    lines,
    warn: (message: string) => lines.push(`warn: ${message}`),
    info: (message: string) => lines.push(`info: ${message}`),
  }
}

/** Times one call, in milliseconds. */
async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await call()
  return { value, ms: performance.now() - started }
}

/** Waits until the limiter's connection answers, as a service does before taking traffic. */
async function connected(limiter: RedisRateLimiter): Promise<void> {
  if (!(await limiter.connected(3000))) {
    throw new Error('the limiter did not connect to Redis within 3 s')
  }
  assert.equal(await limiter.ping(), true, 'connected, and Redis answers PING')
}

/** A TCP proxy to Redis that the test can stop and start, as Redis going down and coming back. */
function redisProxy(target: { host: string; port: number }) {
  let server: Server | undefined
  const sockets = new Set<Socket>()
  let port = 0
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = tcpConnect(target.port, target.host)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => {
            client.destroy()
            upstream.destroy()
          })
        }
        client.pipe(upstream).pipe(client)
      })
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address()
        if (address && typeof address === 'object') port = address.port
        resolve()
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      if (server) server.close(() => resolve())
      else resolve()
    })
  return { start, stop, url: () => withAddress(REDIS_URL, '127.0.0.1', port) }
}

/** The Redis URL (credentials and database kept) pointed at another address. */
function withAddress(url: string, host: string, port: number): string {
  const parsed = new URL(url)
  parsed.hostname = host
  parsed.port = String(port)
  return parsed.toString()
}

/** A port on which nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address !== 'object') throw new Error('no port')
  return address.port
}

/**
 * Polls until both limiters count in Redis again, and says how long that took from `sinceMs`. The
 * proof is the count itself: `other` hits a new key twice, then `limiter` once and `other` once
 * more. Only when both count in Redis do they answer 97 and 96 remaining: a limiter counting in
 * memory has seen that key fewer times.
 */
async function untilSharedAgain(
  limiter: RedisRateLimiter,
  other: RedisRateLimiter,
  sinceMs: number,
  slowest: { ms: number },
): Promise<number> {
  for (;;) {
    const key = `shared-again-${randomUUID()}`
    const hits = [other, other, limiter, other]
    const remaining: number[] = []
    for (const instance of hits) {
      const { value, ms } = await timed(() => instance.hit(key))
      slowest.ms = Math.max(slowest.ms, ms)
      remaining.push(value.remaining)
    }
    if (remaining[2] === 97 && remaining[3] === 96) return Date.now() - sinceMs
    if (Date.now() - sinceMs > 10_000) throw new Error(`still not shared: ${remaining.join(', ')}`)
    await sleep(50)
  }
}

describe('RedisRateLimiter shares a fixed window per client through Redis', {
  skip: skipReason,
}, () => {
  const limiters: RedisRateLimiter[] = []
  let admin: Redis

  /** A limiter of 100 requests per 60 s on this run's prefix; wait for it with connected(). */
  function limiter(options: { url?: string; log?: ReturnType<typeof recordingLog> } = {}) {
    const created = new RedisRateLimiter({
      url: options.url ?? REDIS_URL,
      limit: LIMIT,
      windowSeconds: WINDOW_SECONDS,
      keyPrefix: PREFIX,
      log: options.log ?? recordingLog(),
    })
    limiters.push(created)
    return created
  }

  if (unreachable) {
    // Only in CI (otherwise the suite is skipped): CI must never pass without having run it.
    test('Redis is reachable (CI is set, so this suite fails rather than skips)', () => {
      assert.fail(`Redis not reachable at ${redisAddress(REDIS_URL)}: ${unreachable}`)
    })
    return
  }

  before(() => {
    admin = new Redis(REDIS_URL)
  })

  after(async () => {
    await Promise.all(limiters.map((created) => created.close()))
    if (!admin) return
    // Waits out a pause left by a failed test: CLIENT PAUSE blocks this connection too.
    let cursor = '0'
    do {
      const [next, keys] = await admin.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 1000)
      if (keys.length > 0) await admin.del(...keys)
      cursor = next
    } while (cursor !== '0')
    await admin.quit()
  })

  test('the limit admits exactly 100 requests, then refuses, with remaining counting down', async () => {
    const instance = limiter()
    await connected(instance)
    for (let request = 1; request <= LIMIT; request++) {
      const decision = await instance.hit('10.0.0.1')
      assert.equal(decision.allowed, true, `request ${request} is allowed`)
      assert.equal(decision.remaining, LIMIT - request, `remaining after request ${request}`)
      assert.equal(decision.limit, LIMIT)
    }
    for (const request of [101, 102]) {
      const decision = await instance.hit('10.0.0.1')
      assert.equal(decision.allowed, false, `request ${request} is refused`)
      assert.equal(decision.remaining, 0)
    }
    assert.equal(
      await admin.get(`${PREFIX}rl:10.0.0.1`),
      '102',
      'the key is the prefix, rl:, client',
    )
  })

  test('resetAt is the first request plus the window, and later requests do not move it', async () => {
    const instance = limiter()
    await connected(instance)
    const before = Date.now()
    const first = await instance.hit('10.0.0.2')
    const afterFirst = Date.now()
    const windowMs = WINDOW_SECONDS * 1000
    assert.ok(first.resetAt.getTime() >= before + windowMs - 2, `${first.resetAt.toISOString()}`)
    assert.ok(first.resetAt.getTime() <= afterFirst + windowMs, `${first.resetAt.toISOString()}`)
    await sleep(200)
    const later = await instance.hit('10.0.0.2')
    assert.ok(
      Math.abs(later.resetAt.getTime() - first.resetAt.getTime()) <= 20,
      `${later.resetAt.toISOString()} is still ${first.resetAt.toISOString()}`,
    )
    const ttl = await admin.pttl(`${PREFIX}rl:10.0.0.2`)
    assert.ok(
      ttl > windowMs - 1000 && ttl <= windowMs - 200,
      `the key expires with the window: ${ttl}`,
    )
  })

  test('a window opened by a short limit ends and the next request opens a new one', async () => {
    const instance = new RedisRateLimiter({
      url: REDIS_URL,
      limit: 2,
      windowSeconds: 1,
      keyPrefix: PREFIX,
      log: recordingLog(),
    })
    limiters.push(instance)
    await connected(instance)
    const allowed = []
    for (let request = 1; request <= 3; request++) allowed.push((await instance.hit('a')).allowed)
    assert.deepEqual(allowed, [true, true, false])
    await sleep(1100)
    const next = await instance.hit('a')
    assert.equal(next.allowed, true)
    assert.equal(next.remaining, 1)
  })

  test('clients are counted separately', async () => {
    const instance = limiter()
    await connected(instance)
    for (let request = 1; request <= 101; request++) await instance.hit('10.0.0.3')
    const other = await instance.hit('10.0.0.4')
    assert.equal(other.allowed, true)
    assert.equal(other.remaining, 99)
    assert.equal((await instance.hit('10.0.0.3')).allowed, false, 'the first client stays refused')
  })

  test('300 concurrent requests from one client through two instances admit exactly 100', async (t) => {
    const [one, two] = [limiter(), limiter()]
    await Promise.all([connected(one), connected(two)])
    const { value: decisions, ms } = await timed(() =>
      Promise.all(
        Array.from({ length: 300 }, (_, request) => (request % 2 ? one : two).hit('10.0.0.5')),
      ),
    )
    const admitted = decisions.filter((decision) => decision.allowed)
    assert.equal(admitted.length, 100)
    assert.deepEqual(
      admitted.map((decision) => decision.remaining).sort((a, b) => a - b),
      Array.from({ length: 100 }, (_, index) => index),
      'each count from 1 to 100 was given to exactly one request',
    )
    assert.equal(await admin.get(`${PREFIX}rl:10.0.0.5`), '300')
    t.diagnostic(`300 concurrent hits through two connections took ${ms.toFixed(0)} ms`)
  })

  test('Redis paused: every request answers within 1 s, counted in memory; the shared count is back within 5 s', async (t) => {
    const logOne = recordingLog()
    const one = limiter({ log: logOne })
    const two = limiter()
    await Promise.all([connected(one), connected(two)])
    for (let request = 1; request <= 3; request++) await one.hit('10.0.0.6')

    await admin.call('CLIENT', 'PAUSE', '3000', 'ALL')
    const pauseEndsAt = Date.now() + 3000
    const slowest = { ms: 0 }
    const remainingOne: number[] = []
    // Requests from both instances, until shortly before the pause ends, so that none of them could
    // have been answered by Redis.
    while (Date.now() < pauseEndsAt - 500) {
      const [a, b] = await Promise.all([
        timed(() => one.hit('10.0.0.6')),
        timed(() => two.hit('10.0.0.6')),
      ])
      slowest.ms = Math.max(slowest.ms, a.ms, b.ms)
      remainingOne.push(a.value.remaining)
      assert.equal(a.value.allowed, true)
      await sleep(100)
    }
    assert.ok(slowest.ms < 1000, `the slowest request during the pause took ${slowest.ms} ms`)
    // Redis had counted 3 for this client: answers from 99 down were counted by memory alone.
    assert.deepEqual(
      remainingOne,
      remainingOne.map((_, index) => 99 - index),
      'counted in memory',
    )
    const duringPauseMs = slowest.ms

    await sleep(Math.max(0, pauseEndsAt - Date.now()))
    const afterPause = { ms: 0 }
    const backAfterMs = await untilSharedAgain(one, two, pauseEndsAt, afterPause)
    assert.ok(backAfterMs <= 5000, `shared again ${backAfterMs} ms after the pause ended`)
    assert.ok(afterPause.ms < 1000, `the slowest request after the pause took ${afterPause.ms} ms`)
    assert.equal(logOne.lines.length, 2, logOne.lines.join('\n'))
    assert.match(
      logOne.lines[0] ?? '',
      /^warn: Rate limit: Redis unavailable \(Command timed out\)/,
    )
    assert.match(logOne.lines[1] ?? '', /^info: Rate limit: Redis answers again/)
    const counted = await admin.get(`${PREFIX}rl:10.0.0.6`)
    t.diagnostic(
      `during the pause: ${remainingOne.length * 2} requests, slowest ${duringPauseMs.toFixed(0)} ms; ` +
        `shared count again ${backAfterMs} ms after the pause ended; ` +
        `Redis count for the paused client afterwards: ${counted} (3 before the pause, plus requests ` +
        `that timed out but ran once the pause ended)`,
    )
  })

  test('Redis gone and back: requests answer at once in memory, then the shared count returns within 5 s', async (t) => {
    const redisUrl = new URL(REDIS_URL)
    const proxy = redisProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) })
    await proxy.start()
    const log = recordingLog()
    const behindProxy = limiter({ url: proxy.url(), log })
    const direct = limiter()
    await Promise.all([connected(behindProxy), connected(direct)])
    assert.equal((await behindProxy.hit('10.0.0.7')).remaining, 99)
    assert.equal((await direct.hit('10.0.0.7')).remaining, 98, 'both count in Redis')

    await proxy.stop()
    const slowest = { ms: 0 }
    const remaining: number[] = []
    for (let request = 1; request <= 20; request++) {
      const { value, ms } = await timed(() => behindProxy.hit('10.0.0.7'))
      slowest.ms = Math.max(slowest.ms, ms)
      remaining.push(value.remaining)
      await sleep(50)
    }
    assert.ok(slowest.ms < 1000, `the slowest request while Redis was gone took ${slowest.ms} ms`)
    assert.deepEqual(
      remaining,
      remaining.map((_, index) => 99 - index),
      'counted in memory',
    )
    assert.equal(await behindProxy.ping(), false, 'ping says Redis is not there')

    await proxy.start()
    const backAt = Date.now()
    const afterReturn = { ms: 0 }
    const backAfterMs = await untilSharedAgain(behindProxy, direct, backAt, afterReturn)
    assert.ok(backAfterMs <= 5000, `shared again ${backAfterMs} ms after Redis came back`)
    assert.ok(afterReturn.ms < 1000, `the slowest request took ${afterReturn.ms} ms`)
    assert.equal(log.lines.length, 2, log.lines.join('\n'))
    await proxy.stop()
    t.diagnostic(
      `Redis gone: slowest request ${slowest.ms.toFixed(1)} ms; shared count again ${backAfterMs} ms after Redis came back`,
    )
  })

  test('Redis never reachable: requests answer at once, counted in memory, and close does not hang', async (t) => {
    const instance = limiter({ url: withAddress(REDIS_URL, '127.0.0.1', await closedPort()) })
    let slowest = 0
    for (let request = 1; request <= 101; request++) {
      const { value, ms } = await timed(() => instance.hit('10.0.0.8'))
      slowest = Math.max(slowest, ms)
      assert.equal(value.allowed, request <= 100, `request ${request}`)
      assert.equal(value.remaining, Math.max(0, 100 - request))
    }
    assert.ok(slowest < 1000, `the slowest request took ${slowest} ms`)
    assert.equal(await instance.ping(), false)
    const waited = await timed(() => instance.connected(200))
    assert.equal(waited.value, false, 'start-up is told there is no connection')
    assert.ok(waited.ms >= 190 && waited.ms < 1000, `connected(200) took ${waited.ms} ms`)
    const closing = await timed(() => instance.close())
    assert.ok(closing.ms < 1000, `close took ${closing.ms} ms`)
    t.diagnostic(`Redis never reachable: slowest of 101 requests ${slowest.toFixed(2)} ms`)
  })
})
