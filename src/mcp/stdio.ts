import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio'
import type { Config } from '../config.ts'
import { mistypedSettings } from '../mistyped-settings.ts'
import { scrubText } from '../observability/personal-data.ts'
import { SiteLinks } from '../presenters/site-links.ts'
import type { RateLimiter } from '../rate-limit/rate-limiter.ts'
import { refusalText } from '../rate-limit/too-many-requests.ts'
import { openServices } from '../services.ts'
import { createMcpServer } from './create-mcp-server.ts'
import { StdioLineCheck } from './stdio-line-check.ts'

/** The rate-limit key of the one client a stdio server has: the process that started it. */
const STDIO_CLIENT = 'mcp-stdio'

/**
 * MCP over stdio for a local agent (`rental-agent mcp`, `npm run mcp`): the same store and
 * settings as the service, so it answers from the same data. Standard output carries only MCP
 * messages; logs go to standard error. The SDK's entry lets the client's first message choose the
 * revision, an `initialize` for 2025-06-18 or 2025-11-25 or a request carrying 2026-07-28 in its
 * `_meta` (or the `server/discover` probe a client of both sends first). Ends when the client
 * closes standard input.
 */
export async function runMcpStdio(config: Config): Promise<void> {
  const log = stderrLog()
  const services = await openServices(config, { log, serviceZoneWhenUnset: true })
  for (const line of mistypedSettings(process.env)) log.warn(line)
  // The link is handed to a person; served by no one, it is a dead end nobody sees coming.
  if (!config.publicUrlSet) {
    log.warn(
      `PUBLIC_URL is not set: quotes' checkout links go to ${config.publicUrl}, which a person can open only while the service runs there (npm start); set PUBLIC_URL to the website's address`,
    )
  }
  const deps = {
    ctx: services.ctx,
    links: new SiteLinks(config.publicUrl),
    settings: config,
    log,
    countCall: () => countCall(services.rateLimiter),
  }
  // What the HTTP door refuses itself is refused here too, before the SDK reads the line.
  const lines = process.stdin.pipe(
    new StdioLineCheck((answer) => process.stdout.write(`${answer}\n`)),
  )
  const handle = serveStdio(() => createMcpServer(deps), {
    transport: new StdioServerTransport(lines, process.stdout),
    onerror: (error) => log.warn(`MCP message refused: ${error.message}`),
  })
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    await handle.close()
    await services.close()
  }
  process.stdin.on('end', () => void close())
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void close().then(() => process.exit(0)))
  }
}

async function countCall(limiter: RateLimiter): Promise<string | undefined> {
  const decision = await limiter.hit(STDIO_CLIENT)
  return decision.allowed ? undefined : refusalText(decision, limiter.windowSeconds)
}

function stderrLog() {
  const write = (level: string, message: string, details?: object) =>
    process.stderr.write(
      `${JSON.stringify({ level, time: new Date().toISOString(), msg: scrubText(message), ...details })}\n`,
    )
  return {
    info: (message: string) => write('info', message),
    warn: (message: string) => write('warn', message),
    error: (details: object, message: string) =>
      write('error', message, {
        // As the service's logger does: no address, phone or failing row from a driver's error.
        err: scrubText(String((details as { err?: unknown }).err ?? '')),
      }),
  }
}
