import type { BenchSettings } from './bench-settings.ts'
import { ACCEPT_ENCODING, type CompressionRun } from './compression-runs.ts'
import type { EndpointSuite } from './endpoint-runs.ts'
import type { GrowthPoint } from './growth-runs.ts'
import { type LargeCatalogueRun, perVehicle } from './large-catalogue-runs.ts'
import { bookingsLabel } from './latency-chart.ts'
import type { MachineInfo } from './machine-info.ts'
import type { OverheadRun } from './overhead-runs.ts'
import type { StalenessRun } from './staleness-runs.ts'
import type { TargetCheck } from './targets.ts'

/** The share of the machine's CPU its hypervisor took during one part of the run. */
export type StolenDuring = { part: string; share: number }

export type BenchResults = {
  machine: MachineInfo
  settings: BenchSettings
  suites: EndpointSuite[]
  large?: LargeCatalogueRun[]
  staleness?: StalenessRun | undefined
  compression?: CompressionRun[] | undefined
  growth: GrowthPoint[]
  /** Metrics and traces on against off; empty when that part did not run. */
  overhead?: OverheadRun[]
  targets: TargetCheck[]
  /** One-minute load average when the bench ended. */
  loadAtEnd: number
  /** CPU stolen by the hypervisor over the whole run and during each part; absent without /proc. */
  stolen?: { run: number | undefined; parts: StolenDuring[] }
  /** Relative to BENCHMARKS.md, when growth ran. */
  chartPath: string | undefined
  durationMs: number
}

/** BENCHMARKS.md: the machine, the targets, the endpoint and growth tables, and the method. */
export function markdownReport(results: BenchResults): string {
  const { machine, settings } = results
  const lines: string[] = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (`bench/run-bench.ts`); not edited by hand. README "Benchmarks" says how to run it.',
    '',
    '| Run | |',
    '|---|---|',
    `| Date | ${machine.date} |`,
    `| Commit | ${machine.commit} |`,
    `| CPU | ${machine.cpuModel}, ${machine.cores} cores |`,
    `| Memory | ${(machine.memoryBytes / 1073741824).toFixed(1)} GiB |`,
    `| Node | ${machine.node} |`,
    `| OS | ${machine.os} |`,
    `| Load average (1 min) | ${machine.loadAtStart.toFixed(2)} at the start, ${results.loadAtEnd.toFixed(2)} at the end |`,
    ...stolenRow(results.stolen),
    `| Settings | ${settings.connections} connections; ${settings.rounds} A/B rounds of ${settings.seconds} s per endpoint after ${settings.warmupSeconds} s of warm-up each; growth: ${settings.growthRounds} rounds of ${settings.growthSeconds} s, ${settings.startups} start-ups per size |`,
    `| Whole run | ${(results.durationMs / 60000).toFixed(1)} min |`,
    '',
    '## Targets',
    '',
    '| Target | Measured | Result |',
    '|---|---|---|',
    ...results.targets.map(
      (check) =>
        `| ${check.target} | ${check.measured} | ${check.pass === undefined ? 'not run' : check.pass ? 'PASS' : 'FAIL'} |`,
    ),
    '',
  ]
  for (const suite of results.suites) {
    lines.push(
      `## Endpoints: ${suite.setup.name}`,
      '',
      "Service (A) and a bare `node:http` server answering the same bytes (status, headers and body) (B), alternated A B A B; medians over the rounds. Share is the median of A/B throughput per round (the targets). CPU is the server process's CPU time per answer; CPU share, bare CPU over service CPU, hardly moves when other work shares the machine.",
      '',
      '| Endpoint | Body | Service req/s | p50 | p99 | CPU | Bare req/s | p50 | p99 | CPU | Share | CPU share |',
      '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
      ...suite.runs.map(({ endpoint, bodyBytes, comparison: c }) =>
        [
          `| ${endpoint.name}${c.medianA.failures > 0 ? ` (${c.medianA.failures} not 200)` : ''}`,
          `${bodyBytes} B`,
          rate(c.medianA.requestsPerSecond),
          ms(c.medianA.p50Ms),
          ms(c.medianA.p99Ms),
          micros(c.medianA.cpuMicrosPerRequest),
          rate(c.medianB.requestsPerSecond),
          ms(c.medianB.p50Ms),
          ms(c.medianB.p99Ms),
          micros(c.medianB.cpuMicrosPerRequest),
          c.share.toFixed(2),
          `${cpuShare(c.medianA.cpuMicrosPerRequest, c.medianB.cpuMicrosPerRequest)} |`,
        ].join(' | '),
      ),
      '',
      'Requests:',
      '',
      ...suite.runs.map(({ endpoint }) => `- ${endpoint.name}: \`GET ${endpoint.path}\``),
      '',
    )
  }
  lines.push(
    ...largeSection(results.large ?? []),
    ...stalenessSection(results.staleness),
    ...compressionSection(results.compression ?? []),
  )
  if (results.growth.length > 0) {
    lines.push(
      '## Growth: bookings in the store',
      '',
      `Availability and quote on the embedded store holding generated bookings, ${settings.connections} connections, medians over the rounds.`,
      '',
      ...(results.chartPath ? [`![Latency against bookings](${results.chartPath})`, ''] : []),
      '| Bookings | Written in | Database | Start-up | RSS after load | Availability req/s | p50 | p99 | CPU | Quote req/s | p50 | p99 | CPU |',
      '|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
      ...results.growth.map((point) =>
        [
          `| ${bookingsLabel(point.bookings)}`,
          `${(point.generateMs / 1000).toFixed(1)} s`,
          mb(point.databaseBytes),
          `${point.startupMs.toFixed(0)} ms`,
          point.rssBytes === undefined ? 'unknown' : mb(point.rssBytes),
          rate(point.availability.requestsPerSecond),
          ms(point.availability.p50Ms),
          ms(point.availability.p99Ms),
          micros(point.availability.cpuMicrosPerRequest),
          rate(point.quote.requestsPerSecond),
          ms(point.quote.p50Ms),
          ms(point.quote.p99Ms),
          `${micros(point.quote.cpuMicrosPerRequest)} |`,
        ].join(' | '),
      ),
      '',
    )
  }
  const overhead = results.overhead ?? []
  if (overhead.length > 0) {
    lines.push(
      '## Metrics and traces: what they cost',
      '',
      "The same service on the embedded store three times: everything off (`METRICS_PORT=off`), the metrics on (the default), and traces exported as well (to an OTLP/HTTP receiver in the bench process that drops them). Each on/off pair alternated A B A B on the endpoint; share is on over off, the median per round. CPU is the service's CPU time per answer.",
      '',
      '| Endpoint | On | On req/s | p99 | CPU | Off req/s | p99 | CPU | Share | CPU share |',
      '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|',
      ...overhead.map(({ endpoint, observed, comparison: c }) =>
        [
          `| ${endpoint.name}`,
          observed,
          rate(c.medianA.requestsPerSecond),
          ms(c.medianA.p99Ms),
          micros(c.medianA.cpuMicrosPerRequest),
          rate(c.medianB.requestsPerSecond),
          ms(c.medianB.p99Ms),
          micros(c.medianB.cpuMicrosPerRequest),
          c.share.toFixed(3),
          `${cpuShare(c.medianA.cpuMicrosPerRequest, c.medianB.cpuMicrosPerRequest)} |`,
        ].join(' | '),
      ),
      '',
    )
  }
  lines.push(
    '## Method',
    '',
    '- The service runs as its own process (`node dist/bin/rental-agent.js serve`, the build `npm start` runs, with a fresh `DATA_DIR`, `LOG_LEVEL=warn`) with the rate limit on, raised through `RATE_LIMIT_MAX` so that it counts every request without refusing any: its cost is in the figures.',
    '- The bare server (`bench/bare-server.ts`) is another process: plain `node:http` answering each path with the status, headers (all but Date, Connection and Keep-Alive, which Node writes itself) and body the service gave for it once, from memory. It is the fastest thing Node can do with the same bytes, the ceiling of this machine.',
    '- The load (autocannon, keep-alive connections) comes from the bench process. All three share the same cores; that is the same for A and B. Latency is measured on every answer, exactly (not rounded to whole milliseconds).',
    '- A quote is stored as it is given, so the quote figures include writing it.',
    "- Large catalogue: a company generated from the demo one (`bench/large-fleet.ts`): 60 depots in six regions, 150 models each stocked at about four depots in five, one-way routes between every two depots of a region and between the regions' hubs, 20,000 bookings, written as a fleet file. First start: spawn to first 200 on an empty database, the file read and loaded. Import: `rental-agent fleet import` of the same fleet with every rate and every stock changed, spawn to exit. Start: spawn to first 200 on the database it left. The searches are 300 different ones (every depot, returns and one-way rentals in the region, pick-ups over ten months, 1 to 21 days), each connection asking them in turn, against the bare server answering the same 300 paths with the same bytes.",
    "- Staleness (PostgreSQL): two instances on one database; a booking of the last unit of a vehicle, then its cancellation, committed one at a time by the operator's store in the bench process; after each commit the second instance is asked back to back until its answer shows it. A sample is the time from the commit's acknowledgement to that answer, one request's own time included.",
    `- Growth: the demo company with every vehicle stocked at every depot (500 units each), and bookings generated over the ${548}-day horizon, 1 to 14 rental days each, one in five one-way, none overselling (\`bench/generate-bookings.ts\`), written with the fleet through the store's bulk path in one transaction. Start-up is from spawning the process to its first 200 on that database; RSS is read from \`/proc/<pid>/status\` after the load.`,
    '- Noise: alternation, warm-up and medians damp it, but figures from a machine running other work are low and spread; the load average above tells.',
    '',
  )
  return lines.join('\n')
}

const rate = (value: number) => Math.round(value).toLocaleString('en-US')
const ms = (value: number) => `${value.toFixed(2)} ms`
const micros = (value: number | undefined) =>
  value === undefined ? 'unknown' : `${Math.round(value)} µs`
const cpuShare = (service: number | undefined, bare: number | undefined) =>
  service === undefined || bare === undefined ? 'unknown' : (bare / service).toFixed(2)
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`

function largeSection(runs: LargeCatalogueRun[]): string[] {
  if (runs.length === 0) return []
  const [first] = runs
  const fleet = first?.fleet
  return [
    '## Large catalogue',
    '',
    fleet
      ? `${fleet.depots} depots, ${fleet.vehicles} models, ${fleet.routes} routes, ${fleet.bookings.toLocaleString('en-US')} bookings (a fleet file of ${mb(fleet.fileBytes)}); varied requests, service (A) and bare server (B) alternated, medians over the rounds. Per vehicle: the service's CPU time per answer over the vehicles in it.`
      : '',
    '',
    '| Store | First start | Import | Start | RSS after load |',
    '|---|--:|--:|--:|--:|',
    ...runs.map(
      (run) =>
        `| ${run.setup.name} | ${seconds(run.firstStartMs)} | ${seconds(run.importMs)} | ${run.startMs.toFixed(0)} ms | ${run.rssBytes === undefined ? 'unknown' : mb(run.rssBytes)} |`,
    ),
    '',
    '| Store | Request | Vehicles | Body | Service req/s | p50 | p99 | CPU | Per vehicle | Bare req/s | CPU | Share | CPU share |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...runs.flatMap((run) =>
      run.cases.map(({ comparison: c, ...benched }) =>
        [
          `| ${run.setup.name}`,
          `${benched.name}${c.medianA.failures > 0 ? ` (${c.medianA.failures} not 200)` : ''}`,
          benched.meanVehicles.toFixed(0),
          `${(benched.meanBodyBytes / 1024).toFixed(1)} kB`,
          rate(c.medianA.requestsPerSecond),
          ms(c.medianA.p50Ms),
          ms(c.medianA.p99Ms),
          micros(c.medianA.cpuMicrosPerRequest),
          fineMicros(perVehicle({ comparison: c, ...benched })),
          rate(c.medianB.requestsPerSecond),
          micros(c.medianB.cpuMicrosPerRequest),
          c.share.toFixed(2),
          `${cpuShare(c.medianA.cpuMicrosPerRequest, c.medianB.cpuMicrosPerRequest)} |`,
        ].join(' | '),
      ),
    ),
    '',
  ]
}

function stalenessSection(run: StalenessRun | undefined): string[] {
  if (!run) return []
  return [
    '## Staleness across instances (PostgreSQL)',
    '',
    `From a commit (a booking of a vehicle's last unit, or its cancellation) to the first answer of another instance that shows it, over ${run.samples.length} commits: p50 ${ms(run.p50Ms)}, p99 ${ms(run.p99Ms)}, at most ${ms(run.maxMs)}.`,
    '',
  ]
}

const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`
const fineMicros = (value: number | undefined) =>
  value === undefined ? 'unknown' : `${value.toFixed(2)} µs`

function compressionSection(runs: CompressionRun[]): string[] {
  if (runs.length === 0) return []
  return [
    '## Compression',
    '',
    `Embedded store, one service asked with \`Accept-Encoding: ${ACCEPT_ENCODING}\` (A) and without (B), alternated, medians over the rounds. Answers under the threshold go as they are; Share is A's throughput over B's.`,
    '',
    '| Answer | Size | Sent with Accept-Encoding | With: req/s | p99 | CPU | Without: req/s | p99 | CPU | Share |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...runs.map(({ name, plainBytes, sentBytes, encoding, comparison: c }) =>
      [
        `| ${name}`,
        `${plainBytes} B`,
        encoding ? `${sentBytes} B (${encoding})` : 'as it is',
        rate(c.medianA.requestsPerSecond),
        ms(c.medianA.p99Ms),
        micros(c.medianA.cpuMicrosPerRequest),
        rate(c.medianB.requestsPerSecond),
        ms(c.medianB.p99Ms),
        micros(c.medianB.cpuMicrosPerRequest),
        `${c.share.toFixed(2)} |`,
      ].join(' | '),
    ),
    '',
  ]
}

/**
 * The run table's row on stolen CPU: on a virtual machine, the time its hypervisor gave other
 * guests. Throughput and latency measured while it was high say as much about the neighbours as
 * about the service; CPU time per answer less so, since a process is not charged for time stolen.
 */
function stolenRow(stolen: BenchResults['stolen']): string[] {
  if (stolen?.run === undefined) return []
  const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`
  const parts = stolen.parts.map(({ part, share }) => `${part} ${percent(share)}`).join('; ')
  return [
    `| CPU stolen by the hypervisor | ${percent(stolen.run)} of the run${parts === '' ? '' : ` (${parts})`} |`,
  ]
}
