import { Command, CommanderError } from 'commander'
import { backupCommand } from './backup-command.ts'
import { bookingsCommand } from './bookings-command.ts'
import { failureMessage } from './cli-support.ts'
import { fleetCommand } from './fleet-command.ts'
import { mcpCommand } from './mcp-command.ts'
import { outboxCommand } from './outbox-command.ts'
import { serveCommand } from './serve-command.ts'

/**
 * The operator's commands. Adding one is a file that exports a function returning its
 * commander `Command`, and one line here.
 */
const COMMANDS: (() => Command)[] = [
  serveCommand,
  mcpCommand,
  fleetCommand,
  bookingsCommand,
  outboxCommand,
  backupCommand,
]

/** `rental-agent`, with `--help` on every command and subcommand. */
export function buildProgram(): Command {
  const program = new Command('rental-agent')
    .description(
      'Run the vehicle rental agent service and manage its fleet and bookings. Every command acts on the database the service uses, as its environment names it (DATA_DIR or DATABASE_URL).',
    )
    .version(process.env.npm_package_version ?? '1.0.0')
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
  for (const command of COMMANDS) program.addCommand(command())
  // Subcommands inherit neither setting from the program.
  const configure = (command: Command) => {
    command.exitOverride().showHelpAfterError('(add --help for usage)')
    command.commands.forEach(configure)
  }
  program.commands.forEach(configure)
  return program
}

/**
 * Runs the command line and returns the exit code: 0 done, 1 refused or failed (the reason on
 * standard error), 2 a usage error.
 */
export async function runCli(argv: string[]): Promise<number> {
  ignoreClosedOutput()
  try {
    await buildProgram().parseAsync(argv)
    return 0
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed the usage error or the help it was asked for.
      return error.exitCode === 0 ? 0 : 2
    }
    process.stderr.write(`${failureMessage(error)}\n`)
    return 1
  }
}

/**
 * A reader that stops early (`rental-agent fleet import ... | head -1`) closes the pipe: what the
 * command still prints is dropped, not a crash. By then the work is done (or not), and the exit
 * code says which: an import that had committed exited 1 with a stack trace, read as "nothing
 * changed".
 */
function ignoreClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.listenerCount('error') > 0) continue
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error
    })
  }
}
