import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts'
import { Instances } from '../instances/service-instances.ts'
import { PROJECT_DIR, RULES_FLEET, runCommand } from './cli-runner.ts'

/*
 * `rental-agent serve` that cannot start says which setting to change, in one line, rather than
 * a stack trace, and exits non-zero.
 */

describe('a start that cannot listen or store names the setting to fix', () => {
  let dir: string
  let busy: Server
  let busyPort: number
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'serve-failures-'))
    busy = createServer()
    await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done))
    busyPort = (busy.address() as { port: number }).port
  })
  after(() => {
    busy.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const cases = [
    {
      name: 'a port already in use',
      env: () => ({ PORT: String(busyPort), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data') }),
      says: () =>
        `Cannot start: 127.0.0.1:${busyPort} is already in use (another service, or an earlier start still running); stop it, or set PORT to a free port`,
    },
    {
      name: 'a HOST that is no name of this machine',
      env: () => ({
        PORT: String(busyPort + 1),
        HOST: 'localhostt.invalid',
        DATA_DIR: join(dir, 'data'),
      }),
      says: () =>
        'Cannot start: HOST localhostt.invalid is not a name this machine can look up; fix HOST (0.0.0.0 listens on every address, 127.0.0.1 on this machine alone)',
    },
    {
      name: 'a DATA_DIR that is a file',
      env: () => {
        const file = join(dir, 'a-file')
        writeFileSync(file, 'not a folder')
        return { PORT: String(busyPort + 1), HOST: '127.0.0.1', DATA_DIR: file }
      },
      says: () =>
        `Cannot start: DATA_DIR ${join(dir, 'a-file')} cannot hold the database: a file is in the way of the folder; set DATA_DIR to a folder this user can write`,
    },
    {
      name: 'a DATA_DIR under a file',
      env: () => {
        writeFileSync(join(dir, 'b-file'), 'not a folder')
        return {
          PORT: String(busyPort + 1),
          HOST: '127.0.0.1',
          DATA_DIR: join(dir, 'b-file', 'data'),
        }
      },
      says: () =>
        `Cannot start: DATA_DIR ${join(dir, 'b-file', 'data')} cannot hold the database: a file is in the way of the folder; set DATA_DIR to a folder this user can write`,
    },
    {
      // What SQLite answers for a folder this user may not write in (the tests run as root,
      // whom no folder refuses): it cannot open its file.
      name: 'a DATA_DIR where SQLite cannot open rental.db',
      env: () => {
        mkdirSync(join(dir, 'c-data', 'rental.db'), { recursive: true })
        return { PORT: String(busyPort + 1), HOST: '127.0.0.1', DATA_DIR: join(dir, 'c-data') }
      },
      says: () =>
        `Cannot start: DATA_DIR ${join(dir, 'c-data')} cannot hold the database: SQLite cannot open or create rental.db there (this user may not write in the folder, or rental.db is not a file); set DATA_DIR to a folder this user can write`,
    },
    {
      name: 'an IMAGES_DIR that does not exist',
      env: () => ({
        PORT: String(busyPort + 1),
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'data'),
        IMAGES_DIR: join(dir, 'no-images'),
      }),
      says: () =>
        `Cannot start: IMAGES_DIR ${join(dir, 'no-images')} is not a folder; set IMAGES_DIR to the folder of the fleet file's images`,
    },
  ]
  for (const { name, env, says } of cases) {
    test(name, async () => {
      const run = await runCommand(undefined, ['serve'], { ...env(), LOG_LEVEL: 'warn' })
      assert.notEqual(run.code, 0)
      assert.ok(run.stderr.includes(says()), run.stderr)
      assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace')
    })
  }
})

describe('a database file this user may read but not write', () => {
  // As after a restore copied in as root. The tests run as root, whom no file refuses: the
  // service then runs as nobody, in a folder of nobody's, with the file root's.
  const NOBODY = 65534
  let dir: string
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'serve-read-only-'))
    await SqliteStore.open(join(dir, 'rental.db')).close()
    // The log folds into the file on close; no -wal or -shm is left for the service to write.
    chmodSync(dir, 0o755)
    chmodSync(join(dir, 'rental.db'), 0o444)
    if (process.getuid?.() === 0) chownSync(dir, NOBODY, NOBODY)
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  test('stops serve at start-up, naming the file, rather than starting ready and failing every quote', async () => {
    const run = await new Promise<{ code: number | null; stderr: string }>((done) => {
      execFile(
        process.execPath,
        ['bin/rental-agent.ts', 'serve'],
        {
          cwd: PROJECT_DIR,
          env: {
            PATH: process.env.PATH ?? '',
            DATA_DIR: dir,
            PORT: '4999',
            HOST: '127.0.0.1',
            LOG_LEVEL: 'warn',
          },
          ...(process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {}),
          timeout: 30_000,
        },
        (error, _stdout, stderr) =>
          done({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
      )
    })
    assert.equal(run.code, 1, run.stderr)
    assert.ok(
      run.stderr.includes(
        `Cannot start: DATA_DIR ${dir} cannot hold the database: rental.db there is read-only for this user`,
      ),
      run.stderr,
    )
    assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace')
  })
})

describe('what serve says while it opens the store, before its logger exists', () => {
  const instances = new Instances()
  after(() => instances.stopAll())

  test("a first start logs the fleet file's warnings; a later one, that FLEET_FILE is read only into an empty database", async () => {
    const dataDir = join(instances.folder, 'own-fleet')
    const env = { FLEET_FILE: RULES_FLEET, LOG_LEVEL: 'info' }
    const first = await instances.start({ name: 'first', dataDir, env })
    await first.waitUntilReady()
    await first.stop()
    assert.match(
      first.log(),
      /fleet file warning: .*rules-fleet\.yaml:\d+:\d+: seasons: no season covers/,
    )
    const again = await instances.start({ name: 'again', dataDir, env })
    await again.waitUntilReady()
    await again.stop()
    assert.match(
      again.log(),
      /FLEET_FILE .*rules-fleet\.yaml is read only into an empty database; this one holds the fleet of Rules Test Rentals/,
    )
  })
})
