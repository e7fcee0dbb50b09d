import { existsSync, renameSync, rmSync, statSync } from 'node:fs'
import { backup, DatabaseSync } from 'node:sqlite'

/** Every page in one step: see onlineBackup. */
const ALL_PAGES = 2 ** 31 - 1

export type BackupSummary = { bytes: number; bookings: number; pages: number }

/** The file is not there, or is not this service's database. */
export class NotARentalDatabase extends Error {}

/**
 * Copies the embedded database while the service runs, with SQLite's online backup (node:sqlite's
 * `backup()`), into `target`, and checks the copy before it takes the target's name.
 *
 * The copy is a snapshot of one moment: all its pages are copied in one step of a read
 * transaction, which in WAL mode never blocks the service's writes. Copied a hundred pages at a
 * time (the default), a backup restarts whenever another connection commits, and under a steady
 * flow of quotes it might never end. A copy that fails SQLite's integrity check is removed.
 */
export async function onlineBackup(source: string, target: string): Promise<BackupSummary> {
  if (!existsSync(source)) throw new NotARentalDatabase(`there is no database at ${source}`)
  const db = new DatabaseSync(source)
  const partial = `${target}.partial`
  try {
    db.exec('PRAGMA busy_timeout = 5000')
    const isOurs = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'bookings'")
      .get()
    if (!isOurs) throw new NotARentalDatabase(`${source} is not a rental agent database`)
    rmSync(partial, { force: true })
    const pages = await backup(db, partial, { rate: ALL_PAGES })
    const copy = new DatabaseSync(partial)
    let bookings: number
    try {
      const check = copy.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]
      if (check.length !== 1 || check[0]?.integrity_check !== 'ok') {
        throw new Error(`the copy failed SQLite's integrity check: ${JSON.stringify(check)}`)
      }
      bookings = Number(
        (copy.prepare('SELECT count(*) AS count FROM bookings').get() as { count: number }).count,
      )
    } finally {
      copy.close()
    }
    renameSync(partial, target)
    return { bytes: statSync(target).size, bookings, pages }
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  } finally {
    db.close()
  }
}
