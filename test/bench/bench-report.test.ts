import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { type AbComparison, alternate } from '../../bench/ab-alternation.ts'
import { readBenchSettings } from '../../bench/bench-settings.ts'
import { parseCpuTimes, stolenShare } from '../../bench/cpu-steal.ts'
import type { EndpointSuite } from '../../bench/endpoint-runs.ts'
import type { GrowthPoint } from '../../bench/growth-runs.ts'
import { type LargeCatalogueRun, perVehicle } from '../../bench/large-catalogue-runs.ts'
import { latencyChart } from '../../bench/latency-chart.ts'
import { type LoadResult, median, percentile } from '../../bench/load.ts'
import { markdownReport } from '../../bench/markdown-report.ts'
import { checkTargets } from '../../bench/targets.ts'

const load = (requestsPerSecond: number, p99Ms = 5): LoadResult => ({
  requestsPerSecond,
  p50Ms: 1,
  p99Ms,
  requests: requestsPerSecond * 5,
  failures: 0,
})

const comparison = (a: number, b: number, p99Ms = 5): AbComparison => ({
  a: [load(a, p99Ms)],
  b: [load(b)],
  medianA: { requestsPerSecond: a, p50Ms: 1, p99Ms, failures: 0, cpuMicrosPerRequest: 100 },
  medianB: { requestsPerSecond: b, p50Ms: 0.5, p99Ms: 2, failures: 0, cpuMicrosPerRequest: 50 },
  share: a / b,
})

function suite(shares: Record<string, [number, number]>, p99Ms = 5): EndpointSuite {
  return {
    setup: { name: 'Embedded', embedded: true, env: {}, cleanup: async () => {} },
    runs: Object.entries(shares).map(([name, [a, b]]) => ({
      endpoint: { name, path: `/api/agent/${name}` },
      bodyBytes: 100,
      comparison: comparison(a, b, p99Ms),
    })),
  }
}

const point = (bookings: number, availabilityMs: number, rssMb = 120): GrowthPoint => ({
  bookings,
  generateMs: 100,
  databaseBytes: 1e6,
  startupMs: 400,
  rssBytes: rssMb * 1048576,
  availability: {
    requestsPerSecond: 5000,
    p50Ms: availabilityMs,
    p99Ms: availabilityMs * 3,
    failures: 0,
    cpuMicrosPerRequest: 150,
  },
  quote: { requestsPerSecond: 3000, p50Ms: 8, p99Ms: 15, failures: 0, cpuMicrosPerRequest: 300 },
})

describe('bench statistics', () => {
  test('median of an odd and an even number of values', () => {
    assert.equal(median([3, 1, 2]), 2)
    assert.equal(median([4, 1, 3, 2]), 2.5)
  })
  test('percentile by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1)
    assert.equal(percentile(values, 0.5), 50)
    assert.equal(percentile(values, 0.99), 99)
  })
  test('A/B alternation runs A then B each round and compares each A with its own B', async () => {
    const order: string[] = []
    const rates = { a: [100, 50, 90], b: [200, 100, 100] }
    const result = await alternate(
      3,
      async () => {
        order.push('A')
        return load(rates.a[order.filter((side) => side === 'A').length - 1] as number)
      },
      async () => {
        order.push('B')
        return load(rates.b[order.filter((side) => side === 'B').length - 1] as number)
      },
    )
    assert.deepEqual(order, ['A', 'B', 'A', 'B', 'A', 'B'])
    assert.equal(result.share, 0.5)
    assert.equal(result.medianA.requestsPerSecond, 90)
  })
})

describe('bench targets', () => {
  test('each share and growth target passes or fails on its own figure', () => {
    const checks = checkTargets({
      embedded: suite({ depots: [700, 1000], availability: [400, 1000], quote: [400, 1000] }),
      growth: [point(1000, 2), point(1_000_000, 2.5), point(10_000, 9)],
    })
    const result = (start: string) => checks.find((check) => check.target.startsWith(start))?.pass
    assert.equal(result('depots'), true)
    assert.equal(result('availability:'), false)
    assert.equal(result('quote'), true)
    assert.equal(result('p99'), true)
    assert.equal(result('availability p50 at 1 million'), true)
    assert.equal(result('RSS'), true)
    assert.equal(result('start-up'), true)
  })
  test("the flexible search passes at up to 3 availability answers' CPU time, and fails above", () => {
    const withFlexibleCpu = (micros: number) => {
      const endpoints = suite({ availability: [400, 1000], flexible: [200, 1000] })
      const flexible = endpoints.runs.find((run) => run.endpoint.name === 'flexible')
      if (flexible) flexible.comparison.medianA.cpuMicrosPerRequest = micros
      return checkTargets({ embedded: endpoints }).find((check) =>
        check.target.startsWith('flexible'),
      )
    }
    assert.deepEqual(withFlexibleCpu(250), {
      target: "flexible (14 pick-up dates): CPU per answer at most 3 availability answers'",
      measured: '2.50 availability answers',
      pass: true,
    })
    assert.equal(withFlexibleCpu(301)?.pass, false)
    assert.equal(
      checkTargets({ embedded: suite({ availability: [400, 1000] }) }).find((check) =>
        check.target.startsWith('flexible'),
      )?.pass,
      undefined,
    )
  })
  test('a p99 of 20 ms or more fails, and targets whose runs were skipped are not run', () => {
    const checks = checkTargets({ embedded: suite({ depots: [700, 1000] }, 25) })
    assert.equal(checks.find((check) => check.target.startsWith('p99'))?.pass, false)
    assert.equal(checks.find((check) => check.target.startsWith('quote'))?.pass, undefined)
    assert.equal(checks.find((check) => check.target.startsWith('RSS'))?.pass, undefined)
  })
})

describe('bench targets on the networked stores', () => {
  test('the p99 limit is checked on PostgreSQL and Redis too, on its own line, when they ran', () => {
    const networked: EndpointSuite = {
      ...suite({ depots: [700, 1000], availability: [400, 1000], quote: [100, 1000] }, 25),
      setup: {
        name: 'PostgreSQL (rate limit in Redis)',
        embedded: false,
        env: {},
        cleanup: async () => {},
      },
    }
    const checks = checkTargets({ embedded: suite({ depots: [700, 1000] }), networked })
    const p99 = checks.filter((check) => check.target.startsWith('p99'))
    assert.deepEqual(
      p99.map((check) => [check.target, check.pass]),
      [
        ['p99 under 20 ms on every endpoint', true],
        ['p99 under 20 ms on every endpoint, PostgreSQL (rate limit in Redis)', false],
      ],
    )
    assert.equal(
      checkTargets({ embedded: suite({ depots: [700, 1000] }) }).filter((check) =>
        check.target.startsWith('p99'),
      ).length,
      1,
    )
    // On PostgreSQL with Redis, availability and quote have shares of their own to reach.
    const result = (start: string) => checks.find((check) => check.target.startsWith(start))
    assert.equal(result('availability: throughput at least 0.35')?.pass, true)
    assert.equal(result('quote: throughput at least 0.3')?.pass, false)
  })
  test('the networked shares are not checked on another networked setup (PostgreSQL alone)', () => {
    const networked: EndpointSuite = {
      ...suite({ availability: [400, 1000] }),
      setup: {
        name: 'PostgreSQL (rate limit in memory)',
        embedded: false,
        env: {},
        cleanup: async () => {},
      },
    }
    const check = checkTargets({ networked }).find((each) =>
      each.target.startsWith('availability: throughput at least 0.35'),
    )
    assert.equal(check?.pass, undefined)
  })
})

describe('bench targets on the large catalogue', () => {
  const largeRun = (share: number, embedded: boolean): LargeCatalogueRun => ({
    setup: {
      name: embedded ? 'Embedded' : 'PostgreSQL',
      embedded,
      env: {},
      cleanup: async () => {},
    },
    fleet: { depots: 60, vehicles: 150, routes: 570, bookings: 20_000, fileBytes: 3e6 },
    firstStartMs: 3000,
    importMs: 4000,
    startMs: 700,
    rssBytes: 150 * 1048576,
    cases: [
      {
        name: 'availability',
        shareTarget: 0.6,
        comparison: comparison(share * 1000, 1000),
        meanVehicles: 100,
        meanBodyBytes: 40_000,
      },
    ],
  })
  const target = (checks: ReturnType<typeof checkTargets>) =>
    checks.find((check) => check.target.startsWith('large catalogue, varied availability'))
  test("the varied searches' share is checked on the embedded store", () => {
    assert.equal(target(checkTargets({ large: [largeRun(0.65, true)] }))?.pass, true)
    assert.equal(target(checkTargets({ large: [largeRun(0.5, true)] }))?.pass, false)
    assert.equal(target(checkTargets({ large: [largeRun(0.9, false)] }))?.pass, undefined)
    assert.equal(target(checkTargets({}))?.measured, 'not run')
  })
  test('the cost per vehicle is the CPU time per answer over the vehicles in it', () => {
    const [benched] = largeRun(0.7, true).cases
    assert.equal(benched && perVehicle(benched), 1)
  })
})

describe('bench outputs', () => {
  const growth = [point(1000, 2), point(10_000, 2.2), point(100_000, 2.1), point(1_000_000, 2.4)]
  test('the chart is an SVG with one line per endpoint and percentile over every size', () => {
    const svg = latencyChart(growth, 32)
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    assert.equal(svg.match(/<polyline /g)?.length, 4)
    for (const label of ['1k', '10k', '100k', '1M', 'availability p50', 'quote p99']) {
      assert.ok(svg.includes(`>${label}</text>`), label)
    }
  })
  test('BENCHMARKS.md names the machine and commit and says PASS or FAIL per target', () => {
    const settings = readBenchSettings({})
    const endpoints = suite({ depots: [700, 1000], availability: [400, 1000], quote: [500, 1000] })
    const markdown = markdownReport({
      machine: {
        cpuModel: 'Test CPU',
        cores: 2,
        memoryBytes: 2 ** 34,
        node: 'v24.0.0',
        os: 'linux',
        date: '2027-01-10T00:00:00.000Z',
        commit: 'abc1234',
        loadAtStart: 0.1,
      },
      settings,
      suites: [endpoints],
      growth,
      targets: checkTargets({ embedded: endpoints, growth }),
      loadAtEnd: 0.2,
      stolen: {
        run: 0.0625,
        parts: [
          { part: 'Endpoints, Embedded', share: 0.25 },
          { part: 'Growth', share: 0.004 },
        ],
      },
      chartPath: 'bench/latency-vs-bookings.svg',
      durationMs: 60_000,
    })
    for (const text of [
      '| CPU stolen by the hypervisor | 6.3% of the run (Endpoints, Embedded 25%; Growth 0.4%) |',
      'Test CPU, 2 cores',
      'abc1234',
      'v24.0.0',
      '2027-01-10',
      '| FAIL |',
      '| PASS |',
    ]) {
      assert.ok(markdown.includes(text), text)
    }
    assert.ok(markdown.includes('![Latency against bookings](bench/latency-vs-bookings.svg)'))
  })
})

describe('BENCHMARKS.md sections of the newer parts', () => {
  test('the large catalogue, staleness and compression each get a table when they ran', () => {
    const markdown = markdownReport({
      machine: {
        cpuModel: 'Test CPU',
        cores: 2,
        memoryBytes: 2 ** 34,
        node: 'v24.0.0',
        os: 'linux',
        date: '2027-01-10T00:00:00.000Z',
        commit: 'abc1234',
        loadAtStart: 0.1,
      },
      settings: readBenchSettings({}),
      suites: [],
      large: [
        {
          setup: { name: 'Embedded', embedded: true, env: {}, cleanup: async () => {} },
          fleet: { depots: 60, vehicles: 150, routes: 570, bookings: 20_000, fileBytes: 3e6 },
          firstStartMs: 2000,
          importMs: 1900,
          startMs: 490,
          rssBytes: 190 * 1048576,
          cases: [
            {
              name: 'availability',
              shareTarget: 0.6,
              comparison: comparison(400, 1000),
              meanVehicles: 100,
              meanBodyBytes: 34_000,
            },
          ],
        },
      ],
      staleness: {
        setup: { name: 'PostgreSQL', embedded: false, env: {}, cleanup: async () => {} },
        samples: [0.5, 1, 2],
        p50Ms: 1,
        p99Ms: 2,
        maxMs: 2,
      },
      compression: [
        {
          name: 'openapi.json',
          path: '/openapi.json',
          plainBytes: 87_000,
          sentBytes: 11_000,
          encoding: 'br',
          comparison: comparison(400, 1000),
        },
      ],
      growth: [],
      targets: [],
      loadAtEnd: 0.2,
      chartPath: undefined,
      durationMs: 60_000,
    })
    for (const text of [
      '## Large catalogue',
      '| Embedded | 2.0 s | 1.9 s | 490 ms | 190 MB |',
      '1.00 µs',
      '## Staleness across instances (PostgreSQL)',
      'p50 1.00 ms, p99 2.00 ms',
      '## Compression',
      '11000 B (br)',
    ]) {
      assert.ok(markdown.includes(text), text)
    }
  })
})

describe('CPU stolen by the hypervisor (/proc/stat)', () => {
  // user nice system idle iowait irq softirq steal guest guest_nice
  const before = 'cpu  100 0 50 800 10 0 5 35 20 0\ncpu0 50 0 25 400 5 0 2 18 10 0\n'
  const after = 'cpu  160 0 80 900 10 0 10 75 40 0\ncpu0 80 0 40 450 5 0 5 38 20 0\n'

  test('reads the steal and the total of all the CPUs, without counting guest time twice', () => {
    assert.deepEqual(parseCpuTimes(before), { steal: 35, total: 1000 })
    assert.deepEqual(parseCpuTimes(after), { steal: 75, total: 1235 })
  })

  test('the share stolen is the steal over all the time between two readings', () => {
    assert.equal(stolenShare(parseCpuTimes(before), parseCpuTimes(after)), 40 / 235)
  })

  test('says nothing where it cannot tell', () => {
    assert.equal(parseCpuTimes('intr 1 2 3\n'), undefined)
    assert.equal(parseCpuTimes('cpu  1 2 3\n'), undefined)
    assert.equal(stolenShare(undefined, parseCpuTimes(after)), undefined)
    assert.equal(stolenShare(parseCpuTimes(after), parseCpuTimes(after)), undefined)
  })
})
