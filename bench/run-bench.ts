import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { relative, resolve } from 'node:path'
import { readBenchSettings } from './bench-settings.ts'
import { type EndpointSuite, runEndpointSuite } from './endpoint-runs.ts'
import { type GrowthPoint, runGrowth } from './growth-runs.ts'
import { latencyChart } from './latency-chart.ts'
import { machineInfo } from './machine-info.ts'
import { markdownReport } from './markdown-report.ts'
import { type OverheadRun, runOverhead } from './overhead-runs.ts'
import { REPO_ROOT } from './service-process.ts'
import { embeddedSetup, networkedSetup, type StoreSetup } from './store-setups.ts'
import { checkTargets } from './targets.ts'

/*
 * `npm run bench`: every endpoint against the bare server on the embedded store (and on
 * PostgreSQL / Redis when DATABASE_URL / REDIS_URL are set), then the growth runs; writes
 * BENCHMARKS.md and bench/latency-vs-bookings.svg. Knobs: README "Benchmarks".
 */

const REPORT_FILE = resolve(REPO_ROOT, 'BENCHMARKS.md')
const CHART_FILE = resolve(REPO_ROOT, 'bench/latency-vs-bookings.svg')

async function main(): Promise<void> {
  const started = performance.now()
  const settings = readBenchSettings()
  const machine = machineInfo()
  const log = (line: string) => console.log(line)
  log(
    `Bench on ${machine.cpuModel} (${machine.cores} cores), Node ${machine.node}, commit ${machine.commit}, load ${machine.loadAtStart.toFixed(2)}`,
  )

  const suites: EndpointSuite[] = []
  if (settings.parts.endpoints) {
    const setups: (() => Promise<StoreSetup>)[] = [async () => embeddedSetup()]
    if (settings.databaseUrl || settings.redisUrl) {
      setups.push(() => networkedSetup(settings.databaseUrl, settings.redisUrl))
    }
    for (const open of setups) {
      const setup = await open()
      log(`Endpoints, ${setup.name}:`)
      try {
        suites.push(await runEndpointSuite(settings, setup, log))
      } finally {
        await setup.cleanup()
      }
    }
  }
  let growth: GrowthPoint[] = []
  if (settings.parts.growth) {
    log('Growth, embedded store:')
    growth = await runGrowth(settings, log)
  }

  let overhead: OverheadRun[] = []
  if (settings.parts.overhead) {
    log('Metrics and traces, on against off, embedded store:')
    overhead = await runOverhead(settings, log)
  }

  const targets = checkTargets(
    suites.find((suite) => suite.setup.embedded),
    growth,
    suites.find((suite) => !suite.setup.embedded),
    overhead,
  )
  if (growth.length > 0) writeFileSync(CHART_FILE, latencyChart(growth, settings.connections))
  writeFileSync(
    REPORT_FILE,
    markdownReport({
      machine,
      settings,
      suites,
      growth,
      overhead,
      targets,
      loadAtEnd: loadavg()[0] ?? 0,
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
