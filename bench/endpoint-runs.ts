import { join } from 'node:path'
import { type AbComparison, alternate } from './ab-alternation.ts'
import { type BenchEndpoint, benchEndpoints } from './bench-requests.ts'
import type { BenchSettings } from './bench-settings.ts'
import { runLoad } from './load.ts'
import { recordResponses } from './recorded-responses.ts'
import { startBareServer, startService } from './service-process.ts'
import type { StoreSetup } from './store-setups.ts'

export type EndpointRun = { endpoint: BenchEndpoint; bodyBytes: number; comparison: AbComparison }

export type EndpointSuite = { setup: StoreSetup; runs: EndpointRun[] }

/**
 * Each endpoint against the service (A) and against a bare node:http server answering the same
 * bytes (B), alternating, each in its own process; the load comes from this process.
 */
export async function runEndpointSuite(
  settings: BenchSettings,
  setup: StoreSetup,
  log: (line: string) => void,
): Promise<EndpointSuite> {
  const endpoints = benchEndpoints()
  const service = await startService({ env: setup.env })
  try {
    const responsesFile = join(setup.env.DATA_DIR as string, 'recorded-responses.json')
    const recorded = await recordResponses(
      service.baseUrl,
      endpoints.map((endpoint) => endpoint.path),
      responsesFile,
    )
    const bare = await startBareServer(responsesFile)
    try {
      const runs: EndpointRun[] = []
      for (const endpoint of endpoints) {
        const a = () =>
          runLoad(
            `${service.baseUrl}${endpoint.path}`,
            settings.seconds,
            settings.connections,
            service,
          )
        const b = () =>
          runLoad(`${bare.baseUrl}${endpoint.path}`, settings.seconds, settings.connections, bare)
        await runLoad(
          `${service.baseUrl}${endpoint.path}`,
          settings.warmupSeconds,
          settings.connections,
        )
        await runLoad(
          `${bare.baseUrl}${endpoint.path}`,
          settings.warmupSeconds,
          settings.connections,
        )
        const comparison = await alternate(settings.rounds, a, b)
        const { medianA, medianB, share } = comparison
        log(
          `  ${endpoint.name.padEnd(13)} service ${rate(medianA.requestsPerSecond)} p50 ${ms(medianA.p50Ms)} p99 ${ms(medianA.p99Ms)} cpu ${micros(medianA.cpuMicrosPerRequest)} | bare ${rate(medianB.requestsPerSecond)} p99 ${ms(medianB.p99Ms)} cpu ${micros(medianB.cpuMicrosPerRequest)} | share ${share.toFixed(2)}${medianA.failures > 0 ? ` | ${medianA.failures} FAILED` : ''}`,
        )
        runs.push({
          endpoint,
          bodyBytes: Buffer.byteLength(recorded[endpoint.path]?.body ?? ''),
          comparison,
        })
      }
      return { setup, runs }
    } finally {
      await bare.stop()
    }
  } finally {
    await service.stop()
  }
}

const rate = (value: number) => `${Math.round(value)}/s`.padStart(8)
const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(9)
const micros = (value: number | undefined) =>
  value === undefined ? '?' : `${Math.round(value)} µs`.padStart(7)
