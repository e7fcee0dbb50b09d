import { randomBytes } from 'node:crypto'
import { Client } from 'pg'

/** Where the tests find PostgreSQL: a connection to any database, with the right to create more. */
export const ADMIN_URL =
  process.env.TEST_POSTGRES_URL ??
  process.env.DATABASE_URL_ADMIN ??
  'postgres://postgres@127.0.0.1:5432/postgres'

/** CI must run the PostgreSQL suites: there, an unreachable database fails instead of skipping. */
export const MUST_NOT_SKIP = ['true', '1', 'yes'].includes((process.env.CI ?? '').toLowerCase())

/** The address without its password, fit for a test report. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(an address that is not a URL)'
  }
}

/** Undefined when PostgreSQL answers at `url`, else why not. */
export async function unreachableReason(url: string): Promise<string | undefined> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('SELECT 1')
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error)
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * Fresh databases for one test run, named `rental_test_<run>_<n>` so that a run never meets
 * another's data, and all dropped at the end (WITH (FORCE) ends connections a failed test left).
 */
export class TestDatabases {
  private readonly adminUrl: string
  private readonly run = randomBytes(4).toString('hex')
  private readonly created: string[] = []

  constructor(adminUrl: string) {
    this.adminUrl = adminUrl
  }

  /** Creates an empty database and returns its URL. */
  async create(): Promise<string> {
    const name = `rental_test_${this.run}_${this.created.length + 1}`
    this.created.push(name)
    await this.admin(`CREATE DATABASE ${name}`)
    const url = new URL(this.adminUrl)
    url.pathname = `/${name}`
    return url.toString()
  }

  async dropAll(): Promise<void> {
    for (const name of this.created.splice(0)) {
      await this.admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    }
  }

  /** Runs one statement on the admin connection and returns its rows. */
  admin(text: string): Promise<Record<string, unknown>[]> {
    return queryOnce(this.adminUrl, text)
  }
}

/** Runs one statement on a connection of its own, then closes it. */
export async function queryOnce(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  client.on('error', () => {})
  await client.connect()
  try {
    return (await client.query(text, values)).rows
  } finally {
    await client.end()
  }
}
