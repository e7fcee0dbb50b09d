import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { InvalidArgumentError } from 'commander'
import { type Config, ConfigError, inServiceZone, loadConfig } from '../config.ts'
import { type CalendarDate, parseCalendarDate } from '../domain/calendar-date.ts'
import { DomainError, StoreUnavailableError } from '../domain/errors.ts'
import { FleetFileError } from '../fleet/fleet-file-error.ts'
import { mistypedSettings } from '../mistyped-settings.ts'
import { DATABASE_FILE, openStore } from '../store/open-store.ts'
import { DatabaseNotMadeError, type Store } from '../store/store.ts'

/** A command that cannot do what it was asked; its message is for the operator. Exit code 1. */
export class CommandError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CommandError'
  }
}

/**
 * What a command does when the embedded database does not exist yet: `create` it (a fleet
 * import), refuse (`existing`: a command that reads the bookings or the fleet, or adds bookings to
 * it; an operator whose DATA_DIR is mistyped was told "0 booking(s)", and left a new empty
 * database behind), or read an `empty` one made in memory (a fleet import's dry run: it shows what
 * would be written, and writes nothing, not even the file).
 */
export type MissingDatabase = 'create' | 'existing' | 'empty'

/**
 * Runs `work` on the store the service uses (the same DATA_DIR or DATABASE_URL and the rest of
 * the configuration), and closes it afterwards whatever happens. `tellsTimes`: the command writes
 * times a person reads (a cancellation's email), so a zone that is only the default is said.
 */
export async function withStore<T>(
  work: (store: Store, config: Config) => Promise<T>,
  missing: MissingDatabase = 'create',
  options: { tellsTimes?: boolean } = {},
): Promise<T> {
  const config = loadConfig()
  // A mistyped DATABASE_URL would have the command work on another database without a word.
  for (const line of mistypedSettings(process.env)) process.stderr.write(`Warning: ${line}\n`)
  const file = join(config.dataDir, DATABASE_FILE)
  const absent = !config.databaseUrl && missing !== 'create' && !existsSync(file)
  if (absent && missing === 'existing') {
    throw new CommandError(
      `No database at ${file}: the service makes it, with its fleet, on its first start. Check DATA_DIR (the service's own, where it runs), or set DATABASE_URL if it runs on PostgreSQL.`,
    )
  }
  const store = await openStore(config, absent ? ':memory:' : undefined, {
    existingOnly: missing === 'existing',
  }).catch((error: unknown) => {
    if (!(error instanceof DatabaseNotMadeError)) throw error
    throw new CommandError(
      `The ${describeStore(config)} holds none of the service's tables: the service makes them, with its fleet, on its first start. Check DATABASE_URL (the service's own).`,
    )
  })
  try {
    // A database made but never loaded (a start refused for its fleet file): said as such, not
    // read as a company with no bookings.
    if (missing === 'existing' && !(await store.hasFleet())) {
      throw new CommandError(
        `The ${describeStore(config)} holds no fleet yet: the service loads FLEET_FILE on its first start, or load one with \`rental-agent fleet import FILE\`. Check ${config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR'} (the service's own, where it runs).`,
      )
    }
    return await work(store, await inServiceZoneOf(store, config, options.tellsTimes ?? false))
  } finally {
    await store.close()
  }
}

/** The configuration in the service's time zone when the shell sets none (see inServiceZone). */
async function inServiceZoneOf(store: Store, config: Config, tellsTimes: boolean): Promise<Config> {
  const zoned = inServiceZone(config, await store.serviceTimeZone())
  if (zoned.differs) {
    process.stderr.write(
      `Warning: ${zoned.differs}; times this command writes are in ${zoned.config.timeZone}\n`,
    )
  }
  if (zoned.unknown && tellsTimes) process.stderr.write(`Warning: ${zoned.unknown}\n`)
  return zoned.config
}

/** `SQLite database /var/lib/rentals/rental.db` or `PostgreSQL database rentals at db.internal`. */
export function describeStore(config: Config): string {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl)
    return `PostgreSQL database ${url.pathname.slice(1)} at ${url.hostname}`
  }
  const file = join(config.dataDir, DATABASE_FILE)
  return `SQLite database ${file}${existsSync(file) ? '' : ' (not made yet)'}`
}

/** What an operator reads when a command fails: the cause in a line, never a stack or driver text. */
export function failureMessage(error: unknown): string {
  // A control character from a file or a setting (a terminal's escape sequence) is shown, not obeyed.
  return withoutControlCharacters(operatorText(error))
}

function operatorText(error: unknown): string {
  if (error instanceof FleetFileError) return error.message
  if (error instanceof ConfigError) return `configuration: ${error.message}`
  if (error instanceof StoreUnavailableError) {
    if (error.operatorMessage) return error.operatorMessage
    return 'the database cannot be reached, or refused the change (nothing was changed); check DATA_DIR or DATABASE_URL, and that the database is up'
  }
  if (error instanceof CommandError || error instanceof DomainError) return error.message
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}

/** The text with every C0 and C1 control character but the line break and tab as `\uXXXX`. */
function withoutControlCharacters(text: string): string {
  return text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** An option's whole-number id, such as `--depot 3`; commander reports a bad one as a usage error. */
export function idOption(text: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(text)) {
    throw new InvalidArgumentError('give an id as a whole number such as 3')
  }
  return Number(text)
}

/** An option's calendar date, such as `--from 2027-02-01`. */
export function dateOption(text: string): CalendarDate {
  const date = parseCalendarDate(text)
  if (!date) throw new InvalidArgumentError('give a calendar date as YYYY-MM-DD')
  return date
}
