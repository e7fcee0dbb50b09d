/**
 * The deliveries a sender has in hand, so that closing it waits for them: a message handed over
 * when the service stops is either delivered or left in the outbox, never cut off half-sent.
 */
export class InFlight {
  private readonly pending = new Set<Promise<unknown>>()

  track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work)
    const forget = () => this.pending.delete(work)
    work.then(forget, forget)
    return work
  }

  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending])
  }
}
