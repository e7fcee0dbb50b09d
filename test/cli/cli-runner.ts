import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { Client } from 'pg'
import { loadConfig } from '../../src/config.ts'
import { openStore } from '../../src/store/open-store.ts'
import type { Store } from '../../src/store/store.ts'
import {
  ADMIN_URL,
  displayUrl,
  MUST_NOT_SKIP,
  TestDatabases,
  unreachableReason,
} from '../store/postgres-test-databases.ts'

/*
 * The real command, `node bin/rental-agent.ts ...`, run as an operator runs it, against a
 * temporary SQLite file or a temporary PostgreSQL database.
 */

export const PROJECT_DIR = resolve(import.meta.dirname, '../..')
export const DEMO_FLEET = resolve(PROJECT_DIR, 'fleets/demo-fleet.yaml')
export const RULES_FLEET = resolve(PROJECT_DIR, 'test/fixtures/rules-fleet.yaml')

/** Settings that would change what is tested if the shell running the tests had them. */
const SERVICE_VARIABLES =
  /^(DATA_DIR|DATABASE_URL|FLEET_FILE|TIME_ZONE|MAX_RENTAL_DAYS|PUBLIC_URL|NODE_TEST_CONTEXT|FLEET_CHECK_SECONDS)$/

export type Run = { code: number | null; stdout: string; stderr: string }

/** A database the commands act on, as the service would find it through its environment. */
export type Target = {
  kind: 'SQLite' | 'PostgreSQL'
  env: Record<string, string>
  /** Every table's rows, sorted: what must not change when a command refuses. */
  dump(): Promise<Record<string, unknown[]>>
  /** The store as the service opens it, for checks a command cannot show. */
  openStore(): Promise<Store>
  /** A scratch folder for files the test writes. */
  dir: string
  /** Writes a file in the scratch folder and returns its path. */
  write(name: string, text: string): string
  close(): Promise<void>
}

export function runCommand(
  target: Target | undefined,
  args: string[],
  env: Record<string, string> = {},
): Promise<Run> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !SERVICE_VARIABLES.test(name)),
  )
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['bin/rental-agent.ts', ...args],
      {
        cwd: PROJECT_DIR,
        env: { ...base, ...target?.env, ...env },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0
        done({ code, stdout, stderr })
      },
    )
  })
}

function scratch() {
  const dir = mkdtempSync(join(tmpdir(), 'rental-cli-'))
  const write = (name: string, text: string) => {
    const file = join(dir, name)
    writeFileSync(file, text)
    return file
  }
  return { dir, write }
}

const sortRows = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort()

export function sqliteTarget(): Target {
  const { dir, write } = scratch()
  const env = { DATA_DIR: join(dir, 'data') }
  const file = join(env.DATA_DIR, 'rental.db')
  return {
    kind: 'SQLite',
    env,
    dir,
    write,
    async dump() {
      const db = new DatabaseSync(file, { readOnly: true })
      try {
        const tables = db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
          .all() as { name: string }[]
        return Object.fromEntries(
          tables.map(({ name }) => [name, sortRows(db.prepare(`SELECT * FROM ${name}`).all())]),
        )
      } finally {
        db.close()
      }
    },
    openStore: () => openStore(loadConfig(env)),
    async close() {
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

const postgresUnreachable = await unreachableReason(ADMIN_URL)

/** Why the PostgreSQL runs are skipped, or undefined when PostgreSQL answers. Under CI they fail instead. */
export const POSTGRES_SKIP =
  postgresUnreachable === undefined || MUST_NOT_SKIP
    ? undefined
    : `PostgreSQL not reachable at ${displayUrl(ADMIN_URL)}: ${postgresUnreachable} (set TEST_POSTGRES_URL; with CI=true this fails instead)`

export async function postgresTarget(): Promise<Target> {
  const { dir, write } = scratch()
  const databases = new TestDatabases(ADMIN_URL)
  const url = await databases.create()
  const env = { DATABASE_URL: url }
  return {
    kind: 'PostgreSQL',
    env,
    dir,
    write,
    async dump() {
      const client = new Client({ connectionString: url })
      await client.connect()
      try {
        const { rows: tables } = await client.query<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
        )
        const dump: Record<string, unknown[]> = {}
        for (const { name } of tables) {
          dump[name] = sortRows((await client.query(`SELECT * FROM ${name}`)).rows)
        }
        return dump
      } finally {
        await client.end()
      }
    },
    openStore: () => openStore(loadConfig(env)),
    async close() {
      rmSync(dir, { recursive: true, force: true })
      await databases.dropAll()
    },
  }
}

/** Both stores where the store matters: SQLite always, PostgreSQL when it answers (or under CI). */
export const TARGETS: { kind: Target['kind']; open: () => Promise<Target>; skip?: string }[] = [
  { kind: 'SQLite', open: async () => sqliteTarget() },
  {
    kind: 'PostgreSQL',
    open: postgresTarget,
    ...(POSTGRES_SKIP ? { skip: POSTGRES_SKIP } : {}),
  },
]

/**
 * The 1-based line and column of `marker` in `text`, at or after the first place `needle` (which
 * may span lines) is found.
 */
export function positionOf(text: string, needle: string, marker: string = needle) {
  const start = text.indexOf(needle)
  if (start < 0) throw new Error(`test data: the text has no ${needle}`)
  const at = text.indexOf(marker, start)
  if (at < 0) throw new Error(`test data: no ${marker} after ${needle}`)
  const before = text.slice(0, at)
  return { line: before.split('\n').length, column: at - before.lastIndexOf('\n') }
}
