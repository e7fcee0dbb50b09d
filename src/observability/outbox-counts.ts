import type { Store } from '../store/store.ts'

/** The outbox's messages waiting and given up, and how long the oldest waiting one has waited. */
export async function outboxCounts(
  store: Store,
  now: Date,
): Promise<{ pending: number; failed: number; oldestPendingSeconds: number }> {
  const [pending, failed] = await Promise.all([
    store.listOutbox('pending'),
    store.listOutbox('failed'),
  ])
  // Oldest first, as listOutbox gives them.
  const oldest = pending[0]
  const oldestPendingSeconds = oldest
    ? Math.max(0, (now.getTime() - Date.parse(oldest.createdAt)) / 1000)
    : 0
  return { pending: pending.length, failed: failed.length, oldestPendingSeconds }
}
