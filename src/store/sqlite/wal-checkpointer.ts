import type { DatabaseSync } from 'node:sqlite'
import { Worker } from 'node:worker_threads'

/** How often the thread checkpoints. */
export const CHECKPOINT_INTERVAL_MS = 200

/**
 * The log's size above which the thread's checkpoint also starts it anew (RESTART), holding off
 * the next commit while it syncs the database file (some 40 ms on the machine benchmarked). 64 MB
 * is two to three seconds of quotes at the most the service answers there; traffic with pauses
 * between its commits never gets near it.
 */
export const WAL_RESTART_BYTES = 64 * 1024 * 1024

/** SQLite's own default, restored if the thread stops unexpectedly. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000

/**
 * The thread's whole program: its own connection to the file, a passive checkpoint every
 * `intervalMs`, and a last one when told to stop. Plain JavaScript run from this text, so that
 * the thread does not load Node's TypeScript stripper: 18 MB of memory instead of 36.
 */
const WORKER_PROGRAM = `
const { DatabaseSync } = require('node:sqlite')
const { parentPort, workerData } = require('node:worker_threads')
const db = new DatabaseSync(workerData.file)
db.exec('PRAGMA busy_timeout = 5000')
const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)')
const restart = db.prepare('PRAGMA wal_checkpoint(RESTART)')
const { page_size: pageSize } = db.prepare('PRAGMA page_size').get()
// A frame is a page and its 24-byte header.
const restartFrames = Math.ceil(workerData.restartBytes / (pageSize + 24))
// A checkpoint that fails (the disk full, say) is tried again next time, not the thread's end.
const checkpoint = () => {
  try {
    const { log } = passive.get()
    if (log > restartFrames) restart.get()
  } catch {}
}
const timer = setInterval(checkpoint, workerData.intervalMs)
parentPort.on('message', (message) => {
  if (message !== 'stop') return
  clearInterval(timer)
  checkpoint()
  db.close()
  parentPort.postMessage('stopped')
})
`

/**
 * Copies the write-ahead log into the database file on a thread of its own, instead of in the
 * commit that fills the log to 1,000 pages (SQLite's default): that commit's checkpoint syncs
 * both files, and on the event loop's thread it held every request in flight for several
 * milliseconds (the quotes' p99). The service's connection then does no checkpoint of its own
 * (`wal_autocheckpoint = 0`).
 *
 * Durability is unchanged: a commit's durability comes from its own sync of the log (full for
 * bookings; normal for quotes, which the checkpoint syncs), not from the checkpoint. A passive
 * checkpoint waits for no reader or writer. Should the thread stop, the connection goes back to
 * checkpointing itself, so the log never grows without bound.
 *
 * The log starts anew only when a commit finds every frame of it copied, so a pause between
 * commits lets it (the log then stays at a few hundred kilobytes). Under commits without a pause,
 * each passive checkpoint ends behind the commits made while it ran, and the log grew by some
 * 30 MB a second of quotes at full load (300 MB in ten seconds, measured), until the disk was
 * full. Above `restartBytes` the thread's checkpoint therefore waits for the commit under way and
 * starts the log anew; the file, reused from its start, stays about that size. Measured at full
 * load of quotes: the same throughput and p99, the slowest answer in a thousand 60 ms instead of
 * 15 (the commit held while the database file syncs, every two to three seconds).
 */
export class WalCheckpointer {
  private readonly worker: Worker
  private stopping = false

  private constructor(worker: Worker) {
    this.worker = worker
  }

  static start(
    db: DatabaseSync,
    file: string,
    restartBytes: number = WAL_RESTART_BYTES,
  ): WalCheckpointer {
    db.exec('PRAGMA wal_autocheckpoint = 0')
    const worker = new Worker(WORKER_PROGRAM, {
      eval: true,
      workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS, restartBytes },
    })
    // The thread alone never keeps the process alive.
    worker.unref()
    const checkpointer = new WalCheckpointer(worker)
    const fallBack = () => {
      if (!checkpointer.stopping && db.isOpen) {
        db.exec(`PRAGMA wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`)
      }
    }
    worker.on('error', fallBack)
    worker.on('exit', fallBack)
    return checkpointer
  }

  /** Runs a last checkpoint and ends the thread. */
  async stop(): Promise<void> {
    if (this.stopping) return
    this.stopping = true
    const stopped = new Promise<void>((done) => {
      this.worker.once('message', () => done())
      this.worker.once('exit', () => done())
    })
    this.worker.postMessage('stop')
    await stopped
    await this.worker.terminate()
  }
}
