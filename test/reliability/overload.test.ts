import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import type { LightMyRequestResponse } from 'fastify'
import { OVERLOAD_WARM_UP_MS } from '../../src/http/overload.ts'
import { WorkBacklog } from '../../src/http/work-backlog.ts'
import { bookUrl, SEARCH, textOf } from '../helpers/booking-pages.ts'
import { buildTestApp } from '../helpers/test-app.ts'
import { assertRateLimitHeaders } from '../http/api-client.ts'

/*
 * Overload made in-process: a timer that keeps the loop busy 100 ms at a time, as work that keeps
 * coming would, with the threshold at 50 ms. Both ways: a flood of concurrent requests beside it
 * is refused with 503 and Retry-After within about a second, in each area's own medium, /health
 * keeps answering, and the service serves again once the loop is free; requests one after another
 * beside it, or beside long pauses of the process (a garbage collection, a reload after an
 * import), are all answered. No timing is asserted but the second within which a flood must be
 * refused; each wait is a bounded poll for the answer the test expects.
 */

type Response = LightMyRequestResponse

function busyFor(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // The event loop is held here, as a long synchronous task would hold it.
  }
}

/** Requests at once in each round of a flood: far more than a person or an agent sends. */
const FLOOD = 40

describe('a flood beside a saturated event loop', () => {
  let testApp: Awaited<ReturnType<typeof buildTestApp>>
  let saturation: NodeJS.Timeout | undefined
  let saturatedAt = 0
  const get = (url: string) => testApp.app.inject({ method: 'GET', url })

  before(async () => {
    testApp = await buildTestApp({
      env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '50', RATE_LIMIT_MAX: '1000000' },
    })
    await testApp.app.ready()
    // Past the warm-up, in which nothing is refused.
    await sleep(OVERLOAD_WARM_UP_MS)
  })
  after(async () => {
    clearInterval(saturation)
    await testApp.close()
  })

  /**
   * Floods `url` with FLOOD requests at once, round after round (at most `rounds`), until one is
   * answered `status`; returns that answer. Every request of every round must be answered.
   */
  async function floodFor(url: string, status: number, rounds: number): Promise<Response> {
    for (let round = 0; round < rounds; round++) {
      const answers = await Promise.all(Array.from({ length: FLOOD }, () => get(url)))
      const found = answers.find((answer) => answer.statusCode === status)
      if (found) return found
      for (const answer of answers) assert.ok([200, 503].includes(answer.statusCode))
      // Requests injected in-process never leave the promise queue; over a network, the loop
      // turns between them, and so the busy work and the samples run.
      await new Promise((done) => setImmediate(done))
    }
    assert.fail(`${url} was never answered ${status} in ${rounds} rounds of ${FLOOD}`)
  }

  test('answers normally before the load', async () => {
    assert.equal((await get('/api/agent/depots')).statusCode, 200)
  })

  test('the API refuses a flood within about a second: 503 JSON service_unavailable with Retry-After and the rate-limit headers', async (t) => {
    saturation = setInterval(() => busyFor(100), 1)
    saturatedAt = performance.now()
    const response = await floodFor('/api/agent/depots', 503, 100)
    const after = performance.now() - saturatedAt
    t.diagnostic(`first 503 ${after.toFixed(0)} ms after the loop was saturated`)
    // Three late samples of a loop busy 100 ms at a time, and the round in flight.
    assert.ok(after < 1500, `refused only after ${after.toFixed(0)} ms`)
    assert.match(String(response.headers['content-type']), /^application\/json/)
    assert.deepEqual(Object.keys(response.json()).sort(), ['code', 'error'])
    assert.equal(response.json().code, 'service_unavailable')
    assert.match(response.json().error, /retry in \d+ seconds/)
    assert.match(String(response.headers['retry-after']), /^[1-9]\d*$/)
    assertRateLimitHeaders(response)
  })

  test('a flooded booking page is a 503 page with Retry-After, not JSON', async () => {
    const response = await floodFor(bookUrl(SEARCH), 503, 50)
    assert.match(String(response.headers['content-type']), /^text\/html/)
    assert.match(String(response.headers['retry-after']), /^[1-9]\d*$/)
    assert.match(textOf(response.body), /We are very busy right now Nothing was booked\./)
  })

  test('flooded documents answer 503 JSON', async () => {
    const response = await floodFor('/openapi.json', 503, 50)
    assert.equal(response.json().code, 'service_unavailable')
    assert.match(String(response.headers['retry-after']), /^[1-9]\d*$/)
  })

  test('while flooded: /health still answers 200, since the process is alive', async () => {
    await floodFor('/api/agent/depots', 503, 50)
    const health = await get('/health')
    assert.equal(health.statusCode, 200)
    assert.deepEqual(health.json(), { status: 'ok' })
  })

  test('while flooded: /ready answers 503, so that a load balancer sends traffic elsewhere', async () => {
    await floodFor('/api/agent/depots', 503, 50)
    const ready = await get('/ready')
    assert.equal(ready.statusCode, 503)
    assert.equal(ready.json().code, 'service_unavailable')
  })

  test('once the load drops, the API answers 200 again', async () => {
    clearInterval(saturation)
    saturation = undefined
    for (let attempt = 0; attempt < 100; attempt++) {
      const response = await get('/api/agent/depots')
      if (response.statusCode === 200) return
      await sleep(20)
    }
    assert.fail('still refused after the load dropped')
  })
})

describe('requests one after another beside pauses and busy work', () => {
  let testApp: Awaited<ReturnType<typeof buildTestApp>>
  before(async () => {
    testApp = await buildTestApp({
      env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '50', RATE_LIMIT_MAX: '1000000' },
    })
    await testApp.app.ready()
    await sleep(OVERLOAD_WARM_UP_MS)
  })
  after(async () => {
    await testApp.close()
  })

  /** `count` requests one after another, a little apart, as a person or an agent sends them. */
  async function trickle(count: number): Promise<number[]> {
    const statuses: number[] = []
    const urls = [
      '/api/agent/depots',
      bookUrl(SEARCH),
      '/openapi.json',
      `/api/agent/vehicles/availability?${new URLSearchParams(SEARCH)}`,
    ]
    for (let i = 0; i < count; i++) {
      statuses.push((await testApp.app.inject(urls[i % urls.length] as string)).statusCode)
      await sleep(30)
    }
    return statuses
  }

  test('long pauses of the process (as a garbage collection or a reload after an import) refuse nothing', async () => {
    // Pauses of 150 to 600 ms, one after another with a turn of the loop between: each is one
    // late sample, as each measured pause was.
    let pause = 0
    const pauses = setInterval(() => busyFor([150, 600, 300, 190][pause++ % 4] as number), 250)
    try {
      const statuses = await trickle(24)
      assert.deepEqual(
        statuses,
        statuses.map(() => 200),
      )
    } finally {
      clearInterval(pauses)
    }
  })

  test('a loop kept busy 100 ms at a time delays them, and refuses none', async () => {
    const saturation = setInterval(() => busyFor(100), 1)
    try {
      const statuses = await trickle(16)
      assert.deepEqual(
        statuses,
        statuses.map(() => 200),
      )
    } finally {
      clearInterval(saturation)
    }
  })
})

describe('the overload verdict, sample by sample', () => {
  // Samples a tenth of a second apart, each [how late the loop ran (ms), requests arrived], and
  // whether the last one says overloaded (threshold 50 ms).
  const rows: [why: string, samples: [number, number][], overloaded: boolean][] = [
    [
      'a flood on a loop late in every sample',
      [
        [120, 40],
        [150, 40],
        [110, 40],
        [130, 40],
        [120, 40],
        [140, 40],
      ],
      true,
    ],
    [
      'late, but not for long enough yet',
      [
        [120, 40],
        [150, 40],
        [110, 40],
        [130, 40],
      ],
      false,
    ],
    [
      'one long pause, however many requests waited',
      [
        [2000, 300],
        [0, 5],
        [0, 5],
      ],
      false,
    ],
    [
      'one long pause, then the requests that waited answered',
      [
        [0, 0],
        [4000, 0],
        [200, 200],
        [5, 50],
      ],
      false,
    ],
    [
      'a break in the lateness starts it anew',
      [
        [120, 40],
        [150, 40],
        [110, 40],
        [10, 40],
        [130, 40],
        [120, 40],
      ],
      false,
    ],
    [
      'a loop late in every sample, but requests one after another',
      [
        [200, 1],
        [200, 1],
        [200, 1],
        [200, 1],
        [200, 1],
        [200, 1],
      ],
      false,
    ],
    [
      'late, and just enough requests waiting in the last 400 ms',
      [
        [60, 9],
        [60, 4],
        [60, 4],
        [60, 4],
        [60, 4],
      ],
      true,
    ],
    [
      'late, one request short in the last 400 ms (more before)',
      [
        [60, 30],
        [60, 4],
        [60, 4],
        [60, 4],
        [60, 3],
      ],
      false,
    ],
    [
      'busy but on time: a heavy load answered in time',
      [
        [20, 500],
        [30, 500],
        [25, 500],
        [30, 500],
        [20, 500],
      ],
      false,
    ],
    [
      'back on time after a flood',
      [
        [120, 40],
        [150, 40],
        [110, 40],
        [130, 40],
        [120, 40],
        [10, 40],
      ],
      false,
    ],
  ]
  for (const [why, samples, overloaded] of rows) {
    test(`${why}: ${overloaded ? 'overloaded' : 'not overloaded'}`, () => {
      const backlog = new WorkBacklog(50)
      samples.forEach(([lateMs, arrivals], index) => {
        backlog.record(lateMs, arrivals, index * 100)
      })
      assert.equal(backlog.lateTooLong, overloaded)
    })
  }
})

describe('a backlog of requests in one turn of the event loop', () => {
  const nextTurn = () => new Promise((done) => setImmediate(done))
  /** `count` requests taken up in one turn, each costing `costMs` of work. */
  function turn(backlog: WorkBacklog, count: number, costMs: number): boolean {
    for (let i = 0; i < count; i++) {
      backlog.arrive()
      busyFor(costMs)
    }
    return backlog.overloaded()
  }
  const rows: [why: string, count: number, costMs: number, overloaded: boolean][] = [
    ['many requests waiting longer than allowed behind each other', 20, 4, true],
    ['many requests answered quickly', 200, 0, false],
    ['a few slow requests (a page and its files)', 10, 10, false],
  ]
  for (const [why, count, costMs, overloaded] of rows) {
    test(`${why}: ${overloaded ? 'overloaded' : 'not overloaded'}`, async () => {
      const backlog = new WorkBacklog(50)
      assert.equal(turn(backlog, count, costMs), overloaded)
      // The next turn starts afresh.
      await nextTurn()
      assert.equal(backlog.overloaded(), false)
    })
  }
})

describe('start-up', () => {
  test('the work of starting is not taken for overload: the first requests are answered', async () => {
    const testApp = await buildTestApp({
      env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '50', RATE_LIMIT_MAX: '1000000' },
    })
    try {
      // Start-up's own work after the check began measuring (compiling every route's schemas,
      // on a slow or busy machine), longer than the sampling interval.
      busyFor(600)
      await testApp.app.ready()
      // The check's sampling timer, late behind that work, takes its reading first.
      await sleep(50)
      for (const url of ['/api/agent/depots', bookUrl(SEARCH), '/openapi.json']) {
        const response = await testApp.app.inject({ method: 'GET', url })
        assert.equal(response.statusCode, 200, `${url}: ${response.body.slice(0, 200)}`)
      }
    } finally {
      await testApp.close()
    }
  })
})

describe('the overload check turned off (OVERLOAD_MAX_EVENT_LOOP_DELAY_MS=0)', () => {
  test('a saturated loop delays answers but never refuses them', async () => {
    const testApp = await buildTestApp({ env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' } })
    const saturation = setInterval(() => busyFor(100), 1)
    try {
      for (let attempt = 0; attempt < 10; attempt++) {
        assert.equal((await testApp.app.inject('/api/agent/depots')).statusCode, 200)
        await sleep(50)
      }
    } finally {
      clearInterval(saturation)
      await testApp.close()
    }
  })
})
