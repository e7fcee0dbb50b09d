import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { relative, resolve } from 'node:path'
import { readBenchSettings } from './bench-settings.ts'
import { type CompressionRun, runCompression } from './compression-runs.ts'
import { cpuTimes, stolenShare } from './cpu-steal.ts'
import { type EndpointSuite, runEndpointSuite } from './endpoint-runs.ts'
import { type GrowthPoint, runGrowth } from './growth-runs.ts'
import { type LargeCatalogueRun, runLargeCatalogue } from './large-catalogue-runs.ts'
import { latencyChart } from './latency-chart.ts'
import { machineInfo } from './machine-info.ts'
import { markdownReport, type StolenDuring } from './markdown-report.ts'
import { type OverheadRun, runOverhead } from './overhead-runs.ts'
import { buildService, REPO_ROOT } from './service-process.ts'
import { runStaleness, type StalenessRun } from './staleness-runs.ts'
import { embeddedSetup, networkedSetup, type StoreSetup } from './store-setups.ts'
import { checkTargets } from './targets.ts'

/*
 * `npm run bench`: every endpoint against the bare server on the embedded store (and on
 * PostgreSQL / Redis when DATABASE_URL / REDIS_URL are set), the large catalogue on each store,
 * how stale another instance's answers are (PostgreSQL), what compression costs small answers and
 * saves large ones, then the growth runs; writes
 * BENCHMARKS.md and bench/latency-vs-bookings.svg. Knobs: README "Benchmarks".
 */

const REPORT_FILE = resolve(REPO_ROOT, 'BENCHMARKS.md')
const CHART_FILE = resolve(REPO_ROOT, 'bench/latency-vs-bookings.svg')

async function main(): Promise<void> {
  const started = performance.now()
  const cpuAtStart = cpuTimes()
  const settings = readBenchSettings()
  const { parts } = settings
  const machine = machineInfo()
  const log = (line: string) => console.log(line)
  buildService()
  log(
    `Bench on ${machine.cpuModel} (${machine.cores} cores), Node ${machine.node}, commit ${machine.commit}, load ${machine.loadAtStart.toFixed(2)}`,
  )
  const networked = settings.databaseUrl || settings.redisUrl
  /** The CPU the hypervisor took from the machine during each part, as the report gives it. */
  const stolen: StolenDuring[] = []
  async function measured<T>(part: string, work: () => Promise<T>): Promise<T> {
    const before = cpuTimes()
    try {
      return await work()
    } finally {
      const share = stolenShare(before, cpuTimes())
      if (share !== undefined) stolen.push({ part, share })
    }
  }
  /** Runs `work` on a fresh store of each kind asked for, and clears it away after. */
  async function onStores<T>(
    stores: (() => Promise<StoreSetup>)[],
    title: string,
    work: (setup: StoreSetup) => Promise<T>,
  ): Promise<T[]> {
    const results: T[] = []
    for (const open of stores) {
      const setup = await open()
      log(`${title}, ${setup.name}:`)
      try {
        results.push(await measured(`${title}, ${setup.name}`, () => work(setup)))
      } finally {
        await setup.cleanup()
      }
    }
    return results
  }
  const embeddedStore = async () => embeddedSetup()
  const networkedStore = () => networkedSetup(settings.databaseUrl, settings.redisUrl)

  const [embedded] = parts.embedded
    ? await onStores([embeddedStore], 'Endpoints', (setup) =>
        runEndpointSuite(settings, setup, log),
      )
    : []
  const [networkedSuite] =
    parts.networked && networked
      ? await onStores([networkedStore], 'Endpoints', (setup) =>
          runEndpointSuite(settings, setup, log),
        )
      : []
  const large: LargeCatalogueRun[] = parts.large
    ? await onStores(
        networked ? [embeddedStore, networkedStore] : [embeddedStore],
        'Large catalogue',
        (setup) => runLargeCatalogue(settings, setup, log),
      )
    : []
  const [staleness] =
    parts.staleness && settings.databaseUrl
      ? await onStores([networkedStore], 'Staleness across instances', (setup) =>
          runStaleness(setup, log),
        )
      : []
  const [compression] = parts.compression
    ? await onStores([embeddedStore], 'Compression', (setup) =>
        runCompression(settings, setup, log),
      )
    : []
  let growth: GrowthPoint[] = []
  if (parts.growth) {
    log('Growth, embedded store:')
    growth = await measured('Growth', () => runGrowth(settings, log))
  }

  let overhead: OverheadRun[] = []
  if (parts.overhead) {
    log('Metrics and traces, on against off, embedded store:')
    overhead = await measured('Metrics and traces', () => runOverhead(settings, log))
  }

  const suites = [embedded, networkedSuite].filter(
    (suite): suite is EndpointSuite => suite !== undefined,
  )
  const targets = checkTargets({
    embedded,
    networked: networkedSuite,
    growth,
    large,
    compression: compression as CompressionRun[] | undefined,
    overhead,
  })
  if (growth.length > 0) writeFileSync(CHART_FILE, latencyChart(growth, settings.connections))
  writeFileSync(
    REPORT_FILE,
    markdownReport({
      machine,
      settings,
      suites,
      large,
      staleness: staleness as StalenessRun | undefined,
      compression: compression as CompressionRun[] | undefined,
      growth,
      overhead,
      targets,
      loadAtEnd: loadavg()[0] ?? 0,
      stolen: { run: stolenShare(cpuAtStart, cpuTimes()), parts: stolen },
      chartPath: growth.length > 0 ? relative(REPO_ROOT, CHART_FILE) : undefined,
      durationMs: performance.now() - started,
    }),
  )
  log('Targets:')
  for (const check of targets) {
    const result = check.pass === undefined ? 'not run' : check.pass ? 'PASS' : 'FAIL'
    log(`  ${result.padEnd(7)} ${check.target}: ${check.measured}`)
  }
  log(
    `Wrote ${relative(REPO_ROOT, REPORT_FILE)}${growth.length > 0 ? ` and ${relative(REPO_ROOT, CHART_FILE)}` : ''}`,
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
