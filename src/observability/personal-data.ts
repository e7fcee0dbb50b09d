import { managePath } from '../presenters/site-links.ts'

/*
 * Keeps travellers' personal data (names, email addresses, phone numbers) and the keys to it (a
 * booking's manage link) out of the logs and traces. The service never logs a customer on
 * purpose; this is the net under that rule, for what a library or a driver puts in an error
 * (PostgreSQL's "Failing row contains (...)" lists the row's values, a mail server's refusal
 * quotes the recipient), and for URLs that carry a manage token.
 */

/** An address, also percent-encoded in a URL (`%40`). */
const EMAIL = /[^\s@<>()[\]"',;:/?&=]+(?:@|%40)[^\s@<>()[\]"',;:/?&=]+\.[A-Za-z]{2,}/g
/** `+64 21 555 0101`, `+1 (555) 010-2030`: a plus and 7 to 15 digits. */
const INTERNATIONAL_PHONE = /(?<![\w+])\+\d(?:[ ().-]{0,2}\d){6,14}(?![\w])/g
/** `021 555 0101`, `(03) 555-1234`: a leading 0 and 7 to 15 digits, as New Zealand writes them. */
const NATIONAL_PHONE = /(?<![\w.:/-])\(?0\d(?:[ ().-]{0,2}\d){5,13}(?![\w:])/g
/** PostgreSQL's detail of a constraint violation lists every value of the row. */
const FAILING_ROW = /(Failing row contains )\([^\n]*\)/g
const MANAGE_PREFIX = managePath('')
const MANAGE_TOKEN = new RegExp(`(${MANAGE_PREFIX.replaceAll('/', '\\/')})[^/?#\\s]+`, 'g')

/** What any of the above needs: most log lines have none of it, and are returned at once. */
const SUSPECT = /@|%40|Failing row|\/book\/manage\/|\d(?:[ ().-]{0,2}\d){5}/

/** Text with email addresses, phone numbers, manage tokens and listed row values taken out. */
export function scrubText(text: string): string {
  if (!SUSPECT.test(text)) return text
  return text
    .replace(FAILING_ROW, '$1([values not logged])')
    .replace(MANAGE_TOKEN, '$1[token]')
    .replace(EMAIL, '[email]')
    .replace(INTERNATIONAL_PHONE, '[phone]')
    .replace(NATIONAL_PHONE, '[phone]')
}

/** The URL as it may be logged: a manage link's token and anything like an address taken out. */
export function loggableUrl(url: string): string {
  return scrubText(url)
}

/** The path of a request URL, without its query. */
export function pathOf(url: string): string {
  const query = url.indexOf('?')
  return query === -1 ? url : url.slice(0, query)
}

/**
 * Keys whose values are never logged, wherever they appear in a logged object (pino's `redact`).
 * A customer is always logged as `[redacted]`, as are credentials a header may carry.
 */
export const REDACTED_PATHS = [
  'customer',
  '*.customer',
  '*.*.customer',
  'fullName',
  '*.fullName',
  'full_name',
  '*.full_name',
  'email',
  '*.email',
  'phone',
  '*.phone',
  'to',
  '*.to',
  'replyTo',
  '*.replyTo',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
]

/** Fields of a driver's error worth logging; the rest (a row's values, a server's reply) are not. */
const ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'severity',
  'routine',
  'constraint',
  'table',
  'statusCode',
  'responseCode',
  'command',
] as const

type LoggedError = { type: string; message: string; stack?: string; cause?: LoggedError } & Record<
  string,
  unknown
>

/** Pino's `err` serializer: an error's type, scrubbed message and stack, and a few safe fields. */
export function serializeError(error: unknown, depth = 0): LoggedError | unknown {
  if (!(error instanceof Error)) {
    return typeof error === 'string' ? scrubText(error) : error
  }
  const fields = error as unknown as Record<string, unknown>
  const logged: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message: scrubText(error.message),
  }
  if (error.stack) logged.stack = scrubText(error.stack)
  for (const field of ERROR_FIELDS) {
    const value = fields[field]
    if (typeof value === 'string') logged[field] = scrubText(value)
    else if (typeof value === 'number') logged[field] = value
  }
  if (error.cause !== undefined && depth < 3) {
    logged.cause = serializeError(error.cause, depth + 1) as LoggedError
  }
  return logged
}

type RequestLike = {
  method: string
  url: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}

/** Pino's `req` serializer: Fastify's fields, with the URL as it may be logged. */
export function serializeRequest(request: RequestLike) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/**
 * The service's logger options: the level, the keys never logged, the serializers above, every
 * message text scrubbed, and (with tracing) the active span's ids on every line.
 */
export function privateLoggerOptions(
  level: string,
  traceIds?: () => { trace_id?: string; span_id?: string },
) {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
        for (let index = 0; index < args.length; index++) {
          const arg = args[index]
          if (typeof arg === 'string') args[index] = scrubText(arg)
        }
        method.apply(this, args)
      },
    },
    ...(traceIds ? { mixin: traceIds } : {}),
  }
}
