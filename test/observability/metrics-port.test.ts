import assert from 'node:assert/strict'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { after, describe, test } from 'node:test'
import { freePort, Instances } from '../instances/service-instances.ts'
import { parseExposition, samplesOf } from './exposition.ts'

/*
 * `rental-agent serve` as it runs: the metrics on a port of their own (METRICS_PORT, loopback),
 * not on the site's; and a metrics port already taken never stops the service.
 */

const instances = new Instances()
after(() => instances.stopAll())

describe('the metrics port', () => {
  test('serves /metrics apart from the site, which does not', async () => {
    const metricsPort = await freePort()
    const service = await instances.start({
      name: 'metrics',
      env: { METRICS_PORT: String(metricsPort) },
    })
    assert.equal((await service.request('/api/agent/depots')).status, 200)
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
    assert.equal(scraped.status, 200)
    const samples = parseExposition(await scraped.text())
    assert.equal(
      samplesOf(samples, 'http_request_duration_seconds_count', {
        route: '/api/agent/depots',
        status_code: '200',
      })[0]?.value,
      1,
    )
    assert.equal((await fetch(`http://127.0.0.1:${metricsPort}/api/agent/depots`)).status, 404)
    assert.equal((await service.request('/metrics')).status, 404)
  })

  test('a port already taken is said in the log, and the service serves without it', async () => {
    const taken = createServer()
    taken.listen(0, '127.0.0.1')
    await once(taken, 'listening')
    const { port } = taken.address() as { port: number }
    try {
      const service = await instances.start({ name: 'taken', env: { METRICS_PORT: String(port) } })
      assert.equal((await service.request('/api/agent/depots')).status, 200)
      const said =
        /Metrics not served on 127\.0\.0\.1:\d+ .*EADDRINUSE.*; give each instance its own METRICS_PORT/
      assert.match(await service.waitForLog(said), said)
    } finally {
      taken.close()
    }
  })

  test('a METRICS_HOST that cannot be looked up is said as the host to fix, not the port', async () => {
    const service = await instances.start({
      name: 'no-host',
      env: { METRICS_HOST: 'nohost.invalid', METRICS_PORT: '0' },
    })
    assert.equal((await service.request('/api/agent/depots')).status, 200)
    // Said once the name's lookup fails, which may be after the first answer.
    const said =
      /Metrics not served on nohost\.invalid:0 \(.*\); fix METRICS_HOST: a name or address of this machine/
    assert.match(await service.waitForLog(said), said)
  })
})
