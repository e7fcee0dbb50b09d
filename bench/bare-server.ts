import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { RecordedResponse } from './recorded-responses.ts'

/*
 * The fastest thing Node can do with these requests: a bare node:http server that answers each
 * path with the exact bytes the service gave for it once (status, headers, body), from memory. Run as its own process: node bench/bare-server.ts <responses.json> <port>.
 */

const [file, port] = process.argv.slice(2)
if (!file || !port) throw new Error('usage: bare-server.ts <responses.json> <port>')

const recorded = JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedResponse>
const answers = new Map(
  Object.entries(recorded).map(([path, response]) => {
    const body = Buffer.from(response.body, 'utf8')
    // Flat [name, value, ...]: Node's quickest form of writeHead's headers.
    const headers = response.headers.flat()
    return [path, { status: response.status, headers, body }]
  }),
)

createServer((request, response) => {
  const answer = answers.get(request.url ?? '')
  if (!answer) {
    response.writeHead(404).end()
    return
  }
  response.writeHead(answer.status, answer.headers).end(answer.body)
}).listen(Number(port), '127.0.0.1')

process.on('SIGTERM', () => process.exit(0))
