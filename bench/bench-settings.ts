/** The bench's knobs, read once from the environment; see README "Benchmarks". */
export type BenchSettings = {
  /** Seconds each measured load lasts. */
  seconds: number
  /** A/B pairs per endpoint; the report gives the median. */
  rounds: number
  /** Seconds of load before the measured rounds, on each server, to warm the JIT. */
  warmupSeconds: number
  connections: number
  /** Bookings in the store for each growth run. */
  growthSizes: number[]
  growthSeconds: number
  growthRounds: number
  /** Start-ups timed on the largest database; the report gives the median. */
  startups: number
  /** Which parts run (BENCH_ONLY); all by default. */
  parts: Record<BenchPart, boolean>
  /** Networked stores to bench as well, when set. */
  databaseUrl: string | undefined
  redisUrl: string | undefined
}

/**
 * The bench's parts: the endpoints on the embedded store and on the networked ones (with
 * DATABASE_URL and/or REDIS_URL), the large catalogue, how stale another instance's answers are
 * (PostgreSQL), what compression costs and saves, what the metrics and traces cost, and the
 * growth runs.
 */
export const BENCH_PARTS = [
  'embedded',
  'networked',
  'large',
  'staleness',
  'compression',
  'overhead',
  'growth',
] as const
export type BenchPart = (typeof BENCH_PARTS)[number]

/** BENCH_ONLY: parts separated by commas; `endpoints` stands for embedded and networked. */
function readParts(text: string): Record<BenchPart, boolean> {
  const named = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .flatMap((part) => (part === 'endpoints' ? ['embedded', 'networked'] : [part]))
  for (const part of named) {
    if (!(BENCH_PARTS as readonly string[]).includes(part)) {
      throw new Error(
        `BENCH_ONLY must list parts among ${BENCH_PARTS.join(', ')} (or endpoints); got "${text}"`,
      )
    }
  }
  return Object.fromEntries(
    BENCH_PARTS.map((part) => [part, named.length === 0 || named.includes(part)]),
  ) as Record<BenchPart, boolean>
}

export function readBenchSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  return {
    seconds: positive(env, 'BENCH_SECONDS', 5),
    rounds: positive(env, 'BENCH_ROUNDS', 3),
    warmupSeconds: positive(env, 'BENCH_WARMUP_SECONDS', 2),
    connections: positive(env, 'BENCH_CONNECTIONS', 32),
    growthSizes: (env.BENCH_GROWTH_SIZES ?? '1000,10000,100000,1000000')
      .split(',')
      .map((size) => wholeNumber('BENCH_GROWTH_SIZES', size.trim())),
    growthSeconds: positive(env, 'BENCH_GROWTH_SECONDS', 3),
    growthRounds: positive(env, 'BENCH_GROWTH_ROUNDS', 3),
    startups: positive(env, 'BENCH_STARTUPS', 3),
    parts: readParts(env.BENCH_ONLY ?? ''),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
  }
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!(value > 0) || !Number.isFinite(value)) {
    throw new Error(`${name} must be a positive number; got "${text}"`)
  }
  return value
}

function wholeNumber(name: string, text: string): number {
  if (!/^[1-9][0-9]*$/.test(text)) throw new Error(`${name}: "${text}" is not a whole number`)
  return Number(text)
}
