import { nearestWord } from './domain/edit-distance.ts'

/**
 * Every environment variable the service reads (config.ts, the metrics and the OpenTelemetry
 * settings); a test holds the list to the README's table of settings.
 */
export const SETTINGS = [
  'BOOKING_HORIZON_DAYS',
  'BOOKING_RATE_LIMIT_MAX',
  'COOKIE_SECRET',
  'DATABASE_URL',
  'DATA_DIR',
  'FLEET_CHECK_SECONDS',
  'FLEET_FILE',
  'HOST',
  'IMAGES_DIR',
  'LOG_LEVEL',
  'MAIL_FROM',
  'MAX_RENTAL_DAYS',
  'MCP_ALLOWED_HOSTS',
  'MCP_ALLOWED_ORIGINS',
  'METRICS_HOST',
  'METRICS_PORT',
  'METRICS_TOKEN',
  'OUTBOX_RETRY_SECONDS',
  'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS',
  'PORT',
  'PUBLIC_URL',
  'QUOTE_TTL_MINUTES',
  'RATE_LIMIT_MAX',
  'RATE_LIMIT_WINDOW_SECONDS',
  'REDIS_KEY_PREFIX',
  'REDIS_URL',
  'REQUEST_TIMEOUT_SECONDS',
  'SMTP_URL',
  'TIME_ZONE',
  'TRUSTED_PROXIES',
  'WEBHOOK_SECRET',
  'WEBHOOK_URL',
] as const

/**
 * The beginnings only this service's settings have: a variable that starts so and is not one of
 * them was meant for it (`SMTP_HOST`, `REDIS_PORT`). OTEL_ is not among them: OpenTelemetry reads
 * many more of its own.
 */
const FAMILIES = [
  'BOOKING_',
  'COOKIE_',
  'DATABASE_',
  'FLEET_',
  'MAIL_',
  'MCP_',
  'METRICS_',
  'OUTBOX_',
  'OVERLOAD_',
  'QUOTE_',
  'RATE_LIMIT_',
  'REDIS_',
  'SMTP_',
  'WEBHOOK_',
]

const KNOWN = new Set<string>(SETTINGS)

/**
 * What Kubernetes sets for every Service of the namespace (its service links): a Service named
 * `redis` gives REDIS_SERVICE_HOST, REDIS_PORT, REDIS_PORT_6379_TCP_ADDR and more, at every start
 * of every pod. Not the operator's slips, so not warned.
 */
const SERVICE_LINK =
  /_(?:SERVICE_(?:HOST|PORT)(?:_\w+)?|PORT(?:_\d+_(?:TCP|UDP|SCTP)(?:_(?:ADDR|PORT|PROTO))?)?)$/

/**
 * A warning for each variable set that looks meant for the service but is none of its settings,
 * so is ignored: a letter or two from one (`SMTP_URI`, `DATABSE_URL`), or of one of its families
 * (`REDIS_HOST`). Ignored without a word, `SMTP_URI` sent an instance's emails to files on its own
 * disk, and `DATABSE_URL` put one on a database of its own behind a shared load balancer.
 */
export function mistypedSettings(env: NodeJS.ProcessEnv): string[] {
  const warnings: string[] = []
  for (const name of Object.keys(env).sort()) {
    if (KNOWN.has(name) || !/^[A-Z][A-Z0-9_]*$/.test(name) || !env[name]) continue
    if (SERVICE_LINK.test(name)) continue
    const meant = closestSetting(name)
    if (meant) {
      warnings.push(
        `${name} is not a setting of this service, so it is ignored: did you mean ${meant}?`,
      )
      continue
    }
    const family = FAMILIES.find((prefix) => name.startsWith(prefix))
    if (family) {
      const members = SETTINGS.filter((setting) => setting.startsWith(family))
      warnings.push(
        `${name} is not a setting of this service, so it is ignored; its ${family} settings are ${members.join(', ')}`,
      )
    }
  }
  return warnings
}

/** The setting a name is a slip of: one letter apart from a short one, two from a longer one. */
function closestSetting(name: string): string | undefined {
  // HOME is two letters from HOST, and set everywhere.
  return nearestWord(name, SETTINGS, (setting) => (setting.length <= 6 ? 1 : 2))
}
