import { statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type CalendarDate, todayIn } from '../src/domain/calendar-date.ts'
import type { Booking, Catalogue } from '../src/domain/catalogue.ts'
import { fleetFileFromCatalogue } from '../src/fleet/fleet-file-from-catalogue.ts'
import { fleetFileYaml } from '../src/fleet/write-fleet-file.ts'
import { type AbComparison, alternate } from './ab-alternation.ts'
import { API } from './bench-requests.ts'
import type { BenchSettings } from './bench-settings.ts'
import { LARGE_FLEET, largeFleet, variedSearches } from './large-fleet.ts'
import { median, runLoad } from './load.ts'
import { recordResponses } from './recorded-responses.ts'
import { runCommand, type ServerProcess, startBareServer, startService } from './service-process.ts'
import type { StoreSetup } from './store-setups.ts'

const TIME_ZONE = 'Pacific/Auckland'
/** Distinct requests of each case: enough that no answer is the same for long. */
const VARIED_REQUESTS = 300

/**
 * A kind of request benched on the large catalogue: many distinct paths, each connection asking
 * them in turn. `shareTarget` is the least share of the bare server's throughput it must reach.
 */
export type LargeCatalogueCase = {
  name: string
  paths: string[]
  shareTarget?: number
  /** Vehicles in one answer's body, for the cost per vehicle. */
  vehiclesIn(body: string): number
}

/**
 * The cases benched on the large catalogue.
 * The flexible availability search adds its case to this list, with its own share target.
 */
export function largeCatalogueCases(today: CalendarDate): LargeCatalogueCase[] {
  return [
    {
      name: 'availability',
      paths: variedSearches(VARIED_REQUESTS, today).map(
        (search) => `${API}/vehicles/availability?${search}`,
      ),
      shareTarget: 0.6,
      vehiclesIn: (body) => (JSON.parse(body) as unknown[]).length,
    },
  ]
}

export type LargeCaseRun = {
  name: string
  shareTarget: number | undefined
  comparison: AbComparison
  /** Mean over the distinct answers. */
  meanVehicles: number
  meanBodyBytes: number
}

export type LargeCatalogueRun = {
  setup: StoreSetup
  fleet: {
    depots: number
    vehicles: number
    routes: number
    bookings: number
    fileBytes: number
  }
  /** Spawn to first 200 on an empty database: the fleet file is read and loaded. */
  firstStartMs: number
  /** `rental-agent fleet import` of the file with every rate and stock changed, spawn to exit. */
  importMs: number
  /** Spawn to first 200 on the database holding the large fleet (median of the start-ups). */
  startMs: number
  /** The service's resident memory after the load. */
  rssBytes: number | undefined
  cases: LargeCaseRun[]
}

/**
 * The large company (bench/large-fleet.ts) on one store: its first start from the fleet file, an
 * import of the same fleet with every rate and stock changed, a start on the database it left,
 * then each case against the bare server answering the same bytes, alternated.
 */
export async function runLargeCatalogue(
  settings: BenchSettings,
  setup: StoreSetup,
  log: (line: string) => void,
): Promise<LargeCatalogueRun> {
  const dataDir = setup.env.DATA_DIR as string
  const { catalogue, bookings } = await largeFleet(TIME_ZONE)
  const file = join(dataDir, 'large-fleet.yaml')
  writeFleet(file, catalogue, bookings)
  const changedFile = join(dataDir, 'large-fleet-changed.yaml')
  writeFleet(changedFile, changedEverywhere(catalogue), bookings)
  const env = { ...setup.env, FLEET_FILE: file }

  const first = await startService({ env })
  await first.stop()
  const imported = await runCommand(['fleet', 'import', changedFile], env)
  const startups: number[] = []
  let service: ServerProcess | undefined
  for (let start = 0; start < settings.startups; start++) {
    await service?.stop()
    service = await startService({ env })
    startups.push(service.startupMs)
  }
  const running = service as ServerProcess
  log(
    `  ${setup.name}: first start ${ms(first.startupMs)}, import ${ms(imported.ms)}, start ${ms(median(startups))}`,
  )
  try {
    const cases: LargeCaseRun[] = []
    for (const benched of largeCatalogueCases(todayIn(TIME_ZONE, new Date()))) {
      const responsesFile = join(dataDir, `recorded-${benched.name.replace(/\W+/g, '-')}.json`)
      const recorded = await recordResponses(running.baseUrl, benched.paths, responsesFile)
      const bodies = Object.values(recorded).map((response) => response.body)
      const bare = await startBareServer(responsesFile)
      try {
        const a = { baseUrl: running.baseUrl, paths: benched.paths }
        const b = { baseUrl: bare.baseUrl, paths: benched.paths }
        await runLoad(a, settings.warmupSeconds, settings.connections)
        await runLoad(b, settings.warmupSeconds, settings.connections)
        const comparison = await alternate(
          settings.rounds,
          () => runLoad(a, settings.seconds, settings.connections, running),
          () => runLoad(b, settings.seconds, settings.connections, bare),
        )
        const run: LargeCaseRun = {
          name: benched.name,
          shareTarget: benched.shareTarget,
          comparison,
          meanVehicles: mean(bodies.map((body) => benched.vehiclesIn(body))),
          meanBodyBytes: mean(bodies.map((body) => Buffer.byteLength(body))),
        }
        cases.push(run)
        log(
          `  ${benched.name.padEnd(13)} service ${Math.round(comparison.medianA.requestsPerSecond)}/s p99 ${ms(comparison.medianA.p99Ms)} cpu ${micros(comparison.medianA.cpuMicrosPerRequest)} (${micros(perVehicle(run))} a vehicle, ${run.meanVehicles.toFixed(0)} vehicles) | bare ${Math.round(comparison.medianB.requestsPerSecond)}/s | share ${comparison.share.toFixed(2)}`,
        )
      } finally {
        await bare.stop()
      }
    }
    return {
      setup,
      fleet: {
        depots: catalogue.depots.length,
        vehicles: catalogue.vehicles.length,
        routes: catalogue.routes.length,
        bookings: bookings.length,
        fileBytes: statSync(file).size,
      },
      firstStartMs: first.startupMs,
      importMs: imported.ms,
      startMs: median(startups),
      rssBytes: running.rssBytes(),
      cases,
    }
  } finally {
    await running.stop()
  }
}

/** The service's CPU time per vehicle in an answer, in microseconds. */
export function perVehicle(run: LargeCaseRun): number | undefined {
  const cpu = run.comparison.medianA.cpuMicrosPerRequest
  return cpu === undefined || run.meanVehicles === 0 ? undefined : cpu / run.meanVehicles
}

function writeFleet(file: string, catalogue: Catalogue, bookings: Booking[]): void {
  const yaml = fleetFileYaml(fleetFileFromCatalogue(catalogue, bookings), {
    schemaUrl: 'https://rentals.example.com/schemas/fleet.json',
    note: `A generated large company for the bench: ${LARGE_FLEET.regions.length * LARGE_FLEET.depotsPerRegion} depots, ${LARGE_FLEET.models} models.`,
  })
  writeFileSync(file, yaml)
}

/** The same fleet with every rate 5% up and one more unit at every depot stocking a model. */
function changedEverywhere(catalogue: Catalogue): Catalogue {
  return {
    ...catalogue,
    vehicles: catalogue.vehicles.map((vehicle) => ({
      ...vehicle,
      unitsByDepot: Object.fromEntries(
        Object.entries(vehicle.unitsByDepot).map(([depot, units]) => [depot, units + 1]),
      ),
      dailyRates: Object.fromEntries(
        Object.entries(vehicle.dailyRates).map(([season, rates]) => [
          season,
          rates.map((rate) => Math.round(rate * 1.05)),
        ]),
      ),
    })),
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
const ms = (value: number) => `${value.toFixed(value < 100 ? 2 : 0)} ms`
const micros = (value: number | undefined) =>
  value === undefined ? '?' : `${value < 10 ? value.toFixed(2) : Math.round(value)} µs`
