import { writeFileSync } from 'node:fs'

/**
 * What the bare server sends back for a path: the service's own status, headers and body. The
 * headers are part of the bytes an agent receives (the rate-limit and security headers are a
 * good part of a small answer), so the bare server sends them too; not the ones Node writes for
 * every answer itself (Date, Connection, Keep-Alive).
 */
export type RecordedResponse = { status: number; headers: [string, string][]; body: string }

const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/**
 * Asks the service once for each path and writes what it answered to `file`, for the bare
 * server to serve byte for byte (but for the rate-limit counts, which change per answer). Throws unless every answer is a 200, so a bench never compares
 * against an error page.
 */
export async function recordResponses(
  baseUrl: string,
  paths: string[],
  file: string,
): Promise<Record<string, RecordedResponse>> {
  const recorded: Record<string, RecordedResponse> = {}
  for (const path of paths) {
    // As the load asks (autocannon sends no Accept-Encoding): the answer as it is, uncompressed.
    const response = await fetch(`${baseUrl}${path}`, {
      headers: { 'accept-encoding': 'identity' },
    })
    const body = await response.text()
    if (response.headers.has('content-encoding')) {
      throw new Error(`GET ${path} came compressed though asked as it is`)
    }
    if (response.status !== 200) {
      throw new Error(`GET ${path} answered ${response.status}, not 200: ${body.slice(0, 300)}`)
    }
    recorded[path] = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !WRITTEN_BY_NODE.has(name)),
      body,
    }
  }
  writeFileSync(file, JSON.stringify(recorded))
  return recorded
}
