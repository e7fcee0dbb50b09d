import { execFileSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/*
 * A real small disk for DATA_DIR: a tmpfs of a few megabytes mounted for the test (root only),
 * which the test fills to the last byte so that the next write the database makes fails with
 * ENOSPC, as on a full production disk, and then frees again.
 */

export class SmallDisk {
  readonly dir: string
  private readonly filler: string

  private constructor(dir: string) {
    this.dir = dir
    this.filler = join(dir, 'filler')
  }

  /** Why a tmpfs cannot be mounted here, or undefined when it can (tried once, then removed). */
  static unavailableReason(): string | undefined {
    try {
      const disk = SmallDisk.mount(1)
      disk.unmount()
      return undefined
    } catch (error) {
      return `cannot mount a tmpfs for the disk-full test (needs root): ${(error as Error).message.split('\n')[0]}`
    }
  }

  static mount(megabytes: number): SmallDisk {
    const dir = mkdtempSync(join(tmpdir(), 'rental-small-disk-'))
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], {
        stdio: 'pipe',
      })
    } catch (error) {
      rmSync(dir, { recursive: true, force: true })
      throw error
    }
    return new SmallDisk(dir)
  }

  /** Writes until the disk refuses a single byte more; returns the bytes written. */
  fill(): number {
    const fd = openSync(this.filler, 'a')
    let written = 0
    try {
      for (const chunk of [1 << 20, 1 << 12, 1]) {
        const buffer = Buffer.alloc(chunk)
        for (;;) {
          try {
            written += writeSync(fd, buffer)
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break
            throw error
          }
        }
      }
    } finally {
      closeSync(fd)
    }
    return written
  }

  free(): void {
    rmSync(this.filler, { force: true })
  }

  unmount(): void {
    execFileSync('umount', [this.dir], { stdio: 'pipe' })
    rmSync(this.dir, { recursive: true, force: true })
  }
}
