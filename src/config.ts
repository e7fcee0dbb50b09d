import { findPackageJSON } from 'node:module'
import { isIP } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { isTimeZone } from './domain/calendar-date.ts'
import {
  type ObservabilityConfig,
  observabilityConfig,
} from './observability/observability-config.ts'

/** Settings read once at start-up from the environment; nothing reads `process.env` later. */
export type Config = {
  port: number
  host: string
  /** The site's address without a trailing slash; the API is at `${publicUrl}/api/agent`. */
  publicUrl: string
  /** Whether PUBLIC_URL was set, rather than defaulting to this machine's own address. */
  publicUrlSet: boolean
  dataDir: string
  /** Loaded into an empty database on first start. */
  fleetFile: string
  timeZone: string
  rateLimitMax: number
  rateLimitWindowSeconds: number
  /** Booking confirmations per client per minute on the website; apart from the API's limit. */
  bookingRateLimitMax: number
  quoteTtlMinutes: number
  bookingHorizonDays: number
  maxRentalDays: number
  logLevel: string
  /**
   * The folder served at /images/: vehicle images in its `vehicles/`, and the company's logo when
   * the fleet file names a file.
   */
  imagesDir: string
  /** PostgreSQL, shared by every instance; without it, the embedded SQLite in DATA_DIR. */
  databaseUrl: string | undefined
  /** Redis holding the shared rate-limit counts; without it, each instance counts in memory. */
  redisUrl: string | undefined
  /** Put before every Redis key, so deployments (or test runs) sharing one Redis keep apart. */
  redisKeyPrefix: string
  /** Proxies whose X-Forwarded-For is believed: addresses or CIDRs. Empty: nobody's. */
  trustedProxies: string[]
  /** Signs the booking form's cookie; shared by instances so a form from one posts to another. */
  cookieSecret: string | undefined
  /**
   * Browser origins allowed to call /mcp (DNS-rebinding protection). Requests without an Origin
   * header (agents outside a browser) are not affected.
   */
  mcpAllowedOrigins: string[]
  /**
   * Host names /mcp answers to (DNS-rebinding protection: a page on another site that made its
   * name resolve to this server sends that name as Host). Without the port.
   */
  mcpAllowedHosts: string[]
  /** How often a running instance asks the store whether a fleet import changed the catalogue. */
  fleetCheckSeconds: number
  /**
   * How long (ms) requests may wait behind the event loop before a backlog of them is refused with
   * a 503 instead of queueing (see src/http/overload.ts); 0 turns the check off.
   */
  overloadMaxEventLoopDelayMs: number
  /** The mail server booking emails are sent through; without it they are written as .eml files. */
  smtpUrl: string | undefined
  /** The emails' sender; by default the company's own address from the fleet file. */
  mailFrom: string | undefined
  /** Where booking events are posted, signed (Standard Webhooks); none without it. */
  webhookUrl: string | undefined
  /** The webhooks' signing secret, `whsec_` and base64; required with WEBHOOK_URL. */
  webhookSecret: string | undefined
  /** The first retry of a message not delivered, in seconds; each next one waits twice as long. */
  outboxRetrySeconds: number
  /**
   * How long a request may take to arrive whole, headers and body, in seconds; a request still
   * trickling in then is answered 408 and its connection closed.
   */
  requestTimeoutSeconds: number
} & ObservabilityConfig

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`${variable} ${problem}`)
    this.name = 'ConfigError'
  }
}

/**
 * Requests waiting 100 ms each behind the loop wait a hundred times longer than one takes: answers
 * are already late, and queueing more only makes every one of them later.
 */
export const DEFAULT_OVERLOAD_MAX_EVENT_LOOP_DELAY_MS = 100

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
/**
 * The project's folder, found through its package.json rather than from this file's place: the
 * same whether the sources run or their build in dist/ does.
 */
const PROJECT_DIR = dirname(findPackageJSON(import.meta.url) as string)
export const DEMO_FLEET_FILE = resolve(PROJECT_DIR, 'fleets/demo-fleet.yaml')
/** The demo company's images, shipped with the service. */
export const PUBLIC_IMAGES_DIR = resolve(PROJECT_DIR, 'public/images')

/**
 * Settings earlier versions read that now come from elsewhere: a start-up that finds one set says
 * where it went rather than ignoring it silently.
 */
const RETIRED: Record<string, string> = {
  CONTACT_EMAIL: "the contact address is the fleet file's company.email",
  LEGAL_INFO_URL: "the terms are the fleet file's company.terms_url",
}

/** A line for each retired setting that is still set, to be logged at start-up. */
export function retiredSettings(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(RETIRED)
    .filter(([variable]) => env[variable])
    .map(([variable, moved]) => `${variable} is no longer read: ${moved}`)
}

/**
 * The configuration of a process other than the service (an operator's command, the MCP stdio
 * server) against the time zone the service recorded at its last start: taken when the process's
 * environment sets no TIME_ZONE (`taken`: a cron job's cancellation email said NZ time for an
 * Australian company, a stdio quote a London company's deadline), kept and said when it sets
 * another (`differs`). With no zone recorded (the service has not started on this database yet)
 * and none set, the default is used and said (`unknown`): a London company's first cancellation,
 * made before its first start, was emailed in NZ time without a word.
 */
export function inServiceZone(
  config: Config,
  serviceZone: string | null,
  env: NodeJS.ProcessEnv = process.env,
): { config: Config; taken?: string; differs?: string; unknown?: string } {
  if (serviceZone === null && !env.TIME_ZONE) {
    return {
      config,
      unknown: `no time zone is recorded for this database yet (the service records its TIME_ZONE when it starts) and TIME_ZONE is not set here, so times are in ${config.timeZone}, the default; set TIME_ZONE to the company's zone`,
    }
  }
  if (serviceZone === null || serviceZone === config.timeZone) return { config }
  if (!env.TIME_ZONE) return { config: { ...config, timeZone: serviceZone }, taken: serviceZone }
  return {
    config,
    differs: `TIME_ZONE ${config.timeZone} is not the service's (${serviceZone}, as it last started)`,
  }
}

/** Reads and checks every setting; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env, 'PORT', 3000, 1, 65535)
  const timeZone = env.TIME_ZONE || 'Pacific/Auckland'
  if (!isTimeZone(timeZone)) {
    throw new ConfigError(
      'TIME_ZONE',
      `must be an IANA time zone such as Pacific/Auckland; got "${timeZone}"`,
    )
  }
  const logLevel = env.LOG_LEVEL || 'info'
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}; got "${logLevel}"`)
  }
  const site = publicUrl(env.PUBLIC_URL || `http://localhost:${port}`)
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl: site,
    publicUrlSet: Boolean(env.PUBLIC_URL),
    dataDir: resolve(env.DATA_DIR || 'data'),
    fleetFile: resolve(env.FLEET_FILE || DEMO_FLEET_FILE),
    timeZone,
    rateLimitMax: integer(env, 'RATE_LIMIT_MAX', 100, 1, 1_000_000_000),
    rateLimitWindowSeconds: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
    bookingRateLimitMax: integer(env, 'BOOKING_RATE_LIMIT_MAX', 10, 1, 1_000_000_000),
    quoteTtlMinutes: integer(env, 'QUOTE_TTL_MINUTES', 30, 1, 10_080),
    bookingHorizonDays: integer(env, 'BOOKING_HORIZON_DAYS', 548, 1, 3_650),
    maxRentalDays: integer(env, 'MAX_RENTAL_DAYS', 90, 1, 365),
    logLevel,
    imagesDir: resolve(env.IMAGES_DIR || PUBLIC_IMAGES_DIR),
    databaseUrl: databaseUrl(env),
    redisUrl: serviceUrl(env, 'REDIS_URL', ['redis:', 'rediss:'], 'redis://cache.internal:6379'),
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'rental-agent:',
    trustedProxies: trustedProxies(env.TRUSTED_PROXIES),
    cookieSecret: cookieSecret(env.COOKIE_SECRET),
    mcpAllowedOrigins: allowedOrigins(env.MCP_ALLOWED_ORIGINS, new URL(site).origin),
    mcpAllowedHosts: allowedHosts(env.MCP_ALLOWED_HOSTS, new URL(site).hostname),
    fleetCheckSeconds: integer(env, 'FLEET_CHECK_SECONDS', 5, 1, 3_600),
    overloadMaxEventLoopDelayMs: integer(
      env,
      'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS',
      DEFAULT_OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      0,
      60_000,
    ),
    smtpUrl: serviceUrl(env, 'SMTP_URL', ['smtp:', 'smtps:'], 'smtp://mail.internal:587'),
    mailFrom: mailFrom(env.MAIL_FROM),
    ...webhook(env),
    outboxRetrySeconds: integer(env, 'OUTBOX_RETRY_SECONDS', 15, 1, 3_600),
    requestTimeoutSeconds: integer(env, 'REQUEST_TIMEOUT_SECONDS', 15, 1, 600),
    ...observabilityConfig(env),
  }
}

/** `bookings@rentals.example.com` or `Southern Alps Campers <bookings@rentals.example.com>`. */
function mailFrom(text: string | undefined): string | undefined {
  if (!text) return undefined
  if (
    !/^([^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/.test(
      text.trim(),
    )
  ) {
    throw new ConfigError(
      'MAIL_FROM',
      `must be an email address, or a name and an address in angle brackets, such as Southern Alps Campers <bookings@alpscampers.example.com>; got "${text}"`,
    )
  }
  return text.trim()
}

function webhook(env: NodeJS.ProcessEnv): {
  webhookUrl: string | undefined
  webhookSecret: string | undefined
} {
  const url = env.WEBHOOK_URL ? absoluteUrl('WEBHOOK_URL', env.WEBHOOK_URL) : undefined
  const secret = env.WEBHOOK_SECRET || undefined
  if (secret !== undefined && !/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/.test(secret)) {
    throw new ConfigError(
      'WEBHOOK_SECRET',
      'must be whsec_ followed by at least 24 random bytes in base64 (for example: echo "whsec_$(openssl rand -base64 32)")',
    )
  }
  if (url && !secret) {
    throw new ConfigError(
      'WEBHOOK_SECRET',
      'must be set with WEBHOOK_URL: every event is signed with it (whsec_ and base64)',
    )
  }
  return { webhookUrl: url, webhookSecret: url ? secret : undefined }
}

/** `https://chat.example.com, http://localhost:6274`: origins as a browser sends them. */
function allowedOrigins(text: string | undefined, siteOrigin: string): string[] {
  if (!text) return [siteOrigin]
  return text.split(',').map((item) => {
    const entry = item.trim()
    const url = URL.parse(entry)
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== entry) {
      throw new ConfigError(
        'MCP_ALLOWED_ORIGINS',
        `must list origins (scheme://host[:port], no path) separated by commas, such as https://chat.example.com,http://localhost:6274; got "${text}", in which "${entry}" is not one`,
      )
    }
    return entry
  })
}

/** The names a local client reaches this machine by, always allowed as Host. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']
const HOST_NAME =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/i

/** `rentals.example.com, rentals.internal`: host names, without scheme or port. */
function allowedHosts(text: string | undefined, siteHost: string): string[] {
  if (!text) return [...new Set([siteHost.toLowerCase(), ...LOOPBACK_HOSTS])]
  const hosts = text.split(',').map((item) => {
    const entry = item.trim().toLowerCase()
    if (!HOST_NAME.test(entry)) {
      throw new ConfigError(
        'MCP_ALLOWED_HOSTS',
        `must list host names without scheme or port, separated by commas, such as rentals.example.com,rentals.internal; got "${text}", in which "${item.trim()}" is not one`,
      )
    }
    return entry
  })
  return [...new Set([...hosts, ...LOOPBACK_HOSTS])]
}

function serviceUrl(
  env: NodeJS.ProcessEnv,
  variable: string,
  protocols: string[],
  example: string,
): string | undefined {
  const text = env[variable]
  if (!text) return undefined
  const url = URL.parse(text)
  if (!url || !protocols.includes(url.protocol)) {
    throw new ConfigError(
      variable,
      `must be a ${protocols[0]}// URL such as ${example}; got "${shownUrl(text)}"`,
    )
  }
  return text
}

/**
 * DATABASE_URL, naming its database: without a name PostgreSQL takes the one named after the
 * user, which is `postgres`, the server's own, and the company's tables were made there.
 */
function databaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const example = 'postgres://user@db.internal:5432/rentals'
  const text = serviceUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:'], example)
  if (text === undefined) return undefined
  if (new URL(text).pathname.replace(/^\//, '') === '') {
    throw new ConfigError(
      'DATABASE_URL',
      `names no database; add its name after the server, such as ${example} (without one, PostgreSQL takes the database named after the user); got "${shownUrl(text)}"`,
    )
  }
  return text
}

/** Where emails are written as .eml files when no SMTP_URL is set. */
export function outboxDir(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'outbox')
}

/**
 * A URL as an error may repeat it: a password in it, and every value of its query (where
 * `?password=` may be), is not repeated in logs.
 */
function shownUrl(text: string): string {
  const url = URL.parse(text)
  if (!url) {
    return text.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@').replace(/([?&][^=&#]*=)[^&#]*/g, '$1***')
  }
  // Without a secret, as typed (the URL class would add a slash, say).
  if (!url.password && !url.search) return text
  if (url.password) url.password = '***'
  for (const name of new Set(url.searchParams.keys())) url.searchParams.set(name, '***')
  return url.toString()
}

/** `10.0.0.5, 10.1.0.0/16, ::1`: each an IP address or a CIDR block. */
function trustedProxies(text: string | undefined): string[] {
  if (!text) return []
  return text.split(',').map((item) => {
    const entry = item.trim()
    const [address = '', prefix, ...rest] = entry.split('/')
    const version = isIP(address)
    const maxPrefix = version === 6 ? 128 : 32
    const prefixOk =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix)
    if (version === 0 || !prefixOk || rest.length > 0) {
      throw new ConfigError(
        'TRUSTED_PROXIES',
        `must list IP addresses or CIDR blocks separated by commas, such as 10.0.0.5,10.1.0.0/16; got "${text}", in which "${entry}" is neither`,
      )
    }
    return entry
  })
}

function cookieSecret(text: string | undefined): string | undefined {
  if (!text) return undefined
  if (text.length < 32) {
    throw new ConfigError(
      'COOKIE_SECRET',
      'must be at least 32 characters (for example: openssl rand -base64 32)',
    )
  }
  return text
}

function integer(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const text = env[name]
  if (text === undefined || text === '') return fallback
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max}; got "${text}"`)
  }
  return Number(text)
}

function absoluteUrl(variable: string, text: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new ConfigError(
      variable,
      `must be an absolute http(s) URL such as https://rentals.example.com; got "${text}"`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(variable, `must start with http:// or https://; got "${text}"`)
  }
  return url.href
}

function publicUrl(text: string): string {
  const url = new URL(absoluteUrl('PUBLIC_URL', text))
  if (url.search || url.hash) {
    throw new ConfigError('PUBLIC_URL', `must not have a query or fragment; got "${text}"`)
  }
  return url.href.replace(/\/+$/, '')
}
