import { todayIn } from '../domain/calendar-date.ts'
import type { Store } from '../store/store.ts'

/** One agent's quotes and bookings in one month. */
export type AgentMonth = {
  /** The agent_ref; null for bookings that came without one (quotes without one are not counted). */
  agentRef: string | null
  /** `YYYY-MM`, in the company's time zone. */
  month: string
  quotes: number
  bookings: number
  /** Of those bookings, how many were cancelled since. */
  cancelled: number
}

/**
 * Quotes and bookings per agent reference and month: what each agent sends the company. Quotes
 * are counted as they are issued (by the company-local date of issue); bookings by the company-
 * local date they were made, cancelled ones counted too and apart. Bookings from a fleet file
 * have no date and are left out. Months in order, then agents by name, no reference last.
 */
export async function agentStats(store: Store, timeZone: string): Promise<AgentMonth[]> {
  const rows = new Map<string, AgentMonth>()
  const row = (agentRef: string | null, month: string) => {
    const key = `${month} ${agentRef ?? ''}`
    let found = rows.get(key)
    if (!found) {
      found = { agentRef, month, quotes: 0, bookings: 0, cancelled: 0 }
      rows.set(key, found)
    }
    return found
  }
  for (const count of await store.agentQuoteCounts()) {
    row(count.agentRef, count.month).quotes += count.quotes
  }
  for (const booking of await store.listBookings()) {
    if (booking.createdAt === null) continue
    const month = todayIn(timeZone, new Date(booking.createdAt)).slice(0, 7)
    const counted = row(booking.agentRef, month)
    counted.bookings++
    if (booking.status === 'cancelled') counted.cancelled++
  }
  return [...rows.values()].sort(
    (a, b) =>
      a.month.localeCompare(b.month) ||
      (a.agentRef === null ? 1 : 0) - (b.agentRef === null ? 1 : 0) ||
      (a.agentRef ?? '').localeCompare(b.agentRef ?? ''),
  )
}
