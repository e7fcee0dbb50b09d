import { todayIn } from '../src/domain/calendar-date.ts'
import { FLEXIBLE_WINDOW_DATES } from './bench-requests.ts'
import type { CompressionRun } from './compression-runs.ts'
import type { EndpointSuite } from './endpoint-runs.ts'
import type { GrowthPoint } from './growth-runs.ts'
import { type LargeCatalogueRun, largeCatalogueCases } from './large-catalogue-runs.ts'
import type { OverheadRun } from './overhead-runs.ts'

/** One of the targets, with what was measured and whether it is met. */
export type TargetCheck = { target: string; measured: string; pass: boolean | undefined }

/** What one run of the bench measured; a part that did not run is absent or empty. */
export type BenchFigures = {
  embedded?: EndpointSuite | undefined
  /** PostgreSQL and/or Redis, when DATABASE_URL or REDIS_URL is set. */
  networked?: EndpointSuite | undefined
  growth?: GrowthPoint[]
  large?: LargeCatalogueRun[]
  compression?: CompressionRun[] | undefined
  overhead?: OverheadRun[]
}

/** Throughput as a share of the bare server returning the same bytes, embedded store. */
const SHARE_TARGETS: Record<string, number> = { depots: 0.6, availability: 0.5, quote: 0.4 }
/** The same on PostgreSQL with the rate limit in Redis (one instance). */
const NETWORKED_SHARE_TARGETS: Record<string, number> = { availability: 0.35, quote: 0.3 }
const P99_LIMIT_MS = 20
/** A flexible search over 14 dates costs at most this many availability answers' CPU time. */
const FLEXIBLE_LIMIT_ANSWERS = 3
const GROWTH_LATENCY_LIMIT = 1.5
const RSS_LIMIT_BYTES = 200 * 1048576
const STARTUP_LIMIT_MS = 1000
/** Metrics on (the default) cost at most 5% of availability's throughput. */
const METRICS_SHARE_LEAST = 0.95
/** A small answer asked with Accept-Encoding keeps at least this share of its throughput without. */
const COMPRESSION_SMALL_SHARE = 0.9
const SMALL = 1000
const LARGE = 1_000_000

/**
 * Checks the targets on what this run measured; a target whose run was skipped is undefined. The
 * p99 limit holds for every store; the networked shares are set for PostgreSQL with the rate limit
 * in Redis, and the large catalogue's for the embedded store (each case names its own).
 */
export function checkTargets(figures: BenchFigures): TargetCheck[] {
  const { embedded, networked, growth = [], large = [], compression, overhead = [] } = figures
  const checks: TargetCheck[] = []
  checks.push(...shareChecks(embedded, SHARE_TARGETS, ''))
  checks.push(flexibleCheck(embedded))
  checks.push(p99Check(`p99 under ${P99_LIMIT_MS} ms on every endpoint`, embedded))
  const postgresAndRedis = networked?.setup.name === 'PostgreSQL (rate limit in Redis)'
  checks.push(
    ...shareChecks(
      postgresAndRedis ? networked : undefined,
      NETWORKED_SHARE_TARGETS,
      ', PostgreSQL (rate limit in Redis)',
    ),
  )
  if (networked) {
    checks.push(
      p99Check(
        `p99 under ${P99_LIMIT_MS} ms on every endpoint, ${networked.setup.name}`,
        networked,
      ),
    )
  }
  const failures = [embedded, networked].reduce(
    (sum, suite) =>
      suite === undefined
        ? sum
        : (sum ?? 0) + suite.runs.reduce((all, run) => all + run.comparison.medianA.failures, 0),
    undefined as number | undefined,
  )
  checks.push({
    target: 'every answer under load a 200',
    measured: failures === undefined ? 'not run' : `${failures} not 200`,
    pass: failures === undefined ? undefined : failures === 0,
  })
  const largeEmbedded = large.find((run) => run.setup.embedded)
  for (const benched of largeCatalogueCases(todayIn('Pacific/Auckland', new Date()))) {
    if (benched.shareTarget === undefined) continue
    const measured = largeEmbedded?.cases.find((run) => run.name === benched.name)?.comparison.share
    checks.push({
      target: `large catalogue, varied ${benched.name}: throughput at least ${benched.shareTarget} of the bare server's`,
      measured: measured === undefined ? 'not run' : measured.toFixed(2),
      pass: measured === undefined ? undefined : measured >= benched.shareTarget,
    })
  }
  const uncompressed = compression?.filter((run) => run.encoding === undefined)
  const worstSmall = uncompressed?.reduce<CompressionRun | undefined>(
    (worst, run) =>
      worst === undefined || run.comparison.share < worst.comparison.share ? run : worst,
    undefined,
  )
  checks.push({
    target: `small API answers asked with Accept-Encoding keep at least ${COMPRESSION_SMALL_SHARE} of their throughput`,
    measured: worstSmall
      ? `${worstSmall.comparison.share.toFixed(2)} at least (${worstSmall.name})`
      : 'not run',
    pass: worstSmall ? worstSmall.comparison.share >= COMPRESSION_SMALL_SHARE : undefined,
  })
  const small = growth.find((point) => point.bookings === SMALL)
  const most = growth.find((point) => point.bookings === LARGE)
  const ratio = small && most ? most.availability.p50Ms / small.availability.p50Ms : undefined
  checks.push({
    target: `availability p50 at 1 million bookings at most ${GROWTH_LATENCY_LIMIT} x its p50 at 1 thousand`,
    measured: ratio === undefined ? 'not run' : `${ratio.toFixed(2)} x`,
    pass: ratio === undefined ? undefined : ratio <= GROWTH_LATENCY_LIMIT,
  })
  checks.push({
    target: 'RSS under 200 MB at 1 million bookings',
    measured:
      most?.rssBytes === undefined ? 'not run' : `${(most.rssBytes / 1048576).toFixed(0)} MB`,
    pass: most?.rssBytes === undefined ? undefined : most.rssBytes < RSS_LIMIT_BYTES,
  })
  checks.push({
    target: 'start-up under 1 s on the database with 1 million bookings',
    measured: most ? `${most.startupMs.toFixed(0)} ms` : 'not run',
    pass: most ? most.startupMs < STARTUP_LIMIT_MS : undefined,
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

function shareChecks(
  suite: EndpointSuite | undefined,
  targets: Record<string, number>,
  where: string,
): TargetCheck[] {
  return Object.entries(targets).map(([name, least]) => {
    const run = suite?.runs.find((candidate) => candidate.endpoint.name === name)
    return {
      target: `${name}: throughput at least ${least} of the bare server's${where}`,
      measured: run ? run.comparison.share.toFixed(2) : 'not run',
      pass: run ? run.comparison.share >= least : undefined,
    }
  })
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
