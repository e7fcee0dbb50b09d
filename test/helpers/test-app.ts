import { resolve } from 'node:path'
import { DEMO_FLEET_FILE, loadConfig } from '../../src/config.ts'
import { openService } from '../../src/service.ts'

export const RULES_FLEET_FILE = resolve(import.meta.dirname, '../fixtures/rules-fleet.yaml')
export { DEMO_FLEET_FILE }

/** 2027-01-10 13:00 in Auckland, a Sunday in the high season. */
export const FIXED_NOW = new Date('2027-01-10T00:00:00Z')
export const SITE_URL = 'https://rentals.example.com'

export type TestAppOptions = {
  /** Fleet file loaded into the fresh database; the rules fleet by default. */
  fleetFile?: string
  /** A fixed clock (FIXED_NOW by default), or `'real'` to share the clock of another process. */
  now?: Date | 'real'
  /** An SQLite file to share with another process; a fresh database in memory by default. */
  databaseFile?: string
  /** Extra environment, as the service would read it (RATE_LIMIT_MAX, QUOTE_TTL_MINUTES, ...). */
  env?: NodeJS.ProcessEnv
  /** Runs the outbox's sender, as `rental-agent serve` does; messages only wait without it. */
  deliverMessages?: boolean
}

/**
 * The whole service in-process, wired as `npm start` wires it, over a real SQLite database in
 * memory loaded with a fleet file, and with a fixed clock.
 */
export async function buildTestApp(options: TestAppOptions = {}) {
  const config = loadConfig({
    PUBLIC_URL: SITE_URL,
    FLEET_FILE: options.fleetFile ?? RULES_FLEET_FILE,
    // The overload check is off unless a test turns it on (test/reliability/overload.test.ts):
    // on a busy test machine, a start-up that blocks the loop would turn the next request of an
    // unrelated test into a 503.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  })
  const fixed = options.now ?? FIXED_NOW
  const { app, store, ctx, outbox, metrics } = await openService(config, {
    now: fixed === 'real' ? () => new Date() : () => fixed,
    databaseFile: options.databaseFile ?? ':memory:',
    deliverMessages: options.deliverMessages,
  })
  return { app, store, ctx, outbox, metrics, config, close: () => app.close() }
}
