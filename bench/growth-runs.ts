import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { todayIn } from '../src/domain/calendar-date.ts'
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts'
import { type LoadSummary, summarise } from './ab-alternation.ts'
import { benchFleetCatalogue } from './bench-fleet.ts'
import { benchEndpoints } from './bench-requests.ts'
import type { BenchSettings } from './bench-settings.ts'
import { generateBookings } from './generate-bookings.ts'
import { type LoadResult, median, runLoad } from './load.ts'
import { type ServerProcess, startService } from './service-process.ts'

/** The booking horizon of the demo company (BOOKING_HORIZON_DAYS). */
const HORIZON_DAYS = 548
const TIME_ZONE = 'Pacific/Auckland'

export type GrowthPoint = {
  bookings: number
  /** Generating the bookings and writing them with the fleet in one transaction. */
  generateMs: number
  databaseBytes: number
  /** Median, from spawning `node dist/bin/rental-agent.js serve` (the build `npm start` runs) to its first 200, on the existing database. */
  startupMs: number
  /** The service's resident memory after the load. */
  rssBytes: number | undefined
  availability: LoadSummary
  quote: LoadSummary
}

/**
 * For each size, a database holding that many generated bookings (written through the store's
 * own bulk path, so `booked_days` is filled as bookings fill it), then the service started on
 * it: start-up time, availability and quote latency, and memory.
 */
export async function runGrowth(
  settings: BenchSettings,
  log: (line: string) => void,
): Promise<GrowthPoint[]> {
  const catalogue = await benchFleetCatalogue(TIME_ZONE)
  const [availability, quote] = ['availability', 'quote'].map(
    (name) => benchEndpoints(TIME_ZONE).find((endpoint) => endpoint.name === name)?.path as string,
  ) as [string, string]
  const points: GrowthPoint[] = []
  for (const size of settings.growthSizes) {
    const dataDir = mkdtempSync(join(tmpdir(), 'rental-bench-growth-'))
    try {
      const started = performance.now()
      const bookings = generateBookings({
        count: size,
        catalogue,
        today: todayIn(TIME_ZONE, new Date()),
        horizonDays: HORIZON_DAYS,
      })
      const store = SqliteStore.open(join(dataDir, 'rental.db'))
      await store.replaceFleet(catalogue, bookings)
      await store.close()
      const generateMs = performance.now() - started
      const databaseBytes = statSync(join(dataDir, 'rental.db')).size

      const startups: number[] = []
      let service: ServerProcess | undefined
      for (let start = 0; start < settings.startups; start++) {
        await service?.stop()
        service = await startService({ env: { DATA_DIR: dataDir } })
        startups.push(service.startupMs)
      }
      const running = service as ServerProcess
      try {
        const load = (path: string, seconds: number) =>
          runLoad(`${running.baseUrl}${path}`, seconds, settings.connections, running)
        await load(availability, settings.warmupSeconds)
        await load(quote, settings.warmupSeconds)
        const results: { availability: LoadResult[]; quote: LoadResult[] } = {
          availability: [],
          quote: [],
        }
        for (let round = 0; round < settings.growthRounds; round++) {
          results.availability.push(await load(availability, settings.growthSeconds))
          results.quote.push(await load(quote, settings.growthSeconds))
        }
        const point: GrowthPoint = {
          bookings: size,
          generateMs,
          databaseBytes,
          startupMs: median(startups),
          rssBytes: running.rssBytes(),
          availability: summarise(results.availability),
          quote: summarise(results.quote),
        }
        points.push(point)
        log(
          `  ${String(size).padStart(8)} bookings: generated in ${(generateMs / 1000).toFixed(1)} s, start-up ${point.startupMs.toFixed(0)} ms, RSS ${mb(point.rssBytes)}, availability p50 ${point.availability.p50Ms.toFixed(2)} ms p99 ${point.availability.p99Ms.toFixed(2)} ms, quote p50 ${point.quote.p50Ms.toFixed(2)} ms p99 ${point.quote.p99Ms.toFixed(2)} ms`,
        )
      } finally {
        await running.stop()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  return points
}

const mb = (bytes: number | undefined) =>
  bytes === undefined ? 'unknown' : `${(bytes / 1048576).toFixed(0)} MB`
