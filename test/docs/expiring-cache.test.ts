import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { expiringCache } from '../../src/docs/expiring-cache.ts'

const MINUTE_MS = 60_000

describe('expiringCache', () => {
  function counter(keepForMs = 60 * MINUTE_MS) {
    let now = new Date('2027-01-10T00:00:00Z')
    let builds = 0
    const cache = expiringCache(
      async () => ++builds,
      () => keepForMs,
      () => now,
    )
    return {
      cache,
      builds: () => builds,
      advance(ms: number) {
        now = new Date(now.getTime() + ms)
      },
    }
  }

  test('builds once and keeps the value for as long as it is told', async () => {
    const { cache, builds, advance } = counter()
    assert.equal(await cache(), 1)
    advance(59 * MINUTE_MS)
    assert.equal(await cache(), 1)
    advance(MINUTE_MS)
    assert.equal(await cache(), 2)
    assert.equal(builds(), 2)
  })

  test('shares one build between callers that arrive together', async () => {
    const { cache, builds } = counter()
    assert.deepEqual(await Promise.all([cache(), cache(), cache()]), [1, 1, 1])
    assert.equal(builds(), 1)
  })

  test('does not keep a failed build', async () => {
    let attempts = 0
    const cache = expiringCache(
      async () => {
        attempts++
        if (attempts === 1) throw new Error('store down')
        return 'page'
      },
      () => MINUTE_MS,
      () => new Date(),
    )
    await assert.rejects(cache(), /store down/)
    assert.equal(await cache(), 'page')
  })
})
