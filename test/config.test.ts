import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { describe, test } from 'node:test'
import {
  ConfigError,
  DEMO_FLEET_FILE,
  loadConfig,
  PUBLIC_IMAGES_DIR,
  retiredSettings,
} from '../src/config.ts'
import { mistypedSettings, SETTINGS } from '../src/mistyped-settings.ts'

describe('loadConfig falls back to the documented defaults', () => {
  test('an empty environment gives every default', () => {
    assert.deepEqual(loadConfig({}), {
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      publicUrlSet: false,
      dataDir: resolve('data'),
      fleetFile: DEMO_FLEET_FILE,
      timeZone: 'Pacific/Auckland',
      rateLimitMax: 100,
      rateLimitWindowSeconds: 60,
      bookingRateLimitMax: 10,
      quoteTtlMinutes: 30,
      bookingHorizonDays: 548,
      maxRentalDays: 90,
      logLevel: 'info',
      imagesDir: PUBLIC_IMAGES_DIR,
      databaseUrl: undefined,
      redisUrl: undefined,
      redisKeyPrefix: 'rental-agent:',
      trustedProxies: [],
      cookieSecret: undefined,
      mcpAllowedOrigins: ['http://localhost:3000'],
      mcpAllowedHosts: ['localhost', '127.0.0.1', '[::1]'],
      fleetCheckSeconds: 5,
      overloadMaxEventLoopDelayMs: 100,
      smtpUrl: undefined,
      mailFrom: undefined,
      webhookUrl: undefined,
      webhookSecret: undefined,
      outboxRetrySeconds: 15,
      requestTimeoutSeconds: 15,
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      metricsToken: undefined,
      tracing: undefined,
    })
  })

  test('an empty value counts as not set', () => {
    const config = loadConfig({ PORT: '', TIME_ZONE: '', RATE_LIMIT_MAX: '', LOG_LEVEL: '' })
    assert.equal(config.port, 3000)
    assert.equal(config.timeZone, 'Pacific/Auckland')
    assert.equal(config.rateLimitMax, 100)
    assert.equal(config.logLevel, 'info')
  })

  test('the default public URL follows the port', () => {
    assert.equal(loadConfig({ PORT: '8080' }).publicUrl, 'http://localhost:8080')
  })
})

describe('loadConfig reads good values', () => {
  const rows = [
    { env: { PORT: '1' }, field: 'port', value: 1, why: 'the lowest port' },
    {
      env: { TRUSTED_PROXIES: '10.0.0.5, 10.1.0.0/16,::1' },
      field: 'trustedProxies',
      value: ['10.0.0.5', '10.1.0.0/16', '::1'],
      why: 'addresses and CIDR blocks',
    },
    {
      env: { MCP_ALLOWED_ORIGINS: 'https://chat.example.com, http://localhost:6274' },
      field: 'mcpAllowedOrigins',
      value: ['https://chat.example.com', 'http://localhost:6274'],
      why: 'origins with and without a port',
    },
    {
      env: { PUBLIC_URL: 'https://Rentals.example.com/nz' },
      field: 'mcpAllowedHosts',
      value: ['rentals.example.com', 'localhost', '127.0.0.1', '[::1]'],
      why: "by default the public URL's host, and the loopback names",
    },
    {
      env: { MCP_ALLOWED_HOSTS: 'rentals.internal, app-1.rentals.internal' },
      field: 'mcpAllowedHosts',
      value: ['rentals.internal', 'app-1.rentals.internal', 'localhost', '127.0.0.1', '[::1]'],
      why: 'named hosts, and the loopback names still',
    },
    {
      env: { PUBLIC_URL: 'https://rentals.example.com/nz' },
      field: 'mcpAllowedOrigins',
      value: ['https://rentals.example.com'],
      why: 'by default the origin of the public URL, without its path',
    },
    {
      env: { DATABASE_URL: 'postgres://app@127.0.0.1:5432/rentals' },
      field: 'databaseUrl',
      value: 'postgres://app@127.0.0.1:5432/rentals',
      why: 'a PostgreSQL URL',
    },
    {
      env: { REDIS_URL: 'redis://127.0.0.1:6379' },
      field: 'redisUrl',
      value: 'redis://127.0.0.1:6379',
      why: 'a Redis URL',
    },
    { env: { PORT: '65535' }, field: 'port', value: 65535, why: 'the highest port' },
    { env: { TIME_ZONE: 'UTC' }, field: 'timeZone', value: 'UTC', why: 'another IANA zone' },
    { env: { RATE_LIMIT_MAX: '5' }, field: 'rateLimitMax', value: 5, why: 'a smaller limit' },
    {
      env: { RATE_LIMIT_WINDOW_SECONDS: '1' },
      field: 'rateLimitWindowSeconds',
      value: 1,
      why: 'a one-second window',
    },
    {
      env: { BOOKING_RATE_LIMIT_MAX: '3' },
      field: 'bookingRateLimitMax',
      value: 3,
      why: 'fewer bookings per minute',
    },
    { env: { QUOTE_TTL_MINUTES: '1' }, field: 'quoteTtlMinutes', value: 1, why: 'one minute' },
    {
      env: { BOOKING_HORIZON_DAYS: '365' },
      field: 'bookingHorizonDays',
      value: 365,
      why: 'a shorter horizon',
    },
    { env: { MAX_RENTAL_DAYS: '30' }, field: 'maxRentalDays', value: 30, why: 'shorter rentals' },
    {
      env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' },
      field: 'overloadMaxEventLoopDelayMs',
      value: 0,
      why: 'the overload check off',
    },
    { env: { LOG_LEVEL: 'silent' }, field: 'logLevel', value: 'silent', why: 'a pino level' },
    { env: { HOST: '127.0.0.1' }, field: 'host', value: '127.0.0.1', why: 'a host' },
    {
      env: { FLEET_CHECK_SECONDS: '30' },
      field: 'fleetCheckSeconds',
      value: 30,
      why: 'a slower check for a new catalogue',
    },
    {
      env: { FLEET_FILE: '/srv/fleet.yaml' },
      field: 'fleetFile',
      value: '/srv/fleet.yaml',
      why: 'an absolute fleet file',
    },
  ] as const
  for (const { env, field, value, why } of rows) {
    test(`${JSON.stringify(env)} sets ${field} to ${value} (${why})`, () => {
      assert.deepEqual(loadConfig(env)[field], value)
    })
  }
})

describe('loadConfig keeps PUBLIC_URL without a trailing slash', () => {
  const rows = [
    { url: 'https://rentals.example.com/', publicUrl: 'https://rentals.example.com' },
    { url: 'https://rentals.example.com', publicUrl: 'https://rentals.example.com' },
    { url: 'https://example.com/rentals/', publicUrl: 'https://example.com/rentals' },
    { url: 'http://localhost:8080/', publicUrl: 'http://localhost:8080' },
  ]
  for (const { url, publicUrl } of rows) {
    test(`PUBLIC_URL ${url} is kept as ${publicUrl}`, () => {
      assert.equal(loadConfig({ PUBLIC_URL: url }).publicUrl, publicUrl)
    })
  }
})

describe('loadConfig refuses a bad value with a ConfigError that names the variable', () => {
  const rows: { variable: string; value: string; says: string }[] = [
    { variable: 'PORT', value: 'abc', says: 'must be a whole number from 1 to 65535' },
    { variable: 'PORT', value: '0', says: 'must be a whole number from 1 to 65535' },
    { variable: 'PORT', value: '70000', says: 'must be a whole number from 1 to 65535' },
    { variable: 'PORT', value: '80.5', says: 'must be a whole number' },
    { variable: 'TIME_ZONE', value: 'Mars/Base', says: 'must be an IANA time zone' },
    { variable: 'TIME_ZONE', value: '+12:00', says: 'must be an IANA time zone' },
    { variable: 'DATABASE_URL', value: 'mysql://db/rentals', says: 'must be a postgres:// URL' },
    { variable: 'DATABASE_URL', value: 'not a url', says: 'must be a postgres:// URL' },
    // Without a name PostgreSQL takes the user's: the server's own `postgres` database.
    {
      variable: 'DATABASE_URL',
      value: 'postgres://postgres@127.0.0.1:5432',
      says: 'names no database; add its name after the server, such as postgres://user@db.internal:5432/rentals',
    },
    { variable: 'DATABASE_URL', value: 'postgres://db.internal/', says: 'names no database' },
    // A password in the query is no more repeated than one before the host.
    {
      variable: 'DATABASE_URL',
      value: 'postgres://rentals@db.internal:5432?password=S3cretPw',
      says: 'got "postgres://rentals@db.internal:5432?password=***"',
    },
    {
      variable: 'REDIS_URL',
      value: 'http://cache:6379/?password=S3cretPw',
      says: 'got "http://cache:6379/?password=***"',
    },
    { variable: 'REDIS_URL', value: 'http://cache:6379', says: 'must be a redis:// URL' },
    { variable: 'TRUSTED_PROXIES', value: '10.0.0.5,nginx', says: '"nginx" is neither' },
    { variable: 'TRUSTED_PROXIES', value: '10.0.0.0/33', says: '"10.0.0.0/33" is neither' },
    { variable: 'TRUSTED_PROXIES', value: '*', says: '"*" is neither' },
    { variable: 'COOKIE_SECRET', value: 'short', says: 'must be at least 32 characters' },
    { variable: 'MCP_ALLOWED_ORIGINS', value: '*', says: '"*" is not one' },
    {
      variable: 'MCP_ALLOWED_ORIGINS',
      value: 'https://chat.example.com/app',
      says: '"https://chat.example.com/app" is not one',
    },
    { variable: 'MCP_ALLOWED_ORIGINS', value: 'chat.example.com', says: 'is not one' },
    { variable: 'MCP_ALLOWED_HOSTS', value: 'https://rentals.example.com', says: 'is not one' },
    { variable: 'MCP_ALLOWED_HOSTS', value: 'rentals.example.com:443', says: 'is not one' },
    { variable: 'MCP_ALLOWED_HOSTS', value: '*', says: '"*" is not one' },
    {
      variable: 'DATABASE_URL',
      value: 'mysql://app:hunter2@db/rentals',
      says: 'got "mysql://app:***@db/rentals"',
    },
    { variable: 'PUBLIC_URL', value: '/rentals', says: 'must be an absolute http(s) URL' },
    {
      variable: 'PUBLIC_URL',
      value: 'javascript:alert(1)',
      says: 'must start with http:// or https://',
    },
    { variable: 'TIME_ZONE', value: '../etc/passwd', says: 'must be an IANA time zone' },
    { variable: 'SMTP_URL', value: 'mail.example.com:587', says: 'must be a smtp:// URL' },
    { variable: 'MAIL_FROM', value: 'bookings', says: 'must be an email address' },
    { variable: 'MAIL_FROM', value: 'A <b@c.d>\r\nBcc: x@y.z', says: 'must be an email address' },
    {
      variable: 'WEBHOOK_URL',
      value: 'hooks.example.com/x',
      says: 'must be an absolute http(s) URL',
    },
    { variable: 'WEBHOOK_SECRET', value: 'sekret', says: 'must be whsec_ followed by' },
    { variable: 'OUTBOX_RETRY_SECONDS', value: '0', says: 'must be a whole number from 1' },
    { variable: 'RATE_LIMIT_MAX', value: '-1', says: 'must be a whole number from 1' },
    { variable: 'RATE_LIMIT_MAX', value: '0', says: 'must be a whole number from 1' },
    { variable: 'RATE_LIMIT_WINDOW_SECONDS', value: '1.5', says: 'must be a whole number' },
    { variable: 'BOOKING_RATE_LIMIT_MAX', value: '0', says: 'must be a whole number from 1' },
    { variable: 'BOOKING_RATE_LIMIT_MAX', value: 'ten', says: 'must be a whole number' },
    { variable: 'QUOTE_TTL_MINUTES', value: '0', says: 'must be a whole number from 1' },
    { variable: 'BOOKING_HORIZON_DAYS', value: '1e3', says: 'must be a whole number' },
    { variable: 'MAX_RENTAL_DAYS', value: '366', says: 'must be a whole number from 1 to 365' },
    {
      variable: 'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS',
      value: '-5',
      says: 'must be a whole number from 0 to 60000',
    },
    { variable: 'PUBLIC_URL', value: 'not-a-url', says: 'must be an absolute http(s) URL' },
    { variable: 'PUBLIC_URL', value: 'ftp://x', says: 'must start with http:// or https://' },
    { variable: 'PUBLIC_URL', value: 'https://x.example/?a=1', says: 'must not have a query' },
    { variable: 'PUBLIC_URL', value: 'https://x.example/#top', says: 'or fragment' },
    { variable: 'LOG_LEVEL', value: 'loud', says: 'must be one of fatal, error, warn, info' },
  ]
  for (const { variable, value, says } of rows) {
    test(`${variable}=${value} is refused`, () => {
      assert.throws(
        () => loadConfig({ [variable]: value }),
        (error) => {
          assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`)
          assert.equal(error.name, 'ConfigError')
          assert.ok(error.message.startsWith(`${variable} `), `names ${variable}: ${error.message}`)
          assert.ok(error.message.includes(says), `says "${says}": ${error.message}`)
          if (variable.endsWith('_SECRET') || /:hunter2@|password=/.test(value)) {
            assert.ok(!error.message.includes(value), `never repeats a secret: ${error.message}`)
          } else {
            assert.ok(error.message.includes(`"${value}"`), `quotes the value: ${error.message}`)
          }
          return true
        },
      )
    })
  }
})

describe('settings that moved to the fleet file are named at start-up, not silently ignored', () => {
  test('CONTACT_EMAIL and LEGAL_INFO_URL each get a line saying where they went', () => {
    assert.deepEqual(
      retiredSettings({ CONTACT_EMAIL: 'a@example.com', LEGAL_INFO_URL: 'https://example.com' }),
      [
        "CONTACT_EMAIL is no longer read: the contact address is the fleet file's company.email",
        "LEGAL_INFO_URL is no longer read: the terms are the fleet file's company.terms_url",
      ],
    )
    assert.deepEqual(retiredSettings({}), [])
  })

  test('a variable a letter or two from a setting, or of a setting family, is warned as ignored', () => {
    assert.deepEqual(
      mistypedSettings({
        SMTP_URI: 'smtp://mail:587',
        DATABSE_URL: 'postgres://db/rentals',
        REDIS_HOST: 'cache',
        PORTS: '8080',
        // Set on every machine, and no slip of HOST or PORT.
        HOME: '/root',
        HOSTNAME: 'web-1',
        PATH: '/usr/bin',
        // Known, empty, or not written as settings are.
        SMTP_URL: 'smtp://mail:587',
        SMTP_USER: '',
        npm_config_cache: '/tmp',
        OTEL_RESOURCE_ATTRIBUTES: 'a=b',
        // Kubernetes' links to a Service named redis, set in every pod.
        REDIS_SERVICE_HOST: '10.0.0.7',
        REDIS_SERVICE_PORT: '6379',
        REDIS_SERVICE_PORT_REDIS: '6379',
        REDIS_PORT: 'tcp://10.0.0.7:6379',
        REDIS_PORT_6379_TCP: 'tcp://10.0.0.7:6379',
        REDIS_PORT_6379_TCP_ADDR: '10.0.0.7',
        REDIS_PORT_6379_TCP_PORT: '6379',
        REDIS_PORT_6379_TCP_PROTO: 'tcp',
      }),
      [
        'DATABSE_URL is not a setting of this service, so it is ignored: did you mean DATABASE_URL?',
        'PORTS is not a setting of this service, so it is ignored: did you mean PORT?',
        'REDIS_HOST is not a setting of this service, so it is ignored; its REDIS_ settings are REDIS_KEY_PREFIX, REDIS_URL',
        'SMTP_URI is not a setting of this service, so it is ignored: did you mean SMTP_URL?',
      ],
    )
  })

  test("the settings known are the README's table of them", async () => {
    const readme = await readFile(resolve('README.md'), 'utf8')
    const table = readme.slice(readme.indexOf('| `PORT` |'), readme.indexOf('| `OTEL_'))
    const documented = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((match) => match[1])
    assert.deepEqual([...documented].sort(), [...SETTINGS].sort())
  })

  test('IMAGES_DIR names the folder served at /images/', () => {
    assert.equal(loadConfig({ IMAGES_DIR: '/srv/rentals/images' }).imagesDir, '/srv/rentals/images')
  })
})

describe('the outbox settings', () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`

  test('a webhook needs its signing secret', () => {
    assert.throws(
      () => loadConfig({ WEBHOOK_URL: 'https://hooks.example.com/rentals' }),
      /WEBHOOK_SECRET must be set with WEBHOOK_URL/,
    )
    const config = loadConfig({
      WEBHOOK_URL: 'https://hooks.example.com/rentals',
      WEBHOOK_SECRET: secret,
    })
    assert.equal(config.webhookUrl, 'https://hooks.example.com/rentals')
    assert.equal(config.webhookSecret, secret)
  })

  test('MAIL_FROM takes an address, or a name and an address', () => {
    assert.equal(loadConfig({ MAIL_FROM: 'bookings@example.com' }).mailFrom, 'bookings@example.com')
    assert.equal(
      loadConfig({ MAIL_FROM: 'Southern Alps Campers <bookings@example.com>' }).mailFrom,
      'Southern Alps Campers <bookings@example.com>',
    )
  })

  test('SMTP_URL takes smtp:// and smtps://; its password is not repeated in the error', () => {
    assert.equal(
      loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).smtpUrl,
      'smtps://u:p@mail.example.com:465',
    )
    assert.throws(
      () => loadConfig({ SMTP_URL: 'http://u:hunter2@mail.example.com' }),
      (error: Error) => {
        assert.doesNotMatch(error.message, /hunter2/)
        return true
      },
    )
  })
})
