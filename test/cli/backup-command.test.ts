import assert from 'node:assert/strict'
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { Instances } from '../instances/service-instances.ts'
import { runCommand } from './cli-runner.ts'

/*
 * `rental-agent backup` copies the embedded database while the service runs and takes quotes;
 * the copy, put in place as the deploy guide says, is a working database with every booking.
 */

const instances = new Instances()
after(() => instances.stopAll())

const QUOTE =
  '/api/agent/quotes?pick_up_depot_id=1&drop_off_depot_id=3&pick_up_date=2027-01-03&drop_off_date=2027-01-10&vehicle_id=2'

const bookingsOf = async (dataDir: string) => {
  const listed = await runCommand(undefined, ['bookings', 'list', '--json'], { DATA_DIR: dataDir })
  assert.equal(listed.code, 0, listed.stderr)
  return JSON.parse(listed.stdout) as { reference: string }[]
}

describe('rental-agent backup', () => {
  test('copies the database while the service answers quotes; the copy restores', async () => {
    const live = join(instances.folder, 'live')
    const service = await instances.start({
      name: 'live',
      dataDir: live,
      env: { RATE_LIMIT_MAX: '1000000' },
    })
    // Quotes keep being written while the backup runs: each is a commit of another connection.
    let quoting = true
    let quotes = 0
    const load = (async () => {
      while (quoting) {
        assert.equal((await service.request(QUOTE)).status, 200)
        quotes++
      }
    })()
    const file = join(instances.folder, 'backups', 'rental.db')
    mkdirSync(join(instances.folder, 'backups'))
    const backedUp = await runCommand(undefined, ['backup', file], { DATA_DIR: live })
    quoting = false
    await load
    assert.equal(backedUp.code, 0, backedUp.stderr)
    assert.match(
      backedUp.stdout,
      /^Backed up .*live\/rental\.db to .*backups\/rental\.db: [\d.]+ MB, \d+ bookings, integrity ok, in \d+ ms\n$/,
    )
    assert.ok(quotes > 0, 'no quote was answered during the backup')
    assert.ok(!existsSync(`${file}.partial`))

    // Restore as the deploy guide says: the copy in place as DATA_DIR/rental.db, then start.
    const restored = join(instances.folder, 'restored')
    mkdirSync(restored)
    copyFileSync(file, join(restored, 'rental.db'))
    const original = await bookingsOf(live)
    assert.ok(original.length > 0)
    assert.deepEqual(await bookingsOf(restored), original)
    const again = await instances.start({ name: 'restored', dataDir: restored })
    await again.waitUntilReady()
    assert.equal((await again.request(QUOTE)).status, 200)
  })

  test('refuses to replace a file without --force, and replaces it with', async () => {
    const dataDir = join(instances.folder, 'live')
    const file = join(instances.folder, 'existing.db')
    writeFileSync(file, 'keep me')
    const refused = await runCommand(undefined, ['backup', file], { DATA_DIR: dataDir })
    assert.equal(refused.code, 1)
    assert.match(refused.stderr, /existing\.db exists; choose another file, or add --force/)
    const forced = await runCommand(undefined, ['backup', file, '--force'], { DATA_DIR: dataDir })
    assert.equal(forced.code, 0, forced.stderr)
    // A folder is never replaced, --force or not: the command says to name a file in it.
    const folder = await runCommand(undefined, ['backup', instances.folder, '--force'], {
      DATA_DIR: dataDir,
    })
    assert.equal(folder.code, 1)
    assert.match(
      folder.stderr,
      /is a folder; give the copy a file name in it, for example .*rental-backup\.db/,
    )
  })

  test('says what is wrong when there is no database, or when the store is PostgreSQL', async () => {
    const file = join(instances.folder, 'nothing.db')
    const empty = await runCommand(undefined, ['backup', file], {
      DATA_DIR: join(instances.folder, 'no-such-folder'),
    })
    assert.equal(empty.code, 1)
    assert.match(
      empty.stderr,
      /there is no database at .*no-such-folder\/rental\.db; check DATA_DIR/,
    )
    const postgres = await runCommand(undefined, ['backup', file], {
      DATABASE_URL: 'postgres://rentals@db.internal:5432/rentals',
    })
    assert.equal(postgres.code, 1)
    assert.match(postgres.stderr, /use.* pg_dump|pg_dump --format=custom/)
    assert.ok(!existsSync(file))
    const missingFolder = join(instances.folder, 'no-backups-yet')
    const nowhere = await runCommand(undefined, ['backup', join(missingFolder, 'rental.db')], {
      DATA_DIR: join(instances.folder, 'live'),
    })
    assert.equal(nowhere.code, 1)
    assert.ok(
      nowhere.stderr.includes(
        `the folder ${missingFolder} does not exist; create it (mkdir -p ${missingFolder})`,
      ),
      nowhere.stderr,
    )
  })
})
