import { existsSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { Command } from 'commander'
import { loadConfig } from '../config.ts'
import { DATABASE_FILE } from '../store/open-store.ts'
import { CommandError } from './cli-support.ts'

/** `rental-agent backup <file> [--force]` */
export function backupCommand(): Command {
  return new Command('backup')
    .summary('Copy the embedded database to a file, while the service runs')
    .description(
      "Copy the embedded SQLite database (DATA_DIR/rental.db) to <file> with SQLite's online backup: a consistent snapshot taken while the service keeps answering and booking. The copy is checked (SQLite's integrity check) before it takes the file's name. To restore, stop the service, put the copy in place as DATA_DIR/rental.db (removing rental.db-wal and rental.db-shm) and start it again; see deploy/README.md. On PostgreSQL (DATABASE_URL), use pg_dump instead.",
    )
    .argument(
      '<file>',
      'where to write the copy, for example /var/backups/rentals/rental-2027-01-10.db',
    )
    .option('--force', 'replace the file if it exists')
    .action(async (file: string, options: { force?: boolean }) => {
      const config = loadConfig()
      if (config.databaseUrl) {
        throw new CommandError(
          'backup copies the embedded database; this service uses PostgreSQL (DATABASE_URL): back it up with pg_dump, for example pg_dump --format=custom --file=rentals.dump "$DATABASE_URL" (see deploy/README.md)',
        )
      }
      const target = resolve(file)
      // Even with --force: a folder is not replaced (that failed with EISDIR, after the copy).
      if (statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
        throw new CommandError(
          `${target} is a folder; give the copy a file name in it, for example ${join(target, 'rental-backup.db')}`,
        )
      }
      if (existsSync(target) && !options.force) {
        throw new CommandError(
          `${target} exists; choose another file, or add --force to replace it`,
        )
      }
      if (!statSync(dirname(target), { throwIfNoEntry: false })?.isDirectory()) {
        throw new CommandError(
          `the folder ${dirname(target)} does not exist; create it (mkdir -p ${dirname(target)}) or choose a file in another folder`,
        )
      }
      const source = join(config.dataDir, DATABASE_FILE)
      // Loaded here, so that the other commands do not load node:sqlite's backup.
      const { onlineBackup, NotARentalDatabase } = await import('../store/sqlite/online-backup.ts')
      const started = performance.now()
      try {
        const summary = await onlineBackup(source, target)
        const megabytes = (summary.bytes / 1048576).toFixed(1)
        const ms = Math.round(performance.now() - started)
        process.stdout.write(
          `Backed up ${source} to ${target}: ${megabytes} MB, ${summary.bookings} bookings, integrity ok, in ${ms} ms\n`,
        )
      } catch (error) {
        if (error instanceof NotARentalDatabase) {
          throw new CommandError(`${error.message}; check DATA_DIR`)
        }
        throw new CommandError(
          `the backup of ${source} failed, and nothing was written to ${target}: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
    })
}
