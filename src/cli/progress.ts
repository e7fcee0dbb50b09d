/*
 * Progress of a long operation (an import of 100,000 bookings) on one line of a terminal,
 * redrawn in place. When the output is not a terminal (a pipe, a log file, CI) nothing is
 * written: the command's own summary says what happened.
 */

const BAR_WIDTH = 24
const REDRAW_EVERY_MS = 100
const COUNT = new Intl.NumberFormat('en-NZ')

/** `Writing bookings  45,000 / 100,000  45% [##########--------------]`, or a count alone. */
export function progressLine(label: string, done: number, total?: number): string {
  if (total === undefined || total <= 0) return `${label}  ${COUNT.format(done)}`
  const share = Math.min(1, Math.max(0, done / total))
  const filled = Math.round(share * BAR_WIDTH)
  const percent = `${Math.floor(share * 100)}%`.padStart(4)
  return `${label}  ${COUNT.format(done)} / ${COUNT.format(total)} ${percent} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`
}

export type ProgressStream = { isTTY?: boolean; write(text: string): unknown }

/** Draws progress lines on a terminal; does nothing on anything else. */
export class Progress {
  private readonly stream: ProgressStream
  private readonly enabled: boolean
  private readonly now: () => number
  private lastDrawn = Number.NEGATIVE_INFINITY
  private drawing = false

  constructor(stream: ProgressStream = process.stderr, now: () => number = Date.now) {
    this.stream = stream
    this.enabled = stream.isTTY === true
    this.now = now
  }

  /** Redraws the line, at most every 100 ms unless the step is complete. */
  update(label: string, done: number, total?: number): void {
    if (!this.enabled) return
    const complete = total !== undefined && done >= total
    if (!complete && this.now() - this.lastDrawn < REDRAW_EVERY_MS) return
    this.lastDrawn = this.now()
    this.drawing = true
    // Carriage return and "erase line", so that a shorter line leaves nothing behind.
    this.stream.write(`\r\x1b[2K${progressLine(label, done, total)}`)
  }

  /** Ends the progress line, so that what is written next starts on a line of its own. */
  finish(): void {
    if (!this.enabled || !this.drawing) return
    this.drawing = false
    this.lastDrawn = Number.NEGATIVE_INFINITY
    this.stream.write('\n')
  }
}
