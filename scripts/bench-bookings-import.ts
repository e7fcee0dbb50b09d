/*
 * How long `rental-agent bookings import` takes for a large file: `node scripts/bench-bookings-import.ts
 * [COUNT]` (100,000 by default) writes a fleet (5 depots, 20 vehicles, 50 units of each at each
 * depot) and COUNT three-day bookings that fit it, loads both into a fresh embedded database (or,
 * with BENCH_DATABASE_URL, into that empty PostgreSQL database) through the real command, and
 * prints the times. Not part of `npm test`: a benchmark, not a check.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { addDays, type CalendarDate } from '../src/domain/calendar-date.ts'

const count = Number(process.argv[2] ?? 100_000)
const dir = mkdtempSync(join(tmpdir(), 'rental-bench-'))
const DEPOTS = 5
const VEHICLES = 20
const project = resolve(import.meta.dirname, '..')

const times = '{ weekday: ["09:00"], weekend: ["09:00"] }'
const fleet = [
  'company: { name: Bench Rentals }',
  'rate_bands: [{ min_days: 1 }]',
  'seasons: [{ id: all, name: All year, periods: [{ from: "01-01", to: "12-31" }] }]',
  'depots:',
  ...Array.from(
    { length: DEPOTS },
    (_, i) =>
      `  - { id: ${i + 1}, name: Depot ${i + 1}, opening_hours: Always, pickup_times: ${times}, drop_off_times: ${times} }`,
  ),
  'vehicles:',
  ...Array.from(
    { length: VEHICLES },
    (_, i) =>
      `  - { id: ${i + 1}, name: Car ${i + 1}, class: car, image: economy.svg, units: { ${Array.from({ length: DEPOTS }, (_, d) => `${d + 1}: 50`).join(', ')} }, daily_rates: { all: [50] } }`,
  ),
  'routes: []',
  'accessories: []',
  'insurance_plans: []',
].join('\n')

const rows = [
  'reference,vehicle_id,pick_up_depot_id,drop_off_depot_id,pick_up_date,drop_off_date,total',
]
const pairs = DEPOTS * VEHICLES
for (let i = 0; i < count; i++) {
  const pair = i % pairs
  const from = addDays('2030-01-01' as CalendarDate, Math.floor(i / pairs))
  const depot = Math.floor(pair / VEHICLES) + 1
  rows.push(`B-${i},${(pair % VEHICLES) + 1},${depot},${depot},${from},${addDays(from, 3)},150.00`)
}
const fleetFile = join(dir, 'fleet.yaml')
const csvFile = join(dir, 'bookings.csv')
writeFileSync(fleetFile, fleet)
writeFileSync(csvFile, `${rows.join('\n')}\n`)

const env = {
  ...process.env,
  ...(process.env.BENCH_DATABASE_URL
    ? { DATABASE_URL: process.env.BENCH_DATABASE_URL }
    : { DATA_DIR: join(dir, 'data') }),
}
const run = (args: string[]) => {
  const started = performance.now()
  const output = execFileSync(process.execPath, ['bin/rental-agent.ts', ...args], {
    cwd: project,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return { seconds: (performance.now() - started) / 1000, output: output.trim() }
}
try {
  run(['fleet', 'import', fleetFile])
  const imported = run(['bookings', 'import', csvFile])
  console.log(imported.output)
  console.log(`${count} bookings imported in ${imported.seconds.toFixed(1)} s (the whole command)`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
