import { type LoadResult, median } from './load.ts'

/** Rounds of A then B, and their medians; `share` is A's throughput over B's. */
export type AbComparison = {
  a: LoadResult[]
  b: LoadResult[]
  medianA: LoadSummary
  medianB: LoadSummary
  /** Median over the rounds of A's requests per second divided by B's in the same round. */
  share: number
}

export type LoadSummary = {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  failures: number
  /** Median CPU time of the server per answer, when known. */
  cpuMicrosPerRequest: number | undefined
}

/**
 * Runs A, B, A, B, ... so that drift in the machine (another process waking up, the CPU
 * clocking down) falls on both sides alike, and compares each A with the B right after it.
 */
export async function alternate(
  rounds: number,
  runA: () => Promise<LoadResult>,
  runB: () => Promise<LoadResult>,
): Promise<AbComparison> {
  const a: LoadResult[] = []
  const b: LoadResult[] = []
  for (let round = 0; round < rounds; round++) {
    a.push(await runA())
    b.push(await runB())
  }
  return {
    a,
    b,
    medianA: summarise(a),
    medianB: summarise(b),
    share: median(
      a.map(
        (result, round) => result.requestsPerSecond / (b[round] as LoadResult).requestsPerSecond,
      ),
    ),
  }
}

export function summarise(results: LoadResult[]): LoadSummary {
  return {
    requestsPerSecond: median(results.map((result) => result.requestsPerSecond)),
    p50Ms: median(results.map((result) => result.p50Ms)),
    p99Ms: median(results.map((result) => result.p99Ms)),
    failures: results.reduce((sum, result) => sum + result.failures, 0),
    cpuMicrosPerRequest: results.every((result) => result.cpuMicrosPerRequest !== undefined)
      ? median(results.map((result) => result.cpuMicrosPerRequest as number))
      : undefined,
  }
}
