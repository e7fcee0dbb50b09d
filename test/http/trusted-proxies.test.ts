import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { buildTestApp } from '../helpers/test-app.ts'

const DEPOTS = '/api/agent/depots'

/** Sends `count` requests from a socket address with the given X-Forwarded-For values in turn. */
async function statuses(
  app: Awaited<ReturnType<typeof buildTestApp>>['app'],
  remoteAddress: string,
  forwardedFor: (i: number) => string,
  count: number,
): Promise<number[]> {
  const seen: number[] = []
  for (let i = 0; i < count; i++) {
    const response = await app.inject({
      url: DEPOTS,
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor(i) },
    })
    seen.push(response.statusCode)
  }
  return seen
}

describe('who is counted by the rate limit', () => {
  test('without TRUSTED_PROXIES a rotating X-Forwarded-For does not escape the limit', async () => {
    const { app, close } = await buildTestApp({ env: { RATE_LIMIT_MAX: '3' } })
    try {
      const seen = await statuses(app, '203.0.113.7', (i) => `198.51.100.${i + 1}`, 4)
      assert.deepEqual(seen, [200, 200, 200, 429])
    } finally {
      await close()
    }
  })

  test('behind a trusted proxy each forwarded client has its own count', async () => {
    const { app, close } = await buildTestApp({
      env: { RATE_LIMIT_MAX: '3', TRUSTED_PROXIES: '10.0.0.5' },
    })
    try {
      assert.deepEqual(
        await statuses(app, '10.0.0.5', () => '198.51.100.1', 4),
        [200, 200, 200, 429],
      )
      assert.deepEqual(await statuses(app, '10.0.0.5', () => '198.51.100.2', 3), [200, 200, 200])
    } finally {
      await close()
    }
  })

  test('a trusted CIDR block works like a listed address', async () => {
    const { app, close } = await buildTestApp({
      env: { RATE_LIMIT_MAX: '2', TRUSTED_PROXIES: '10.1.0.0/16' },
    })
    try {
      assert.deepEqual(await statuses(app, '10.1.2.3', () => '198.51.100.9', 3), [200, 200, 429])
      assert.deepEqual(await statuses(app, '10.1.9.9', () => '198.51.100.10', 2), [200, 200])
    } finally {
      await close()
    }
  })

  test('an address outside the trusted list cannot pose as the proxy', async () => {
    const { app, close } = await buildTestApp({
      env: { RATE_LIMIT_MAX: '2', TRUSTED_PROXIES: '10.0.0.5' },
    })
    try {
      const seen = await statuses(app, '203.0.113.8', (i) => `198.51.100.${i + 20}`, 3)
      assert.deepEqual(seen, [200, 200, 429])
    } finally {
      await close()
    }
  })
})
