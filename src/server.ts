import { ConfigError, loadConfig } from './config.ts'
import { FleetFileError } from './fleet/fleet-file-error.ts'
import { openService } from './service.ts'

/** Starts the service: `npm start`. Exits with a message naming the fault when it cannot. */
async function main(): Promise<void> {
  const config = loadConfig()
  const { app } = await openService(config, { logger: { level: config.logLevel } })
  await app.listen({ port: config.port, host: config.host })
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`
  const counts = config.redisUrl ? 'rate limits shared in Redis' : 'rate limits counted in memory'
  app.log.info(`Agent API at ${config.publicUrl}/api/agent (data in ${where}; ${counts})`)

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: finishing requests in flight, then stopping`)
    const deadline = setTimeout(() => process.exit(1), 10_000)
    deadline.unref()
    // Waits for the requests in flight, then closes the store and the rate limiters.
    await app.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof FleetFileError) {
    console.error(`Cannot start: ${error.message}`)
  } else {
    console.error('Cannot start:', error)
  }
  process.exit(1)
})
