import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { Histogram, Registry } from 'prom-client'
import { LeanHistogram } from '../../src/observability/lean-histogram.ts'

/*
 * The request path's histogram is written as prom-client's own Histogram writes the same
 * observations, to the character: scrapers and the alert rules cannot tell them apart.
 */

const BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.1, 1, 15]
const LABELS = ['method', 'route', 'status_code'] as const

async function both(observations: { labels: [string, string, string]; seconds: number }[]) {
  const leanRegistry = new Registry()
  const promRegistry = new Registry()
  const config = {
    name: 'answer_seconds',
    help: 'Time to answer',
    labelNames: LABELS,
    buckets: BUCKETS,
  }
  const lean = new LeanHistogram({ ...config, registers: [leanRegistry] })
  const prom = new Histogram({ ...config, labelNames: [...LABELS], registers: [promRegistry] })
  for (const { labels, seconds } of observations) {
    lean.series(...labels).observe(seconds)
    prom.labels(...labels).observe(seconds)
  }
  return { lean: await leanRegistry.metrics(), prom: await promRegistry.metrics() }
}

describe('LeanHistogram', () => {
  test('writes what prom-client writes for the same observations', async () => {
    const observation = fc.record({
      labels: fc.tuple(
        fc.constantFrom('GET', 'POST'),
        fc.constantFrom('/api/agent/quotes', '/book', 'unmatched'),
        fc.constantFrom('200', '404', '503'),
      ),
      // Bounds themselves included: an observation equal to a bound falls in its bucket.
      seconds: fc.oneof(
        fc.constantFrom(...BUCKETS, 0),
        fc.double({ min: 0, max: 30, noNaN: true }),
      ),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const { lean, prom } = await both(observations)
        assert.equal(lean, prom)
      }),
      { numRuns: 200 },
    )
  })

  test('a series is made once and kept; the wrong number of label values is refused', () => {
    const lean = new LeanHistogram({
      name: 'x_seconds',
      help: 'x',
      labelNames: LABELS,
      buckets: BUCKETS,
      registers: [],
    })
    assert.equal(lean.series('GET', '/book', '200'), lean.series('GET', '/book', '200'))
    assert.throws(() => lean.series('GET', '/book'), /takes 3 label values/)
  })

  test('a negative or missing time is not an observation', async () => {
    const registry = new Registry()
    const lean = new LeanHistogram({
      name: 'x_seconds',
      help: 'x',
      labelNames: [],
      buckets: BUCKETS,
      registers: [registry],
    })
    const series = lean.series()
    series.observe(-0.001)
    series.observe(Number.NaN)
    series.observe(0.002)
    assert.match(await registry.metrics(), /x_seconds_count 1\n/)
  })
})
