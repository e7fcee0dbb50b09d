import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { after, describe, test } from 'node:test'
import { buildTestApp } from '../helpers/test-app.ts'
import { REDIS_URL, runKeyPrefix, testNeeding } from '../instances/prerequisites.ts'
import { parseExposition } from '../observability/exposition.ts'

/*
 * What deploy/ gives an operator works as written: Prometheus's configuration and alert rules
 * pass `promtool check config`, `check rules` and the rules' own unit tests (`promtool test
 * rules`), and every metric they name is one the service serves; systemd accepts the units and
 * nginx its configuration; the environment file sets only documented variables.
 */

const PROJECT = resolve(import.meta.dirname, '../..')
const DEPLOY = join(PROJECT, 'deploy')
const PROMETHEUS = join(DEPLOY, 'prometheus')
const IN_CI = ['true', '1', 'yes'].includes((process.env.CI ?? '').toLowerCase())

type Run = { code: number; output: string }

function run(command: string, args: string[], cwd = PROJECT): Promise<Run | undefined> {
  return new Promise((done) => {
    execFile(command, args, { cwd, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
        done(undefined)
        return
      }
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
      done({ code, output: `${stdout}${stderr}` })
    })
  })
}

const hasPromtool = (await run('promtool', ['--version'])) !== undefined
const promtoolSkip =
  hasPromtool || IN_CI
    ? false
    : "promtool is not installed (Debian's prometheus package has it: apt-get install prometheus; .ci/run installs it)"

describe('Prometheus', () => {
  test('promtool check config: the scrape configuration', { skip: promtoolSkip }, async () => {
    const result = await run('promtool', ['check', 'config', 'prometheus.yml'], PROMETHEUS)
    assert.ok(result, 'promtool is not installed')
    assert.equal(result.code, 0, result.output)
    assert.match(result.output, /SUCCESS: prometheus\.yml is valid/)
  })

  test('promtool check rules: the alert rules', { skip: promtoolSkip }, async () => {
    const result = await run('promtool', ['check', 'rules', 'alert-rules.yml'], PROMETHEUS)
    assert.ok(result, 'promtool is not installed')
    assert.equal(result.code, 0, result.output)
    assert.match(result.output, /SUCCESS: 8 rules found/)
  })

  test('promtool test rules: each alert fires when it should, not before', {
    skip: promtoolSkip,
  }, async () => {
    const result = await run('promtool', ['test', 'rules', 'alert-rules.test.yml'], PROMETHEUS)
    assert.ok(result, 'promtool is not installed')
    assert.equal(result.code, 0, result.output)
    assert.match(result.output, /SUCCESS/)
  })

  test('the alert rules cover the 5xx rate, the p99, the outbox backlog and readiness', () => {
    const rules = readFileSync(join(PROMETHEUS, 'alert-rules.yml'), 'utf8')
    for (const alert of [
      'RentalAgentHigh5xxRate',
      'RentalAgentSlowAnswers',
      'RentalAgentOutboxBacklog',
      'RentalAgentNotReady',
    ]) {
      assert.match(rules, new RegExp(`- alert: ${alert}\\n`))
    }
  })

  // With Redis, as the rules are for it too (rental_rate_limit_shared is served only then).
  testNeeding(['Redis'], 'every metric the rules name is one the service serves', async () => {
    const rules = readFileSync(join(PROMETHEUS, 'alert-rules.yml'), 'utf8')
    const expressions = [...rules.matchAll(/expr: (\|\n(?:\s{10}.*\n)+|.*)/g)].map(
      (match) => match[1] ?? '',
    )
    const named = new Set(
      expressions
        .flatMap((expression) => [
          ...expression.matchAll(/\b(rental_[a-z_]+|http_request_[a-z_]+)/g),
        ])
        .map((match) => match[1] as string),
    )
    assert.ok(named.size >= 6, [...named].join(', '))
    const service = await buildTestApp({
      env: {
        METRICS_TOKEN: 'deploy-test-token-0123456789',
        REDIS_URL,
        REDIS_KEY_PREFIX: runKeyPrefix(),
      },
    })
    try {
      // A request, so that the request histogram has a series.
      await service.app.inject('/api/agent/depots')
      const scraped = await service.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer deploy-test-token-0123456789' },
      })
      const served = new Set(parseExposition(scraped.body).map((sample) => sample.name))
      for (const name of named) assert.ok(served.has(name), `${name} is not served`)
    } finally {
      await service.close()
    }
  })
})

describe('systemd and nginx', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'rental-deploy-'))
  after(() => rmSync(scratch, { recursive: true, force: true }))

  test('systemd-analyze verify accepts the units', async (t) => {
    const units = [
      'rental-agent.service',
      'rental-agent-backup.service',
      'rental-agent-backup.timer',
    ]
    // The units name the project's place on a server, /opt/rental-agent; here it is this checkout.
    for (const unit of units) {
      const text = readFileSync(join(DEPLOY, unit), 'utf8').replaceAll('/opt/rental-agent', PROJECT)
      writeFileSync(join(scratch, unit), text)
    }
    const result = await run(
      'systemd-analyze',
      ['verify', '--man=no', ...units.map((unit) => `./${unit}`)],
      scratch,
    )
    if (!result) {
      t.skip('systemd-analyze is not installed')
      return
    }
    assert.equal(result.code, 0, result.output)
    assert.equal(result.output.trim(), '', 'systemd has something to say about the units')
  })

  test('the unit runs what npm start runs: the build, with the same Node flags', () => {
    const unit = readFileSync(join(DEPLOY, 'rental-agent.service'), 'utf8')
    const start = JSON.parse(readFileSync(join(PROJECT, 'package.json'), 'utf8')).scripts
      .start as string
    // `exec`: the shell npm runs the script in becomes node, so npm's SIGTERM reaches it.
    const [exec, node, ...words] = start.split(/\s+/)
    assert.equal(exec, 'exec')
    assert.equal(node, 'node')
    const flags = words.filter((word) => word.startsWith('--'))
    const [command, ...args] = words.filter((word) => !word.startsWith('--'))
    assert.ok(flags.length > 0)
    assert.equal(command, 'dist/bin/rental-agent.js')
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1]
    assert.equal(
      execStart,
      [
        '/opt/rental-agent/node_modules/.bin/node',
        ...flags,
        `/opt/rental-agent/${command}`,
        ...args,
      ].join(' '),
    )
    // The operator's commands and the nightly backup run the same build.
    for (const file of ['rental-agent', 'rental-agent-backup.service']) {
      assert.match(
        readFileSync(join(DEPLOY, file), 'utf8'),
        /\/opt\/rental-agent\/dist\/bin\/rental-agent\.js /,
      )
    }
  })

  test("the operator's wrapper is a valid shell script", async () => {
    const result = await run('sh', ['-n', join(DEPLOY, 'rental-agent')])
    assert.ok(result)
    assert.equal(result.code, 0, result.output)
  })

  test('nginx -t accepts the configuration', async (t) => {
    const conf = join(scratch, 'nginx')
    mkdirSync(join(conf, 'logs'), { recursive: true })
    const keyPair = await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=rentals.example.com',
      '-keyout',
      join(conf, 'key.pem'),
      '-out',
      join(conf, 'cert.pem'),
    ])
    const site = readFileSync(join(DEPLOY, 'nginx.conf'), 'utf8')
      .replace('/etc/letsencrypt/live/rentals.example.com/fullchain.pem', join(conf, 'cert.pem'))
      .replace('/etc/letsencrypt/live/rentals.example.com/privkey.pem', join(conf, 'key.pem'))
    writeFileSync(join(conf, 'site.conf'), site)
    writeFileSync(
      join(conf, 'nginx.conf'),
      `pid ${conf}/nginx.pid;\nerror_log ${conf}/logs/error.log;\nevents {}\nhttp {\n  access_log off;\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${conf}/${kind};`).join('\n')}\n  include ${conf}/site.conf;\n}\n`,
    )
    const result =
      keyPair && (await run('nginx', ['-t', '-c', join(conf, 'nginx.conf'), '-p', conf]))
    if (!result) {
      t.skip('nginx (or openssl) is not installed')
      return
    }
    assert.equal(result.code, 0, result.output)
    assert.match(result.output, /test is successful/)
  })
})

describe('the environment file', () => {
  test('sets only variables the README documents', () => {
    const readme = readFileSync(join(PROJECT, 'README.md'), 'utf8')
    const env = readFileSync(join(DEPLOY, 'rental-agent.env'), 'utf8')
    const variables = [...env.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map(
      (match) => match[1] as string,
    )
    assert.ok(variables.length > 10)
    for (const variable of variables) {
      assert.ok(readme.includes(`\`${variable}\``), `${variable} is not in the README`)
    }
  })
})
