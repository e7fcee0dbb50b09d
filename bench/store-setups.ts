import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

/** Where a benched service keeps its data, and how to clear it away afterwards. */
export type StoreSetup = {
  /** As the report names it. */
  name: string
  /** Whether the targets apply: they are set for the embedded store. */
  embedded: boolean
  env: Record<string, string>
  cleanup(): Promise<void>
}

/** The embedded SQLite in a fresh temporary DATA_DIR, counting the rate limit in memory. */
export function embeddedSetup(): StoreSetup {
  const dataDir = mkdtempSync(join(tmpdir(), 'rental-bench-'))
  return {
    name: 'Embedded (SQLite, rate limit in memory)',
    embedded: true,
    env: { DATA_DIR: dataDir },
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * PostgreSQL at DATABASE_URL and/or Redis at REDIS_URL. The service gets a database of its own,
 * made on that server and dropped afterwards (or the database named, when it may not create
 * one), and Redis keys under a prefix of its own.
 */
export async function networkedSetup(
  databaseUrl: string | undefined,
  redisUrl: string | undefined,
): Promise<StoreSetup> {
  const embedded = embeddedSetup()
  const env: Record<string, string> = { ...embedded.env }
  const parts: string[] = []
  let dropDatabase = async () => {}
  if (databaseUrl) {
    const name = `rental_bench_${process.pid}_${Date.now()}`
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    try {
      await admin.query(`CREATE DATABASE ${name}`)
      const url = new URL(databaseUrl)
      url.pathname = `/${name}`
      env.DATABASE_URL = url.toString()
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: databaseUrl })
        await client.connect()
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await client.end()
      }
    } catch {
      env.DATABASE_URL = databaseUrl
    } finally {
      await admin.end()
    }
    parts.push('PostgreSQL')
  } else {
    parts.push('SQLite')
  }
  if (redisUrl) {
    env.REDIS_URL = redisUrl
    // Windows expire by themselves; the prefix keeps this run's counts apart from anyone's.
    env.REDIS_KEY_PREFIX = `rental-bench-${process.pid}-${Date.now()}:`
    parts.push('rate limit in Redis')
  } else {
    parts.push('rate limit in memory')
  }
  return {
    name: `${parts[0]} (${parts.slice(1).join(', ')})`,
    embedded: false,
    env,
    async cleanup() {
      await dropDatabase()
      await embedded.cleanup()
    },
  }
}
