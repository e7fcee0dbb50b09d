import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { chromium } from 'playwright-core'
import { largeFleet } from '../../bench/large-fleet.ts'
import { addDays, todayIn } from '../../src/domain/calendar-date.ts'
import type { Catalogue } from '../../src/domain/catalogue.ts'
import { fleetFileFromCatalogue } from '../../src/fleet/fleet-file-from-catalogue.ts'
import { OVERLOAD_WARM_UP_MS } from '../../src/http/overload.ts'
import { Instances, type ServiceInstance } from '../instances/service-instances.ts'
import { floodUntilOverloaded } from './faults/overload-load.ts'

/*
 * The overload guard on a real service process, at its default threshold, both ways.
 *
 * - Beside what made a new user's requests come back "too busy" while nothing was overloaded
 *   (reproduced: a headless browser loading /docs/api and auditing the pages as Lighthouse does,
 *   with a phone's viewport, tracing and full-page screenshots; and a large company's fleet
 *   imported again and again, after each of which the service reads its booked days and catalogue
 *   anew), requests sent one after another are all answered, none 503.
 * - A flood on the costliest search while the loop is saturated is refused within about a second,
 *   and every request is answered, the refused ones at once.
 */

const CHROMIUM = '/usr/bin/chromium'
const PROJECT_DIR = resolve(import.meta.dirname, '../..')
/** How long the requests go on beside the disturbances. */
const TRICKLE_MS = 12_000

describe('requests one after another beside a browser audit and large imports', () => {
  const instances = new Instances()
  let instance: ServiceInstance
  let changedFleet = ''
  let fleet = ''
  before(async () => {
    const { catalogue, bookings } = await largeFleet()
    fleet = join(instances.folder, 'large-fleet.json')
    changedFleet = join(instances.folder, 'large-fleet-changed.json')
    writeFileSync(fleet, JSON.stringify(fleetFileFromCatalogue(catalogue, bookings)))
    writeFileSync(
      changedFleet,
      JSON.stringify(fleetFileFromCatalogue(pricier(catalogue), bookings)),
    )
    instance = await instances.start({
      name: 'a large company, audited and imported',
      dataDir: join(instances.folder, 'large'),
      // The default overload threshold, as `npm start` runs it; the catalogue checked every second.
      env: {
        FLEET_FILE: fleet,
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '100',
        RATE_LIMIT_MAX: '1000000',
        FLEET_CHECK_SECONDS: '1',
      },
    })
    await sleep(OVERLOAD_WARM_UP_MS)
  })
  after(async () => {
    await instances.stopAll()
  })

  test('none is refused, and each is answered', async (t) => {
    const dataDir = join(instances.folder, 'large')
    const today = todayIn('Pacific/Auckland', new Date())
    const search = `pick_up_depot_id=1&drop_off_depot_id=1&pick_up_date=${addDays(today, 40)}&drop_off_date=${addDays(today, 47)}`
    const until = performance.now() + TRICKLE_MS
    let imports = 0
    const importing = (async () => {
      while (performance.now() < until) {
        await importFleet(imports % 2 === 0 ? changedFleet : fleet, dataDir)
        imports++
      }
    })()
    const auditing = existsSync(CHROMIUM) ? audit(instance.url, search, until) : Promise.resolve(0)
    const answers: { status: number; ms: number; path: string }[] = []
    const paths = [
      `/api/agent/vehicles/availability?${search}`,
      '/api/agent/depots',
      `/api/agent/quotes?${search}&vehicle_id=1`,
      `/book?${search}`,
    ]
    for (let i = 0; performance.now() < until; i++) {
      const path = paths[i % paths.length] as string
      const answer = await instance.request(path, { timeoutMs: 10_000 })
      answers.push({ status: answer.status, ms: answer.ms, path })
      await sleep(150)
    }
    const audits = await auditing
    await importing
    const refused = answers.filter((answer) => answer.status !== 200)
    const slowest = Math.max(...answers.map((answer) => answer.ms))
    t.diagnostic(
      `${answers.length} requests beside ${imports} imports of a 20,000-booking fleet and ${audits} page audits${existsSync(CHROMIUM) ? '' : ' (no chromium here)'}: ${refused.length} not 200, slowest ${slowest.toFixed(0)} ms`,
    )
    assert.deepEqual(
      refused.map((answer) => `${answer.status} ${answer.path}`),
      [],
      'every request answered 200',
    )
    // Each waited at most for a pause of the service (a reload), never in a queue of its own.
    assert.ok(slowest < 5000, `slowest answer ${slowest.toFixed(0)} ms`)
    assert.ok(instance.running, instance.log())
  })
})

describe('a flood beside a saturated event loop, on a service process', () => {
  test('refused within about a second, every request answered, /health always 200', async (t) => {
    const figures = await floodUntilOverloaded(200, 3000)
    t.diagnostic(JSON.stringify(figures))
    const refused = figures.statuses[503] ?? 0
    assert.ok(refused > 0, 'some requests were refused')
    assert.equal(figures.refusalsWithRetryAfter, refused, 'every 503 says when to retry')
    assert.ok(
      (figures.firstRefusalAfterMs ?? Number.POSITIVE_INFINITY) <= 1500,
      `first 503 after ${figures.firstRefusalAfterMs} ms`,
    )
    assert.deepEqual(
      Object.keys(figures.statuses).filter((status) => status !== '200' && status !== '503'),
      [],
    )
    // No request waits unboundedly: answered or refused, each within a few of the slices of work.
    assert.ok((figures.slowestAnswerMs ?? 0) < 3000, `slowest answer ${figures.slowestAnswerMs} ms`)
    assert.deepEqual(Object.keys(figures.healthStatuses), ['200'])
    assert.ok(figures.recoveredAfterMs !== undefined, 'served again after the flood')
  })
})

/** The same company with every rate a little higher: an import that changes every vehicle. */
function pricier(catalogue: Catalogue): Catalogue {
  return {
    ...catalogue,
    vehicles: catalogue.vehicles.map((vehicle) => ({
      ...vehicle,
      dailyRates: Object.fromEntries(
        Object.entries(vehicle.dailyRates).map(([season, rates]) => [
          season,
          rates.map((rate) => rate + 100),
        ]),
      ),
    })),
  }
}

/** `rental-agent fleet import FILE` on the instance's database, as an operator runs it. */
function importFleet(file: string, dataDir: string): Promise<void> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['bin/rental-agent.ts', 'fleet', 'import', file],
      {
        cwd: PROJECT_DIR,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      },
      (error, stdout, stderr) =>
        error ? fail(new Error(`${error.message}\n${stdout}\n${stderr}`)) : done(),
    )
  })
}

/**
 * Loads the reference, the landing page and a results page in a phone-sized Chromium with the
 * CPU slowed four times, tracing, and a full-page screenshot of each, over and over until
 * `until`, each time with an empty cache, as a Lighthouse audit does. Returns the pages audited.
 */
async function audit(baseUrl: string, search: string, until: number): Promise<number> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  let pages = 0
  try {
    while (performance.now() < until) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,v8.execute,loading,disabled-by-default-devtools.screenshot',
        transferMode: 'ReturnAsStream',
      })
      for (const path of ['/docs/api/', '/docs', `/book?${search}`]) {
        if (performance.now() >= until) break
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle', timeout: 20_000 })
        await page.screenshot({ fullPage: true })
        pages++
      }
      await cdp.send('Tracing.end').catch(() => {})
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return pages
}
