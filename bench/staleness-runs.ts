import { addDays, monthDayOf, todayIn } from '../src/domain/calendar-date.ts'
import { PostgresStore } from '../src/store/postgres/postgres-store.ts'
import { API } from './bench-requests.ts'
import { median, percentile } from './load.ts'
import { type ServerProcess, startService } from './service-process.ts'
import type { StoreSetup } from './store-setups.ts'

/** Commits timed: each a booking of the last unit, then its cancellation. */
const CYCLES = 100
/** The demo's Tesla Model 3 (6) at Christchurch Airport (4), stocked as a single unit. */
const VEHICLE = 6
const DEPOT = 4
const TIME_ZONE = 'Pacific/Auckland'

export type StalenessRun = {
  setup: StoreSetup
  /** From a commit acknowledged to the first answer of another instance that shows it, ms. */
  samples: number[]
  p50Ms: number
  p99Ms: number
  maxMs: number
}

/**
 * How stale an instance's answers can be on PostgreSQL, where each keeps booked days in memory:
 * two service instances on one database, and the operator's store in this process booking the last
 * unit of a vehicle and cancelling it again, one commit at a time. After each commit, instance two
 * is asked the availability of that vehicle back to back until its answer shows the commit; the
 * sample is the time from the commit's acknowledgement to that answer (so it includes one
 * request's own time). Both instances hear the commit as any commit is heard, whoever makes it.
 */
export async function runStaleness(
  setup: StoreSetup,
  log: (line: string) => void,
): Promise<StalenessRun> {
  const databaseUrl = setup.env.DATABASE_URL
  if (!databaseUrl) throw new Error('the staleness run needs PostgreSQL')
  const one = await startService({ env: setup.env })
  let two: ServerProcess | undefined
  const store = await PostgresStore.open(databaseUrl, { maxConnections: 2 })
  try {
    two = await startService({ env: setup.env })
    let pickUp = addDays(todayIn(TIME_ZONE, new Date()), 200)
    while (['12-25', '12-26'].includes(monthDayOf(pickUp))) pickUp = addDays(pickUp, 1)
    const dropOff = addDays(pickUp, 3)
    const search = `${API}/vehicles/availability?pick_up_depot_id=${DEPOT}&drop_off_depot_id=${DEPOT}&pick_up_date=${pickUp}&drop_off_date=${dropOff}`
    const listed = async (server: ServerProcess) => {
      const response = await fetch(`${server.baseUrl}${search}`)
      const vehicles = (await response.json()) as { vehicleId: number }[]
      return vehicles.some((vehicle) => vehicle.vehicleId === VEHICLE)
    }
    const untilShown = async (server: ServerProcess, shouldList: boolean, since: number) => {
      while ((await listed(server)) !== shouldList) {
        if (performance.now() - since > 10_000) throw new Error('a commit was not seen in 10 s')
      }
      return performance.now() - since
    }
    if (!(await listed(two))) throw new Error(`vehicle ${VEHICLE} is not free on ${pickUp}`)
    const samples: number[] = []
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const reference = `STALE-${cycle}`
      await store.importBookings(
        [
          {
            reference,
            vehicleId: VEHICLE,
            pickUpDepotId: DEPOT,
            dropOffDepotId: DEPOT,
            pickUpDate: pickUp,
            dropOffDate: dropOff,
            pickUpTime: null,
            dropOffTime: null,
            customer: null,
            totalAmount: null,
            createdAt: null,
            status: 'confirmed',
            cancellation: null,
            quoteId: null,
            price: null,
            manageTokenHash: null,
            agentRef: null,
          },
        ],
        () => true,
      )
      samples.push(await untilShown(two, false, performance.now()))
      await store.cancelBooking(
        reference,
        { at: new Date().toISOString(), by: 'operator', reason: 'bench' },
        () => [],
      )
      samples.push(await untilShown(two, true, performance.now()))
    }
    const sorted = [...samples].sort((a, b) => a - b)
    const run = {
      setup,
      samples,
      p50Ms: median(sorted),
      p99Ms: percentile(sorted, 0.99),
      maxMs: sorted[sorted.length - 1] as number,
    }
    log(
      `  ${samples.length} commits: seen by the other instance after ${run.p50Ms.toFixed(2)} ms (p50), ${run.p99Ms.toFixed(2)} ms (p99), ${run.maxMs.toFixed(2)} ms at most`,
    )
    return run
  } finally {
    await store.close()
    await two?.stop()
    await one.stop()
  }
}
