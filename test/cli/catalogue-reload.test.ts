import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { loadConfig } from '../../src/config.ts'
import { openService } from '../../src/service.ts'
import { openServices } from '../../src/services.ts'
import { openCheckout } from '../../src/verbs/open-checkout.ts'
import { FIXED_NOW, SITE_URL } from '../helpers/test-app.ts'
import { RULES_FLEET, runCommand, sqliteTarget, type Target } from './cli-runner.ts'

const rulesText = readFileSync(RULES_FLEET, 'utf8')
const SEARCH =
  'pick_up_depot_id=1&drop_off_depot_id=1&pick_up_date=2027-01-11&drop_off_date=2027-01-14'

/** The car's daily rate the running instance quotes now, in dollars. */
async function carRate(service: Awaited<ReturnType<typeof openService>>): Promise<number> {
  const response = await service.app.inject(`/api/agent/vehicles/availability?${SEARCH}`)
  const car = (response.json() as { vehicleId: number; rentalDailyRate: number }[]).find(
    (vehicle) => vehicle.vehicleId === 1,
  )
  assert.ok(car, response.body)
  return car.rentalDailyRate
}

/** A running instance on the target's database, as `rental-agent serve` opens it. */
function startService(target: Target, env: Record<string, string> = {}) {
  const config = loadConfig({
    ...target.env,
    PUBLIC_URL: SITE_URL,
    FLEET_FILE: RULES_FLEET,
    ...env,
  })
  return openService(config, { now: () => FIXED_NOW })
}

describe('running instances serve an imported catalogue without a restart', () => {
  let target: Target
  before(() => {
    target = sqliteTarget()
  })
  after(() => target.close())

  test('a changed fleet version makes an instance read the catalogue again; quotes already given keep their price', async () => {
    const service = await startService(target)
    try {
      assert.equal(await carRate(service), 100)
      const quoted = await service.app.inject(`/api/agent/quotes?${SEARCH}&vehicle_id=1`)
      const { quoteId } = quoted.json() as { quoteId: string }

      const cheaper = rulesText.replace('high: [100.00, 90.00]', 'high: [80.00, 72.00]')
      const run = await runCommand(target, [
        'fleet',
        'import',
        target.write('cheaper.yaml', cheaper),
      ])
      assert.equal(run.code, 0, run.stderr)

      assert.equal(await service.reloadCatalogue(), true)
      assert.equal(await carRate(service), 80)
      // Nothing changed since: no second read.
      assert.equal(await service.reloadCatalogue(), false)

      // The quote given before the import is honoured at its price: ids did not change.
      const checkout = await openCheckout(service.ctx, {
        pickUpDepotId: 1,
        dropOffDepotId: 1,
        pickUpDate: '2027-01-11',
        dropOffDate: '2027-01-14',
        vehicleId: 1,
        quoteId,
      })
      assert.equal(checkout.source, 'quoted')
      assert.equal(checkout.quote.dailyRate, 10_000)
    } finally {
      await service.app.close()
    }
  })

  test('the instance checks by itself every FLEET_CHECK_SECONDS', { timeout: 30_000 }, async () => {
    const service = await startService(target, { FLEET_CHECK_SECONDS: '1' })
    try {
      assert.equal(await carRate(service), 80)
      const dearer = rulesText.replace('high: [100.00, 90.00]', 'high: [120.00, 108.00]')
      const run = await runCommand(target, ['fleet', 'import', target.write('dearer.yaml', dearer)])
      assert.equal(run.code, 0, run.stderr)
      // Waits for the timer, however slow the machine; the test's own timeout bounds it.
      while ((await carRate(service)) !== 120) await sleep(100)
    } finally {
      await service.app.close()
    }
  })
})

describe('a FLEET_FILE given for a database that already holds a fleet', () => {
  let target: Target
  before(() => {
    target = sqliteTarget()
  })
  after(() => target.close())

  async function startWith(fleetFile: string | undefined): Promise<string[]> {
    const said: string[] = []
    const config = loadConfig({
      ...target.env,
      PUBLIC_URL: SITE_URL,
      ...(fleetFile ? { FLEET_FILE: fleetFile } : {}),
    })
    const services = await openServices(config, {
      now: () => FIXED_NOW,
      log: { warn: () => {}, info: (line) => said.push(line) },
    })
    await services.close()
    return said.filter((line) => line.startsWith('FLEET_FILE'))
  }

  test('is said to be read only into an empty database, naming the company served and the command that loads the file', async () => {
    // The first start, without FLEET_FILE, loads the demo company, as `npm start` does.
    assert.deepEqual(await startWith(undefined), [])
    const own = target.write('own-fleet.yaml', rulesText)
    assert.deepEqual(await startWith(own), [
      `FLEET_FILE ${own} is read only into an empty database; this one holds the fleet of Kiwi Roads Rentals, served as it is. Changes to the file are loaded with: rental-agent fleet import ${own}`,
    ])
    assert.deepEqual(await startWith(undefined), [])
  })
})

describe("the service's time zone, recorded for the operator's commands", () => {
  let target: Target
  before(() => {
    target = sqliteTarget()
  })
  after(() => target.close())

  test('is recorded by the service, not by the MCP stdio process an agent host starts', async () => {
    const config = loadConfig({
      ...target.env,
      PUBLIC_URL: SITE_URL,
      FLEET_FILE: RULES_FLEET,
      TIME_ZONE: 'Australia/Hobart',
    })
    const service = await openServices(config, { now: () => FIXED_NOW, deliverMessages: true })
    await service.close()
    // The MCP process, without TIME_ZONE: the default zone is not recorded over it.
    const mcp = await openServices(loadConfig({ ...target.env, FLEET_FILE: RULES_FLEET }), {
      now: () => FIXED_NOW,
    })
    await mcp.close()
    const store = await target.openStore()
    try {
      assert.equal(await store.serviceTimeZone(), 'Australia/Hobart')
    } finally {
      await store.close()
    }
  })
})
