import { statSync } from 'node:fs'
import { flushCompileCache } from 'node:module'
import { Command } from 'commander'
import { type Config, LOOPBACK_HOSTS, loadConfig, outboxDir, retiredSettings } from '../config.ts'
import { demoCompanyName } from '../fleet/untouched-demo.ts'
import { mistypedSettings } from '../mistyped-settings.ts'
import { CommandError, describeStore, failureMessage } from './cli-support.ts'

/** How long requests in flight may take to finish after SIGTERM before the process just exits. */
const SHUTDOWN_DEADLINE_MS = 10_000

/** `rental-agent serve`: what `npm start` runs. */
export function serveCommand(): Command {
  return new Command('serve')
    .summary('Start the service (what npm start runs)')
    .description(
      'Start the service: the agent API, the website and the discovery documents. Settings come from the environment (PORT, DATA_DIR or DATABASE_URL, FLEET_FILE, ...; see the README). Stops gracefully on SIGTERM.',
    )
    .action(async () => {
      try {
        await serve()
      } catch (error) {
        throw new CommandError(`Cannot start: ${failureMessage(error)}`)
      }
    })
}

/** Listens until SIGTERM or SIGINT, then finishes the requests in flight and exits. */
async function serve(): Promise<void> {
  const config = loadConfig()
  if (!statSync(config.imagesDir, { throwIfNoEntry: false })?.isDirectory()) {
    // Served anyway, every vehicle image and the logo would be broken.
    throw new CommandError(
      `IMAGES_DIR ${config.imagesDir} is not a folder; set IMAGES_DIR to the folder of the fleet file's images`,
    )
  }
  // Loaded here rather than at the top, so that the other commands do not load the web server.
  const { openService } = await import('../service.ts')
  let log: { info(message: string): void; warn(message: string): void } | undefined
  // The app's logger exists once the app does; what is said before (the fleet file's warnings on
  // a first start, a FLEET_FILE not loaded) waits for it rather than being lost.
  const early: { level: 'info' | 'warn'; message: string }[] = []
  const { app, ctx, metrics } = await openService(config, {
    logger: { level: config.logLevel },
    deliverMessages: true,
    log: {
      info: (message) => (log ? log.info(message) : early.push({ level: 'info', message })),
      warn: (message) => (log ? log.warn(message) : early.push({ level: 'warn', message })),
    },
  })
  log = app.log
  for (const { level, message } of early) app.log[level](message)
  for (const line of [...retiredSettings(), ...mistypedSettings(process.env)]) app.log.warn(line)
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app.close()
    throw listenFailure(error, config) ?? error
  }
  let metricsServer: { close(): Promise<void> } | undefined
  if (metrics && config.metricsPort !== undefined) {
    const { startMetricsServer } = await import('../observability/metrics-endpoint.ts')
    try {
      const server = await startMetricsServer(metrics, {
        port: config.metricsPort,
        host: config.metricsHost,
        token: config.metricsToken,
      })
      metricsServer = server
      app.log.info(`Metrics at ${server.url}`)
    } catch (error) {
      // The metrics never stop the service: it serves without them, and says why.
      app.log.warn(
        `Metrics not served on ${config.metricsHost}:${config.metricsPort} (${error instanceof Error ? error.message : String(error)}); ${metricsAdvice(error)}`,
      )
    }
  }
  // Written now rather than at exit, so that a process that is killed still leaves it.
  flushCompileCache()
  const counts = config.redisUrl ? 'rate limits shared in Redis' : 'rate limits counted in memory'
  const company = ctx.catalogue().catalogue.company.name
  app.log.info(
    `${company}: agent API at ${config.publicUrl}/api/agent (data in the ${describeStore(config)}; ${counts}; ${mailDestination(config)}; dates in ${config.timeZone})`,
  )
  for (const warning of await startWarnings(config, company)) app.log.warn(warning)
  // The currency and the tax are the contract's, not settings: a company elsewhere is told at
  // start, not only by the README.
  if (!NEW_ZEALAND_ZONES.has(config.timeZone.toLowerCase())) {
    app.log.warn(
      `TIME_ZONE ${config.timeZone} is outside New Zealand, but every price is shown, emailed and explained as New Zealand dollars with GST (15%) included: the agent contract fixes the currency (README, "Who it is for")`,
    )
  }

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: finishing requests in flight, then stopping`)
    const deadline = setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS)
    deadline.unref()
    // Waits for the requests in flight, then closes the store and the rate limiters.
    await app.close()
    await metricsServer?.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

/** The zones of New Zealand, whose dollars and GST every price is given in. */
const NEW_ZEALAND_ZONES = new Set([
  'pacific/auckland',
  'pacific/chatham',
  'nz',
  'nz-chat',
  'antarctica/mcmurdo',
  'antarctica/south_pole',
])

/** Which setting to change when the metrics cannot be served: the port in use, else the host. */
function metricsAdvice(error: unknown): string {
  switch ((error as { code?: unknown } | null)?.code) {
    case 'EADDRINUSE':
      return 'give each instance its own METRICS_PORT'
    case 'EACCES':
      return 'set METRICS_PORT to 1024 or above'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EADDRNOTAVAIL':
      return 'fix METRICS_HOST: a name or address of this machine'
    default:
      return 'check METRICS_HOST and METRICS_PORT'
  }
}

/** The port cannot be listened on: said with the setting to change, not as a stack trace. */
function listenFailure(error: unknown, config: Config): CommandError | undefined {
  const where = `${config.host}:${config.port}`
  switch ((error as { code?: unknown } | null)?.code) {
    case 'EADDRINUSE':
      return new CommandError(
        `${where} is already in use (another service, or an earlier start still running); stop it, or set PORT to a free port`,
      )
    case 'EACCES':
      return new CommandError(
        `this user may not listen on ${where} (ports below 1024 need privileges); set PORT to 1024 or above, behind a reverse proxy`,
      )
    case 'EADDRNOTAVAIL':
      return new CommandError(`${config.host} is not an address of this machine; fix HOST`)
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new CommandError(
        `HOST ${config.host} is not a name this machine can look up; fix HOST (0.0.0.0 listens on every address, 127.0.0.1 on this machine alone)`,
      )
    default:
      return undefined
  }
}

/** Where the emails go: an operator reads it at start rather than finding out from a traveller. */
function mailDestination(config: Config): string {
  if (!config.smtpUrl) return `emails written as files in ${outboxDir(config)}`
  const url = new URL(config.smtpUrl)
  return `emails sent through ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`
}

/** What a start with these settings should tell its operator before the first traveller does. */
async function startWarnings(config: Config, company: string): Promise<string[]> {
  const warnings: string[] = []
  // Instances on one database share its outbox: one without SMTP_URL takes the others' emails
  // too, and writes them to its own disk, where nobody reads them.
  if (config.databaseUrl && !config.smtpUrl) {
    warnings.push(
      `SMTP_URL is not set: this instance writes the emails it sends as files in ${outboxDir(config)}, and on a database shared with other instances it takes their emails too; set SMTP_URL on every instance`,
    )
  }
  // On this machine's own address it is someone trying the service, as the README starts.
  const local = LOOPBACK_HOSTS.includes(new URL(config.publicUrl).hostname)
  if (!local && company === (await demoCompanyName())) {
    warnings.push(
      `${company} is the demo company of the built-in fleet file, served at ${config.publicUrl}: travellers could book with it; load your own fleet with \`rental-agent fleet import FILE\` (it replaces the demo, untouched, whole)`,
    )
  }
  return warnings
}
