/*
 * What an operator reads when the embedded database cannot be opened in DATA_DIR, by cause, as
 * src/store/postgres/connect-failure.ts says it for DATABASE_URL: every command that opens the
 * store says it the same way (through StoreUnavailableError's operator message).
 */

/** The sentence naming DATA_DIR and the cause; undefined for any other failure. */
export function openFailureMessage(error: unknown, dataDir: string): string | undefined {
  const why = systemReason(error) ?? sqliteReason(error)
  if (why === undefined) return undefined
  return `DATA_DIR ${dataDir} cannot hold the database: ${why}; set DATA_DIR to a folder this user can write`
}

/** The folder's creation refused, by the system's error code. */
function systemReason(error: unknown): string | undefined {
  switch ((error as { code?: unknown } | null)?.code) {
    case 'ENOTDIR':
    case 'EEXIST':
      return 'a file is in the way of the folder'
    case 'EACCES':
    case 'EPERM':
      return 'this user may not write there'
    case 'EROFS':
      return 'it is on a read-only file system'
    case 'ENOSPC':
      return 'the disk is full'
    default:
      return undefined
  }
}

/**
 * SQLite's own refusal to open or write its file (a folder this user may not write in passes the
 * folder's creation, then SQLite cannot create the file), by its result code.
 */
function sqliteReason(error: unknown): string | undefined {
  const sqlite = error as { code?: unknown; errcode?: unknown } | null
  if (sqlite?.code !== 'ERR_SQLITE_ERROR') return undefined
  switch (sqlite.errcode) {
    case 14: // SQLITE_CANTOPEN
      return 'SQLite cannot open or create rental.db there (this user may not write in the folder, or rental.db is not a file)'
    case 8: // SQLITE_READONLY
      return 'rental.db there is read-only for this user (copied in by another user, root say: give it to this user with chown)'
    case 13: // SQLITE_FULL
      return 'the disk is full'
    default:
      return undefined
  }
}
