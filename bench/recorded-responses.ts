import { writeFileSync } from 'node:fs'

/** What the bare server sends back for a path: the service's own status, type and body. */
export type RecordedResponse = { status: number; contentType: string; body: string }

/**
 * Asks the service once for each path and writes what it answered to `file`, for the bare
 * server to serve byte for byte. Throws unless every answer is a 200, so a bench never compares
 * against an error page.
 */
export async function recordResponses(
  baseUrl: string,
  paths: string[],
  file: string,
): Promise<Record<string, RecordedResponse>> {
  const recorded: Record<string, RecordedResponse> = {}
  for (const path of paths) {
    const response = await fetch(`${baseUrl}${path}`)
    const body = await response.text()
    if (response.status !== 200) {
      throw new Error(`GET ${path} answered ${response.status}, not 200: ${body.slice(0, 300)}`)
    }
    recorded[path] = {
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      body,
    }
  }
  writeFileSync(file, JSON.stringify(recorded))
  return recorded
}
