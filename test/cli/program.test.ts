import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, test } from 'node:test'
import type { Command } from 'commander'
import { buildProgram } from '../../src/cli/program.ts'
import { DEMO_FLEET, runCommand, sqliteTarget } from './cli-runner.ts'

const PROJECT_DIR = resolve(import.meta.dirname, '../..')

/** Every command and subcommand, with its full name. */
function allCommands(command: Command, prefix = ''): [string, Command][] {
  const name = `${prefix}${command.name()}`
  return [[name, command], ...command.commands.flatMap((sub) => allCommands(sub, `${name} `))]
}

describe('the rental-agent command line', () => {
  const commands = allCommands(buildProgram())

  test('has the commands of the operator', () => {
    assert.deepEqual(
      commands.map(([name]) => name),
      [
        'rental-agent',
        'rental-agent serve',
        'rental-agent mcp',
        'rental-agent mcp manifest',
        'rental-agent fleet',
        'rental-agent fleet validate',
        'rental-agent fleet import',
        'rental-agent fleet export',
        'rental-agent fleet schema',
        'rental-agent bookings',
        'rental-agent bookings list',
        'rental-agent bookings cancel',
        'rental-agent bookings export',
        'rental-agent bookings import',
        'rental-agent bookings stats',
        'rental-agent outbox',
        'rental-agent outbox list',
        'rental-agent backup',
      ],
    )
  })

  for (const [name, command] of commands) {
    test(`${name} --help says what it does and how to call it`, () => {
      const help = command.helpInformation()
      assert.ok(help.startsWith(`Usage: ${name}`), help)
      assert.ok(command.description().length > 20, `${name} has a description`)
      assert.match(help, /-h, --help/)
    })
  }

  test('--help runs from the real command, exit code 0', async () => {
    const run = await runCommand(undefined, ['fleet', 'import', '--help'])
    assert.equal(run.code, 0)
    assert.match(run.stdout, /^Usage: rental-agent fleet import \[options\] <file>/)
    assert.match(run.stdout, /--dry-run/)
  })

  test('a mistyped command is a usage error, exit code 2, with a suggestion', async () => {
    const run = await runCommand(undefined, ['bookings', 'lst'])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /unknown command 'lst'/)
    assert.match(run.stderr, /Did you mean list\?/)
  })

  test('is the package bin, and npm start runs rental-agent serve', () => {
    const pkg = JSON.parse(readFileSync(resolve(PROJECT_DIR, 'package.json'), 'utf8'))
    assert.deepEqual(pkg.bin, { 'rental-agent': 'bin/rental-agent.ts' })
    // Its build, with the young generation bounded, exec'd so that npm's SIGTERM reaches it, as
    // README "Run and test" explains.
    assert.equal(
      pkg.scripts.start,
      'exec node --max-semi-space-size=8 dist/bin/rental-agent.js serve',
    )
    assert.match(
      readFileSync(resolve(PROJECT_DIR, 'bin/rental-agent.ts'), 'utf8'),
      /^#!\/usr\/bin\/env node\n/,
    )
  })

  test('npx rental-agent runs it from the repository', { timeout: 60_000 }, async () => {
    const stdout = await new Promise<string>((done, fail) => {
      execFile(
        'npx',
        ['--offline', 'rental-agent', '--help'],
        { cwd: PROJECT_DIR },
        (error, out) => (error ? fail(error) : done(out)),
      )
    })
    assert.match(stdout, /^Usage: rental-agent \[options\] \[command\]/)
  })
})

describe('a reader that closes the pipe early', () => {
  test('does not turn an import that committed into a crash: exit 0, no stack trace, the fleet in', async () => {
    const target = sqliteTarget()
    try {
      const child = spawn(
        process.execPath,
        ['bin/rental-agent.ts', 'fleet', 'import', DEMO_FLEET],
        {
          cwd: PROJECT_DIR,
          env: { ...process.env, ...target.env },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
      // As `| head -0` would: the pipe is closed before the command prints anything.
      child.stdout.destroy()
      let stderr = ''
      child.stderr.on('data', (chunk) => {
        stderr += chunk
      })
      const [code] = await once(child, 'close')
      assert.equal(stderr, '')
      assert.equal(code, 0)
      const listed = await runCommand(target, ['bookings', 'list'])
      assert.equal(listed.code, 0)
      assert.match(listed.stdout, /booking\(s\)/)
    } finally {
      await target.close()
    }
  })
})
