import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { MemoryRateLimiter } from '../../src/rate-limit/memory-rate-limiter.ts'

const START = Date.parse('2027-01-10T00:00:00Z')

/** A limiter of 100 requests per 60 seconds whose clock the test moves. */
function limiterWithClock() {
  const clock = { ms: START }
  const limiter = new MemoryRateLimiter({ limit: 100, windowSeconds: 60, now: () => clock.ms })
  return { clock, limiter }
}

describe('MemoryRateLimiter allows 100 requests per 60-second window per client', () => {
  test('requests 1 to 100 are allowed and remaining counts down from 99 to 0', async () => {
    const { limiter } = limiterWithClock()
    for (let request = 1; request <= 100; request++) {
      const decision = await limiter.hit('10.0.0.1')
      assert.equal(decision.allowed, true, `request ${request} is allowed`)
      assert.equal(decision.remaining, 100 - request, `remaining after request ${request}`)
      assert.equal(decision.limit, 100)
    }
  })

  test('request 101 in the window is refused with 0 remaining', async () => {
    const { limiter } = limiterWithClock()
    for (let request = 1; request <= 100; request++) await limiter.hit('10.0.0.1')
    const decision = await limiter.hit('10.0.0.1')
    assert.equal(decision.allowed, false)
    assert.equal(decision.remaining, 0)
    const again = await limiter.hit('10.0.0.1')
    assert.equal(again.allowed, false, 'request 102 is refused too')
    assert.equal(again.remaining, 0)
  })

  test('the window resets 60 seconds after the first request, not after the latest', async () => {
    const { clock, limiter } = limiterWithClock()
    const first = await limiter.hit('10.0.0.1')
    assert.equal(first.resetAt.toISOString(), '2027-01-10T00:01:00.000Z')
    clock.ms = START + 59_999
    const later = await limiter.hit('10.0.0.1')
    assert.equal(later.resetAt.toISOString(), '2027-01-10T00:01:00.000Z')
    assert.equal(later.remaining, 98)
  })

  test('a refused client is allowed again in a new window once the reset time comes', async () => {
    const { clock, limiter } = limiterWithClock()
    for (let request = 1; request <= 101; request++) await limiter.hit('10.0.0.1')
    clock.ms = START + 59_999
    assert.equal((await limiter.hit('10.0.0.1')).allowed, false, 'one millisecond early')
    clock.ms = START + 60_000
    const decision = await limiter.hit('10.0.0.1')
    assert.equal(decision.allowed, true)
    assert.equal(decision.remaining, 99)
    assert.equal(decision.resetAt.toISOString(), '2027-01-10T00:02:00.000Z')
  })

  test('a window opened later resets 60 seconds after that later first request', async () => {
    const { clock, limiter } = limiterWithClock()
    await limiter.hit('10.0.0.1')
    clock.ms = START + 90_500
    const decision = await limiter.hit('10.0.0.1')
    assert.equal(decision.remaining, 99)
    assert.equal(decision.resetAt.toISOString(), '2027-01-10T00:02:30.500Z')
  })

  test('clients are counted separately', async () => {
    const { limiter } = limiterWithClock()
    for (let request = 1; request <= 101; request++) await limiter.hit('10.0.0.1')
    const other = await limiter.hit('10.0.0.2')
    assert.equal(other.allowed, true)
    assert.equal(other.remaining, 99)
    assert.equal((await limiter.hit('10.0.0.1')).allowed, false, 'the first client stays refused')
  })

  test('the limit and window are those configured', async () => {
    let now = START
    const limiter = new MemoryRateLimiter({ limit: 2, windowSeconds: 1, now: () => now })
    assert.equal(limiter.limit, 2)
    assert.equal(limiter.windowSeconds, 1)
    assert.deepEqual(
      [
        (await limiter.hit('a')).allowed,
        (await limiter.hit('a')).allowed,
        (await limiter.hit('a')).allowed,
      ],
      [true, true, false],
    )
    now += 1000
    assert.equal((await limiter.hit('a')).allowed, true)
  })

  test('close forgets every window', async () => {
    const { limiter } = limiterWithClock()
    for (let request = 1; request <= 101; request++) await limiter.hit('10.0.0.1')
    await limiter.close()
    assert.equal((await limiter.hit('10.0.0.1')).remaining, 99)
  })
})
