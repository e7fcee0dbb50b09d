/**
 * Gathers the items asked for in one turn of the event loop and writes them together at the end
 * of it (setImmediate), so that under load one write serves many; alone, an item waits for
 * nothing but its own turn. Each `add` settles when its batch is written, or fails with the
 * batch's failure.
 */
export class TurnBatches<T> {
  private readonly write: (items: T[]) => void | Promise<void>
  private pending: Batch<T> | undefined

  constructor(write: (items: T[]) => void | Promise<void>) {
    this.write = write
  }

  add(item: T): Promise<void> {
    if (!this.pending) {
      let settle: Batch<T>['settle'] = () => {}
      const written = new Promise<void>((resolve, reject) => {
        settle = (error) => (error === undefined ? resolve() : reject(error))
      })
      this.pending = { items: [], written, settle }
      setImmediate(() => void this.flush())
    }
    this.pending.items.push(item)
    return this.pending.written
  }

  /**
   * Writes the waiting batch now (also before the store closes); a write that is synchronous is
   * done, and its adds settled, when this returns.
   */
  flush(): Promise<void> {
    const batch = this.pending
    if (!batch) return Promise.resolve()
    this.pending = undefined
    try {
      const written = this.write(batch.items)
      if (written instanceof Promise) written.then(() => batch.settle(), batch.settle)
      else batch.settle()
    } catch (error) {
      batch.settle(error)
    }
    return batch.written.catch(() => {})
  }
}

type Batch<T> = {
  items: T[]
  written: Promise<void>
  settle: (error?: unknown) => void
}
