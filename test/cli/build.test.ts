import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'
import { freePort, Instances } from '../instances/service-instances.ts'

/*
 * The build `npm start` and the deployment run (npm run build, dist/): plain JavaScript that starts
 * with Node's type stripping turned off, so that nothing in it still needs the stripper, and that
 * finds the files shipped beside the sources (the demo fleet, its images) from dist/ too.
 */

const PROJECT_DIR = resolve(import.meta.dirname, '../..')
const run = promisify(execFile)
/** The built command, run with the type stripper off. */
const BUILT = ['--no-experimental-strip-types', 'dist/bin/rental-agent.js']

describe('the build (npm run build)', { timeout: 120_000 }, () => {
  const instances = new Instances()
  before(async () => {
    await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
      cwd: PROJECT_DIR,
    })
  })
  after(() => instances.stopAll())

  test('npm start builds, then runs the build with the bounded young generation', () => {
    const { scripts } = JSON.parse(readFileSync(resolve(PROJECT_DIR, 'package.json'), 'utf8'))
    assert.equal(scripts.build, 'tsc -p tsconfig.build.json')
    assert.equal(scripts.prestart, 'npm run build')
    // npm ci builds too, so that a production install (--omit=dev) has dist/ to run.
    assert.equal(scripts.prepare, 'npm run build')
    assert.equal(scripts.start, 'exec node --max-semi-space-size=8 dist/bin/rental-agent.js serve')
  })

  test('its command answers without the type stripper', async () => {
    const { stdout } = await run(process.execPath, [...BUILT, '--help'], { cwd: PROJECT_DIR })
    assert.match(stdout, /Usage: rental-agent/)
  })

  test('its service serves the demo company, its images and the docs without the type stripper', async () => {
    const service = await instances.start({ name: 'build', command: BUILT })
    await service.waitUntilReady()
    const depots = await service.request('/api/agent/depots')
    assert.equal(depots.status, 200)
    assert.ok((JSON.parse(depots.body) as unknown[]).length > 0)
    const logo = readdirSync(resolve(PROJECT_DIR, 'public/images')).find((name) =>
      name.endsWith('.svg'),
    ) as string
    const image = await fetch(`${service.url}/images/${logo}`)
    assert.equal(image.status, 200)
    assert.deepEqual(
      Buffer.from(await image.arrayBuffer()),
      readFileSync(resolve(PROJECT_DIR, 'public/images', logo)),
    )
    assert.equal((await service.request('/docs')).status, 200)
    const exit = await service.stop()
    assert.equal(exit.code, 0, service.log())
  })

  test('npm start stopped with SIGTERM stops the service, which lets its port go', async () => {
    const port = await freePort()
    const dataDir = mkdtempSync(join(tmpdir(), 'npm-start-'))
    const npm = spawn('npm', ['start'], {
      cwd: PROJECT_DIR,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        METRICS_PORT: '0',
      },
      stdio: 'ignore',
      // Its own process group, so that a failed test kills node too, not only npm.
      detached: true,
    })
    try {
      const url = `http://127.0.0.1:${port}/api/agent/depots`
      const deadline = Date.now() + 60_000
      while (!(await answers(url))) {
        assert.ok(Date.now() < deadline, 'npm start never answered')
        await sleep(200)
      }
      npm.kill('SIGTERM')
      // Before `exec`, the shell npm ran the script in died and left node serving on the port.
      const stopping = Date.now() + 10_000
      while (await answers(url)) {
        assert.ok(Date.now() < stopping, 'the service still answers 10 s after npm was stopped')
        await sleep(200)
      }
    } finally {
      try {
        process.kill(-(npm.pid as number), 'SIGKILL')
      } catch {
        // The group has gone already: the service stopped as it should.
      }
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) })
    return true
  } catch {
    return false
  }
}
