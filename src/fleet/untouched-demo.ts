import { readFile } from 'node:fs/promises'
import { parse } from 'yaml'
import { DEMO_FLEET_FILE } from '../config.ts'
import type { FleetContents, StoredFleet } from '../store/store.ts'

/**
 * Whether an import of `next` may replace the stored fleet whole, its bookings with it: the stored
 * fleet is the demo company as a start without FLEET_FILE loads it, untouched (no booking but the
 * demo file's own: none made on the website or by another channel, none cancelled), and `next` is
 * another company. An operator who started the service once without FLEET_FILE could otherwise
 * only cancel the demo's bookings one by one, which queued emails and signed webhooks about them
 * to the company's real receivers, and kept them in `bookings list` for good.
 */
export function untouchedDemo(
  demo: FleetContents,
  next: FleetContents,
): (stored: StoredFleet) => boolean {
  const demoName = demo.catalogue.company.name
  const demoReferences = new Set(demo.bookings.map((booking) => booking.reference))
  return (stored) =>
    next.catalogue.company.name !== demoName &&
    stored.catalogue.company.name === demoName &&
    stored.bookings.every(
      (booking) =>
        demoReferences.has(booking.reference) &&
        booking.status === 'confirmed' &&
        booking.quoteId === null &&
        booking.createdAt === null,
    )
}

/**
 * The demo company's name, as the built-in fleet file gives it: the fleet file is where a
 * company's identity comes from, the demo's too. Read only to tell whether that is what is served.
 */
export async function demoCompanyName(): Promise<string | undefined> {
  const demo = parse(await readFile(DEMO_FLEET_FILE, 'utf8')) as { company?: { name?: unknown } }
  const name = demo.company?.name
  return typeof name === 'string' ? name : undefined
}
