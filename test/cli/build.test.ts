import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'

/*
 * The build `npm start` and the deployment run (npm run build, dist/): plain JavaScript that starts
 * with Node's type stripping turned off, so that nothing in it still needs the stripper, and that
 * finds the files shipped beside the sources (the demo fleet, its images) from dist/ too.
 */

const PROJECT_DIR = resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as { port: number }
  await new Promise((done) => server.close(done))
  return port
}

describe('the build (npm run build)', { timeout: 120_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rental-build-'))
  before(async () => {
    await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
      cwd: PROJECT_DIR,
    })
  })
  after(() => rmSync(dataDir, { recursive: true, force: true }))

  test('npm start builds, then runs the build with the bounded young generation', () => {
    const { scripts } = JSON.parse(readFileSync(resolve(PROJECT_DIR, 'package.json'), 'utf8'))
    assert.equal(scripts.build, 'tsc -p tsconfig.build.json')
    assert.equal(scripts.prestart, 'npm run build')
    // npm ci builds too, so that a production install (--omit=dev) has dist/ to run.
    assert.equal(scripts.prepare, 'npm run build')
    assert.equal(scripts.start, 'node --max-semi-space-size=8 dist/bin/rental-agent.js serve')
  })

  test('its command answers without the type stripper', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--no-experimental-strip-types', 'dist/bin/rental-agent.js', '--help'],
      { cwd: PROJECT_DIR },
    )
    assert.match(stdout, /Usage: rental-agent/)
  })

  test('its service serves the demo company, its images and the docs without the type stripper', async () => {
    const port = await freePort()
    const child = spawn(
      process.execPath,
      ['--no-experimental-strip-types', 'dist/bin/rental-agent.js', 'serve'],
      {
        cwd: PROJECT_DIR,
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          METRICS_PORT: 'off',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    const exited = new Promise<number | null>((done) => child.once('exit', done))
    const base = `http://127.0.0.1:${port}`
    try {
      for (let tries = 0; ; tries++) {
        assert.equal(child.exitCode, null, `the service exited:\n${output}`)
        const status = await fetch(`${base}/ready`).then(
          (response) => response.status,
          () => 0,
        )
        if (status === 200) break
        assert.ok(tries < 600, `the service did not become ready in 60 s:\n${output}`)
        await new Promise((done) => setTimeout(done, 100))
      }
      const depots = await fetch(`${base}/api/agent/depots`)
      assert.equal(depots.status, 200)
      assert.ok(((await depots.json()) as unknown[]).length > 0)
      const logo = readdirSync(resolve(PROJECT_DIR, 'public/images')).find((name) =>
        name.endsWith('.svg'),
      )
      const image = await fetch(`${base}/images/${logo}`)
      assert.equal(image.status, 200)
      assert.deepEqual(
        Buffer.from(await image.arrayBuffer()),
        readFileSync(resolve(PROJECT_DIR, 'public/images', logo as string)),
      )
      const docs = await fetch(`${base}/docs`)
      assert.equal(docs.status, 200)
      await docs.arrayBuffer()
    } finally {
      child.kill('SIGTERM')
    }
    assert.equal(await exited, 0, output)
  })
})
