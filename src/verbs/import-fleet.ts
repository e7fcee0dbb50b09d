import { type BookingToLookAt, bookingsToLookAt } from '../domain/bookings-to-look-at.ts'
import type { CalendarDate } from '../domain/calendar-date.ts'
import { type FleetImportPlan, planFleetImport } from '../domain/fleet-import-plan.ts'
import type { FleetContents, Store, StoredFleet } from '../store/store.ts'

export type FleetImport = {
  /**
   * `imported`: written; `unchanged`: the file matches what is stored, nothing written;
   * `dry_run`: what would change, nothing written; `refused`: it would break bookings, nothing
   * written.
   */
  outcome: 'imported' | 'unchanged' | 'dry_run' | 'refused' | 'replaced'
  plan: FleetImportPlan
  /**
   * The stored fleet was one `replaceable` allowed to replace whole (the demo company, loaded by
   * a start without FLEET_FILE): its company and the bookings removed with it. `replaced` when
   * written; on a dry run, what would be.
   */
  replaces?: { company: string; bookings: number }
  /** Bookings still to come the new catalogue no longer fits (a depot closed, a route gone). */
  lookAt: BookingToLookAt[]
}

/**
 * Brings the stored fleet to a fleet file's, keeping the file's ids so that quotes and checkout
 * links made before stay valid, and adding the file's bookings that are new. Refused, with the
 * bookings it would break, when a booking would lose its vehicle, a depot or its unit. Planned
 * and written in one transaction during which no booking is made, so the plan is what happens.
 */
export async function importFleet(
  store: Store,
  next: FleetContents,
  options: {
    dryRun: boolean
    today: CalendarDate
    /**
     * Whether what is stored may be replaced whole, its bookings with it, rather than changed in
     * place: decided in the import's transaction, so a booking made meanwhile is seen.
     */
    replaceable?: (stored: StoredFleet) => boolean
  },
): Promise<FleetImport> {
  let plan: FleetImportPlan | undefined
  let lookAt: BookingToLookAt[] = []
  let replaces: FleetImport['replaces']
  let reviewFailure: { error: unknown } | undefined
  await store.importFleet(next, (stored) => {
    try {
      plan = planFleetImport(stored, next)
      if (options.replaceable?.(stored)) {
        replaces = { company: stored.catalogue.company.name, bookings: stored.bookings.length }
        lookAt = bookingsToLookAt(next.catalogue, next.bookings, options.today)
        return options.dryRun ? false : 'replace'
      }
      const confirmed = stored.bookings.filter((booking) => booking.status !== 'cancelled')
      lookAt = bookingsToLookAt(next.catalogue, [...confirmed, ...plan.newBookings], options.today)
    } catch (error) {
      reviewFailure = { error }
      return false
    }
    return plan.broken.length === 0 && plan.changes.length > 0 && !options.dryRun
  })
  // A fault of the plan itself is not the database's: it passes through as it is.
  if (reviewFailure) throw reviewFailure.error
  if (!plan) throw new Error('the store did not review the import')
  if (replaces) {
    return { outcome: options.dryRun ? 'dry_run' : 'replaced', plan, lookAt, replaces }
  }
  const outcome =
    plan.broken.length > 0
      ? 'refused'
      : plan.changes.length === 0
        ? 'unchanged'
        : options.dryRun
          ? 'dry_run'
          : 'imported'
  return { outcome, plan, lookAt }
}
