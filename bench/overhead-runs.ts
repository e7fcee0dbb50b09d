import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type AbComparison, alternate } from './ab-alternation.ts'
import { type BenchEndpoint, benchEndpoints } from './bench-requests.ts'
import type { BenchSettings } from './bench-settings.ts'
import { runLoad } from './load.ts'
import { type ServerProcess, startService } from './service-process.ts'
import { embeddedSetup } from './store-setups.ts'

/** The observability settings compared, each against the same service with everything off. */
export type OverheadCase = 'metrics' | 'metrics and tracing'

export type OverheadRun = {
  endpoint: BenchEndpoint
  observed: OverheadCase
  comparison: AbComparison
}

/** The endpoints measured: availability (the target) and the quote (which stores, so traces more). */
const ENDPOINTS = ['availability', 'quote']

/**
 * What metrics and traces cost: the same service (embedded store) run three times, with
 * everything off (METRICS_PORT=off, no OTLP endpoint), with the metrics on as by default, and
 * with traces exported as well (to an OTLP receiver in this process that takes and drops them),
 * each on/off pair alternated A B A B on the same endpoint so that the machine's drift falls on
 * both. Share is on over off.
 */
export async function runOverhead(
  settings: BenchSettings,
  log: (line: string) => void,
): Promise<OverheadRun[]> {
  const receiver = await startOtlpSink()
  const stores = [embeddedSetup(), embeddedSetup(), embeddedSetup()]
  const started: ServerProcess[] = []
  try {
    const [off, metrics, traced] = await Promise.all([
      startService({ env: { ...stores[0]?.env, METRICS_PORT: 'off' } }),
      startService({ env: { ...stores[1]?.env } }),
      startService({
        env: {
          ...stores[2]?.env,
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        },
      }),
    ])
    started.push(off, metrics, traced)
    const cases: [OverheadCase, ServerProcess][] = [
      ['metrics', metrics],
      ['metrics and tracing', traced],
    ]
    const runs: OverheadRun[] = []
    // The difference sought is a few per cent, under the noise of one round: twice the rounds.
    const rounds = Math.max(2 * settings.rounds, 6)
    for (const endpoint of benchEndpoints().filter((each) => ENDPOINTS.includes(each.name))) {
      const load = (server: ServerProcess, seconds = settings.seconds) =>
        runLoad(`${server.baseUrl}${endpoint.path}`, seconds, settings.connections, server)
      for (const server of [off, metrics, traced]) await load(server, settings.warmupSeconds)
      for (const [observed, on] of cases) {
        const comparison = await alternate(
          rounds,
          () => load(on),
          () => load(off),
        )
        const { medianA, medianB, share } = comparison
        log(
          `  ${endpoint.name.padEnd(13)} ${observed.padEnd(20)} on ${Math.round(medianA.requestsPerSecond)}/s cpu ${micro(medianA.cpuMicrosPerRequest)} | off ${Math.round(medianB.requestsPerSecond)}/s cpu ${micro(medianB.cpuMicrosPerRequest)} | share ${share.toFixed(3)}`,
        )
        runs.push({ endpoint, observed, comparison })
      }
    }
    log(`  spans received by the OTLP receiver: ${receiver.batches()} batches`)
    return runs
  } finally {
    await Promise.all(started.map((server) => server.stop()))
    await Promise.all(stores.map((store) => store.cleanup()))
    await receiver.stop()
  }
}

const micro = (value: number | undefined) => (value === undefined ? '?' : `${value.toFixed(1)} µs`)

/** An OTLP/HTTP receiver that reads each batch whole, answers 200 as a collector does, keeps none. */
async function startOtlpSink(): Promise<{
  endpoint: string
  batches(): number
  stop(): Promise<void>
}> {
  let batches = 0
  const server: Server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      batches++
      response.writeHead(200, { 'content-type': 'application/x-protobuf' })
      response.end()
    })
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', () => listening()))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    batches: () => batches,
    stop: () =>
      new Promise((closed) => {
        server.closeAllConnections()
        server.close(() => closed())
      }),
  }
}
