import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { Instances } from '../instances/service-instances.ts'

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
})
