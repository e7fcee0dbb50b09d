import { monitorEventLoopDelay } from 'node:perf_hooks'

/** How often the event loop is sampled. */
export const OVERLOAD_SAMPLE_INTERVAL_MS = 100

/**
 * How long the loop must keep running late, sample after sample, before requests are refused:
 * measured from the first late sample, so that one pause of the process, however long, is not
 * enough (a garbage collection, booked days read again after an operator's import, the machine
 * busy elsewhere for a moment: each is one late sample, and the loop is on time again once the
 * requests that waited are answered). Work that keeps coming faster than it is done keeps every
 * sample late.
 */
export const OVERLOAD_SUSTAINED_MS = 400

/**
 * Requests that must be waiting: a person's browser or an agent asking one thing after another
 * sends a few at a time; a flood, hundreds.
 */
export const OVERLOAD_WAITING_REQUESTS = 16

/** The period of the timer whose lateness Node's event-loop delay histogram records. */
const DELAY_RESOLUTION_MS = 10

/**
 * Whether the service has more work than it can finish in time: requests waiting, and the time
 * they wait. Two ways of seeing it, either enough:
 *
 * - A backlog in this turn of the event loop: the requests taken up together (they were all
 *   waiting when the turn began) number at least OVERLOAD_WAITING_REQUESTS, and the turn has
 *   spent more than `maxWaitMs` of CPU on them, so the next ones have waited at least that long
 *   behind them. A flood of expensive requests is refused in its first turn, the rest of the turn
 *   at once. CPU time, the main thread's own, not the clock's: a process descheduled for a moment
 *   by other work on the machine has not done more work (with the clock, a bench run on a busy
 *   machine had a few answers refused).
 * - Lateness that lasts: every OVERLOAD_SAMPLE_INTERVAL_MS a sample takes the mean event-loop delay
 *   (how long anything queued on the loop waited, as Node measures it) and the requests that
 *   arrived meanwhile. Late by more than `maxWaitMs` for OVERLOAD_SUSTAINED_MS without a break,
 *   with OVERLOAD_WAITING_REQUESTS arrived in the last OVERLOAD_SUSTAINED_MS, is overloaded, until
 *   a sample is on time:
 *   work that keeps the loop busy (not requests of its own) while requests keep coming.
 *
 * Neither is met by a pause of the process, however long, nor by requests one after another.
 */
export class WorkBacklog {
  /** Whether the samples say overloaded; read by every request, set by each sample. */
  lateTooLong = false
  private readonly maxWaitMs: number
  /** Requests arrived since the last sample. */
  private arrivals = 0
  /** When the samples started running late, without a break since; undefined while on time. */
  private lateSince: number | undefined
  /** The late samples of the last OVERLOAD_SUSTAINED_MS: when each was taken, and its arrivals. */
  private readonly recent: { at: number; arrivals: number }[] = []
  /**
   * This turn of the loop: the main thread's CPU time (µs) and the clock (ms) at its first
   * request, and how many since.
   */
  private turnStart = 0
  private turnStartClock = 0
  private turnRequests = 0
  private readonly nextTurn = () => {
    this.turnRequests = 0
  }
  private timer: NodeJS.Timeout | undefined
  private delays: ReturnType<typeof monitorEventLoopDelay> | undefined

  constructor(maxWaitMs: number) {
    this.maxWaitMs = maxWaitMs
  }

  /** A request is taken up: counted in the samples and in this turn's backlog. */
  arrive(): void {
    this.arrivals++
    if (this.turnRequests === 0) {
      this.turnStart = threadCpuMicros()
      this.turnStartClock = performance.now()
      setImmediate(this.nextTurn)
    }
    this.turnRequests++
  }

  /** Whether requests now wait longer than they may, behind work that keeps coming. */
  overloaded(): boolean {
    // The thread cannot have used more CPU than the clock has run: while the turn is younger
    // than the wait allowed, the CPU time (a system call, asked by every request of a busy turn
    // otherwise: 3% of an availability answer's CPU under load) need not be asked.
    return (
      this.lateTooLong ||
      (this.turnRequests >= OVERLOAD_WAITING_REQUESTS &&
        performance.now() - this.turnStartClock > this.maxWaitMs &&
        threadCpuMicros() - this.turnStart > this.maxWaitMs * 1000)
    )
  }

  /**
   * Samples with Node's own event-loop delay histogram (a 10 ms timer, whose period is taken off
   * the delays it records), or, when the loop was held too long for its timer to run at all, how
   * late the sample itself is.
   */
  start(): void {
    const delays = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS })
    delays.enable()
    this.delays = delays
    let last = performance.now()
    this.timer = setInterval(() => {
      const now = performance.now()
      const meanMs = delays.count > 0 ? delays.mean / 1e6 - DELAY_RESOLUTION_MS : 0
      const lateMs = Math.max(0, meanMs, now - last - OVERLOAD_SAMPLE_INTERVAL_MS)
      delays.reset()
      last = now
      this.record(lateMs, this.arrivals, now)
      this.arrivals = 0
    }, OVERLOAD_SAMPLE_INTERVAL_MS)
    this.timer.unref()
  }

  stop(): void {
    clearInterval(this.timer)
    this.delays?.disable()
  }

  /** Adds a sample taken at `now` (ms) and draws the verdict on lateness. */
  record(lateMs: number, arrivals: number, now: number): void {
    if (lateMs <= this.maxWaitMs) {
      this.lateSince = undefined
      this.recent.length = 0
      this.lateTooLong = false
      return
    }
    // The first late sample may be a pause; only what follows it tells.
    this.lateSince ??= now
    this.recent.push({ at: now, arrivals })
    while ((this.recent[0]?.at ?? now) <= now - OVERLOAD_SUSTAINED_MS) this.recent.shift()
    // Requests arriving at a rate that fills the window, not a few over a long while.
    const waiting = this.recent.reduce((sum, sample) => sum + sample.arrivals, 0)
    this.lateTooLong =
      now - this.lateSince >= OVERLOAD_SUSTAINED_MS && waiting >= OVERLOAD_WAITING_REQUESTS
  }
}

/** The CPU time the main thread has used, in microseconds (a quarter of a microsecond to ask). */
function threadCpuMicros(): number {
  const used = process.threadCpuUsage()
  return used.user + used.system
}
