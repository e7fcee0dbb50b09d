import { FLEXIBLE_WINDOW_DATES } from './bench-requests.ts'
import type { EndpointSuite } from './endpoint-runs.ts'
import type { GrowthPoint } from './growth-runs.ts'
import type { OverheadRun } from './overhead-runs.ts'

/** One of the targets, with what was measured and whether it is met. */
export type TargetCheck = { target: string; measured: string; pass: boolean | undefined }

/** Throughput as a share of the bare server returning the same bytes, embedded store. */
const SHARE_TARGETS: Record<string, number> = { depots: 0.6, availability: 0.5, quote: 0.4 }
const P99_LIMIT_MS = 20
/** A flexible search over 14 dates costs at most this many availability answers' CPU time. */
const FLEXIBLE_LIMIT_ANSWERS = 3
const GROWTH_LATENCY_LIMIT = 1.5
const RSS_LIMIT_BYTES = 200 * 1048576
const STARTUP_LIMIT_MS = 1000
/** Metrics on (the default) cost at most 5% of availability's throughput. */
const METRICS_SHARE_LEAST = 0.95
const SMALL = 1000
const LARGE = 1_000_000

/**
 * Checks the targets on what this run measured; a target whose run was skipped is undefined. The
 * shares and growth targets are the embedded store's; the p99 limit holds for the networked
 * stores too (PostgreSQL and/or Redis, when DATABASE_URL or REDIS_URL is set), in a check of its own.
 */
export function checkTargets(
  suite: EndpointSuite | undefined,
  growth: GrowthPoint[],
  networked?: EndpointSuite,
  overhead: OverheadRun[] = [],
): TargetCheck[] {
  const checks: TargetCheck[] = []
  for (const [name, least] of Object.entries(SHARE_TARGETS)) {
    const run = suite?.runs.find((candidate) => candidate.endpoint.name === name)
    checks.push({
      target: `${name}: throughput at least ${least} of the bare server's`,
      measured: run ? run.comparison.share.toFixed(2) : 'not run',
      pass: run ? run.comparison.share >= least : undefined,
    })
  }
  checks.push(flexibleCheck(suite))
  checks.push(p99Check(`p99 under ${P99_LIMIT_MS} ms on every endpoint`, suite))
  if (networked) {
    checks.push(
      p99Check(
        `p99 under ${P99_LIMIT_MS} ms on every endpoint, ${networked.setup.name}`,
        networked,
      ),
    )
  }
  const failures = suite?.runs.reduce((sum, run) => sum + run.comparison.medianA.failures, 0)
  checks.push({
    target: 'every answer under load a 200',
    measured: failures === undefined ? 'not run' : `${failures} not 200`,
    pass: failures === undefined ? undefined : failures === 0,
  })
  const small = growth.find((point) => point.bookings === SMALL)
  const large = growth.find((point) => point.bookings === LARGE)
  const ratio = small && large ? large.availability.p50Ms / small.availability.p50Ms : undefined
  checks.push({
    target: `availability p50 at 1 million bookings at most ${GROWTH_LATENCY_LIMIT} x its p50 at 1 thousand`,
    measured: ratio === undefined ? 'not run' : `${ratio.toFixed(2)} x`,
    pass: ratio === undefined ? undefined : ratio <= GROWTH_LATENCY_LIMIT,
  })
  checks.push({
    target: 'RSS under 200 MB at 1 million bookings',
    measured:
      large?.rssBytes === undefined ? 'not run' : `${(large.rssBytes / 1048576).toFixed(0)} MB`,
    pass: large?.rssBytes === undefined ? undefined : large.rssBytes < RSS_LIMIT_BYTES,
  })
  checks.push({
    target: 'start-up under 1 s on the database with 1 million bookings',
    measured: large ? `${large.startupMs.toFixed(0)} ms` : 'not run',
    pass: large ? large.startupMs < STARTUP_LIMIT_MS : undefined,
  })
  const metrics = overhead.find(
    (run) => run.endpoint.name === 'availability' && run.observed === 'metrics',
  )
  checks.push({
    target: `availability with metrics on: throughput at least ${METRICS_SHARE_LEAST} of metrics off`,
    measured: metrics ? metrics.comparison.share.toFixed(3) : 'not run',
    pass: metrics ? metrics.comparison.share >= METRICS_SHARE_LEAST : undefined,
  })
  return checks
}

/**
 * The flexible search's CPU time per answer in availability answers (each for one date): within
 * a few, where asking availability for each of its 14 dates would cost 14.
 */
function flexibleCheck(suite: EndpointSuite | undefined): TargetCheck {
  const cpu = (name: string) =>
    suite?.runs.find((run) => run.endpoint.name === name)?.comparison.medianA.cpuMicrosPerRequest
  const flexible = cpu('flexible')
  const availability = cpu('availability')
  const answers =
    flexible === undefined || availability === undefined ? undefined : flexible / availability
  return {
    target: `flexible (${FLEXIBLE_WINDOW_DATES} pick-up dates): CPU per answer at most ${FLEXIBLE_LIMIT_ANSWERS} availability answers'`,
    measured: answers === undefined ? 'not run' : `${answers.toFixed(2)} availability answers`,
    pass: answers === undefined ? undefined : answers <= FLEXIBLE_LIMIT_ANSWERS,
  }
}

function p99Check(target: string, suite: EndpointSuite | undefined): TargetCheck {
  const worst = suite?.runs.reduce((most, run) =>
    run.comparison.medianA.p99Ms > most.comparison.medianA.p99Ms ? run : most,
  )
  return {
    target,
    measured: worst
      ? `${worst.comparison.medianA.p99Ms.toFixed(2)} ms at most (${worst.endpoint.name})`
      : 'not run',
    pass: worst ? worst.comparison.medianA.p99Ms < P99_LIMIT_MS : undefined,
  }
}
