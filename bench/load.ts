import autocannon from 'autocannon'

/** One load run: throughput and latency percentiles of the answers. */
export type LoadResult = {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  requests: number
  /** Answers that were not 2xx, plus connection errors and timeouts: should be 0. */
  failures: number
  /**
   * CPU time the server used per answer, in microseconds, when known. Unlike throughput it hardly
   * moves when other work shares the machine.
   */
  cpuMicrosPerRequest?: number
}

/**
 * What a load asks: one URL, or many paths of one server that each connection asks in turn, with
 * headers to send (Accept-Encoding, say).
 */
export type LoadTarget =
  | string
  | { baseUrl: string; paths: string[]; headers?: Record<string, string> }

/**
 * Keeps `connections` keep-alive connections busy on `target` for `seconds`, from this process.
 * Latencies are kept exactly (autocannon's own histogram rounds to whole milliseconds).
 */
export async function runLoad(
  target: LoadTarget,
  seconds: number,
  connections: number,
  server?: { cpuSeconds(): number | undefined },
): Promise<LoadResult> {
  const cpuBefore = server?.cpuSeconds()
  const result = await autocannonLoad(target, seconds, connections)
  const cpuAfter = server?.cpuSeconds()
  if (cpuBefore === undefined || cpuAfter === undefined || result.requests === 0) return result
  return { ...result, cpuMicrosPerRequest: ((cpuAfter - cpuBefore) * 1e6) / result.requests }
}

function autocannonLoad(
  target: LoadTarget,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const latencies: number[] = []
  const options =
    typeof target === 'string'
      ? { url: target }
      : {
          url: target.baseUrl,
          ...(target.headers ? { headers: target.headers } : {}),
          requests: target.paths.map((path) => ({ method: 'GET', path })),
        }
  return new Promise((done, fail) => {
    const instance = autocannon(
      { ...options, connections, duration: seconds, timeout: 10 },
      (error, result) => {
        if (error) {
          fail(error)
          return
        }
        latencies.sort((a, b) => a - b)
        done({
          requestsPerSecond: result.requests.total / (result.duration || seconds),
          p50Ms: percentile(latencies, 0.5),
          p99Ms: percentile(latencies, 0.99),
          requests: result.requests.total,
          failures: result.non2xx + result.errors + result.timeouts,
        })
      },
    )
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
      latencies.push(ms)
    })
  })
}

/** The value below which `share` of the sorted values fall (nearest rank). */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))
  return sorted[rank] as number
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}
