import { DatabaseError } from 'pg'

/**
 * What an operator reads when PostgreSQL cannot be opened, by cause: the database does not exist,
 * the login was refused, or the server cannot be reached. Each names DATABASE_URL as it was given
 * but without its password. Undefined for any other failure.
 */
export function connectFailureMessage(error: unknown, databaseUrl: string): string | undefined {
  const url = URL.parse(databaseUrl)
  if (!url) return undefined
  const shown = shownUrl(url)
  const server = `${url.hostname || 'localhost'}:${url.port || '5432'}`
  const database =
    decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username) || 'postgres'
  const user = decodeURIComponent(url.username) || 'the current user'
  if (error instanceof DatabaseError) {
    if (error.code === '3D000') {
      return `database "${database}" does not exist on the PostgreSQL server at ${server} (DATABASE_URL ${shown}); create it first, for example: createdb -h ${url.hostname || 'localhost'} -p ${url.port || '5432'}${url.username ? ` -U ${user}` : ''} ${database}`
    }
    if (error.code === '28P01' || error.code === '28000') {
      return `the PostgreSQL server at ${server} refused the login of ${url.username ? `user "${user}"` : user} (DATABASE_URL ${shown}); check the user name and password in DATABASE_URL, and that the server lets this user connect from here (pg_hba.conf)`
    }
    return undefined
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  const message = error instanceof Error ? error.message : ''
  const unreachable =
    [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'ETIMEDOUT',
      'EAI_AGAIN',
      'ECONNRESET',
    ].includes(code ?? '') || /timeout|terminated/i.test(message)
  if (unreachable) {
    return `the PostgreSQL server at ${server} cannot be reached (DATABASE_URL ${shown}${code ? `: ${code}` : ''}); check that it runs and accepts connections at that address`
  }
  return undefined
}

/** The URL without its password. */
/** The URL with its password hidden, whether in the address or in a `password=` parameter. */
function shownUrl(url: URL): string {
  const copy = new URL(url.href)
  if (copy.password) copy.password = '***'
  for (const name of [...copy.searchParams.keys()]) {
    if (/^(password|sslpassword)$/i.test(name)) copy.searchParams.set(name, '***')
  }
  return copy.href.replaceAll('%2A%2A%2A', '***')
}
