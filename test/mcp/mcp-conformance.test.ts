import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { startApi, type TestApi } from '../http/api-client.ts'

/*
 * The official MCP conformance suite (@modelcontextprotocol/conformance) against /mcp, each scenario
 * that applies to a server of read-only tools, at each protocol revision it belongs to: the 2025
 * ones run over the `initialize` handshake, 2026-07-28 statelessly. The few checks that need the
 * suite's own reference server (its diagnostic tools, prompts or resources) are listed with their
 * reason in conformance/expected-failures.yaml; the README says which scenarios are left out and
 * why. The suite runs under a guard that refuses any connection off this machine, so a pass also
 * shows it downloaded nothing.
 */

const run = promisify(execFile)
const SUITE = resolve(
  import.meta.dirname,
  '../../node_modules/@modelcontextprotocol/conformance/dist/index.js',
)
const EXPECTED_FAILURES = resolve(import.meta.dirname, 'conformance/expected-failures.yaml')
const LOOPBACK_ONLY = resolve(import.meta.dirname, 'conformance/loopback-only.ts')

/** Scenario and the revisions it is run at. */
const SCENARIOS: [string, string[]][] = [
  ['server-initialize', ['2025-06-18', '2025-11-25']],
  ['ping', ['2025-06-18', '2025-11-25']],
  ['tools-list', ['2025-06-18', '2025-11-25', '2026-07-28']],
  // At 2026-07-28 this is concurrent POSTs; at 2025-11-25 it asks for session streams (see README).
  ['server-sse-multiple-streams', ['2026-07-28']],
  ['dns-rebinding-protection', ['2025-11-25', '2026-07-28']],
  ['server-stateless', ['2026-07-28']],
  ['http-header-validation', ['2026-07-28']],
  ['caching', ['2026-07-28']],
]

/** A port free now, so that PUBLIC_URL (and so the allowed origin) can name it before listening. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const address = probe.address()
  await new Promise((done) => probe.close(done))
  assert.ok(address && typeof address === 'object')
  return address.port
}

describe('the official MCP conformance suite', () => {
  let api: TestApi
  let url: string
  let workDir: string
  before(async () => {
    const port = await freePort()
    // The suite's DNS-rebinding scenario calls as a page on localhost would: the site's origin.
    api = await startApi({
      env: {
        PUBLIC_URL: `http://localhost:${port}`,
        RATE_LIMIT_MAX: '100000',
        // The suite sends its requests as fast as it can; a busy shared machine must not 503 them.
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      },
    })
    await api.app.listen({ port, host: '127.0.0.1' })
    url = `http://localhost:${port}/mcp`
    // The suite writes its results under its working directory.
    workDir = await mkdtemp(join(tmpdir(), 'mcp-conformance-'))
  })
  after(async () => {
    await api?.close()
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  for (const [scenario, revisions] of SCENARIOS) {
    for (const revision of revisions) {
      test(`${scenario} at ${revision}`, async () => {
        const args = [
          ...['--import', LOOPBACK_ONLY, SUITE, 'server', '--url', url],
          ...['--scenario', scenario, '--spec-version', revision],
          ...['--expected-failures', EXPECTED_FAILURES],
        ]
        const outcome = await run(process.execPath, args, {
          cwd: workDir,
          timeout: 60_000,
          env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
        }).then(
          ({ stdout }) => ({ ok: true, output: stdout }),
          (error: { stdout?: string; stderr?: string }) => ({
            ok: false,
            output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
          }),
        )
        assert.ok(outcome.ok, `the suite failed ${scenario} at ${revision}:\n${outcome.output}`)
        assert.doesNotMatch(outcome.output, /not this machine/)
        assert.match(outcome.output, new RegExp(`${scenario}`))
      })
    }
  }
})
