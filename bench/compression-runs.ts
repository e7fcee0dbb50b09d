import { get } from 'node:http'
import { type AbComparison, alternate } from './ab-alternation.ts'
import { benchEndpoints } from './bench-requests.ts'
import type { BenchSettings } from './bench-settings.ts'
import { runLoad } from './load.ts'
import { startService } from './service-process.ts'
import type { StoreSetup } from './store-setups.ts'

/** What agents' HTTP clients and browsers send. */
export const ACCEPT_ENCODING = 'gzip, deflate, br'

export type CompressionRun = {
  name: string
  path: string
  /** The answer's size as sent without and with Accept-Encoding, and its encoding then. */
  plainBytes: number
  sentBytes: number
  encoding: string | undefined
  /** A: with Accept-Encoding; B: without. Share: A's throughput over B's. */
  comparison: AbComparison
}

/**
 * Each endpoint of the bench, and the OpenAPI document as a large answer, asked with
 * Accept-Encoding (A) and without (B) of the same service, alternated: what compression costs an
 * answer in throughput, and what it saves in bytes. Small answers go uncompressed, and must not
 * lose throughput for being asked with Accept-Encoding.
 */
export async function runCompression(
  settings: BenchSettings,
  setup: StoreSetup,
  log: (line: string) => void,
): Promise<CompressionRun[]> {
  const service = await startService({ env: setup.env })
  try {
    const cases = [...benchEndpoints(), { name: 'openapi.json', path: '/openapi.json' }]
    const runs: CompressionRun[] = []
    for (const { name, path } of cases) {
      const url = `${service.baseUrl}${path}`
      const plain = await bodyAsSent(url, {})
      const encoded = await bodyAsSent(url, { 'accept-encoding': ACCEPT_ENCODING })
      const a = {
        baseUrl: service.baseUrl,
        paths: [path],
        headers: { 'accept-encoding': ACCEPT_ENCODING },
      }
      const b = { baseUrl: service.baseUrl, paths: [path] }
      await runLoad(a, settings.warmupSeconds, settings.connections)
      await runLoad(b, settings.warmupSeconds, settings.connections)
      const comparison = await alternate(
        settings.rounds,
        () => runLoad(a, settings.seconds, settings.connections, service),
        () => runLoad(b, settings.seconds, settings.connections, service),
      )
      const run: CompressionRun = {
        name,
        path,
        plainBytes: plain.bytes,
        sentBytes: encoded.bytes,
        encoding: encoded.encoding,
        comparison,
      }
      runs.push(run)
      log(
        `  ${name.padEnd(13)} ${plain.bytes} B ${encoded.encoding ? `-> ${encoded.encoding} ${encoded.bytes} B` : 'as it is'} | with ${Math.round(comparison.medianA.requestsPerSecond)}/s cpu ${Math.round(comparison.medianA.cpuMicrosPerRequest ?? 0)} µs | without ${Math.round(comparison.medianB.requestsPerSecond)}/s cpu ${Math.round(comparison.medianB.cpuMicrosPerRequest ?? 0)} µs | share ${comparison.share.toFixed(2)}`,
      )
    }
    return runs
  } finally {
    await service.stop()
  }
}

/** The body's bytes as they came over the wire (not decoded), and their encoding. */
function bodyAsSent(
  url: string,
  headers: Record<string, string>,
): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((done, fail) => {
    get(url, { headers }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length
      })
      response.on('end', () =>
        done({ bytes, encoding: response.headers['content-encoding'] ?? undefined }),
      )
      response.on('error', fail)
    }).on('error', fail)
  })
}
