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
  /** Which parts run: the endpoint A/B runs, the growth runs, the observability overhead. */
  parts: { endpoints: boolean; growth: boolean; overhead: boolean }
  /** Networked stores to bench as well, when set. */
  databaseUrl: string | undefined
  redisUrl: string | undefined
}

export function readBenchSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  const only = env.BENCH_ONLY ?? ''
  if (!['', 'endpoints', 'growth', 'overhead'].includes(only)) {
    throw new Error(`BENCH_ONLY must be endpoints, growth or overhead; got "${only}"`)
  }
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
    parts: {
      endpoints: only === '' || only === 'endpoints',
      growth: only === '' || only === 'growth',
      overhead: only === '' || only === 'overhead',
    },
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
