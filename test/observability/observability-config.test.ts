import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ConfigError, loadConfig } from '../../src/config.ts'

/*
 * METRICS_PORT, METRICS_HOST, METRICS_TOKEN, and OpenTelemetry's own variables for traces: read
 * once with the rest of the configuration, a bad value refused with its variable named.
 */

describe('metrics settings', () => {
  const rows = [
    { env: {}, port: 9464, host: '127.0.0.1', why: 'by default, on loopback' },
    { env: { METRICS_PORT: '9100' }, port: 9100, host: '127.0.0.1', why: 'another port' },
    { env: { METRICS_PORT: '0' }, port: 0, host: '127.0.0.1', why: 'any free port' },
    { env: { METRICS_PORT: 'off' }, port: undefined, host: '127.0.0.1', why: 'no metrics port' },
    { env: { METRICS_HOST: '0.0.0.0' }, port: 9464, host: '0.0.0.0', why: 'every address' },
  ]
  for (const { env, port, host, why } of rows) {
    test(`${JSON.stringify(env)}: port ${port}, host ${host} (${why})`, () => {
      const config = loadConfig(env)
      assert.equal(config.metricsPort, port)
      assert.equal(config.metricsHost, host)
    })
  }

  test('METRICS_TOKEN is kept as given', () => {
    const token = 'a'.repeat(16)
    assert.equal(loadConfig({ METRICS_TOKEN: token }).metricsToken, token)
  })
})

describe("trace settings, OpenTelemetry's own variables", () => {
  const rows: { env: Record<string, string>; tracing: unknown; why: string }[] = [
    { env: {}, tracing: undefined, why: 'off without an endpoint' },
    {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' },
      tracing: {
        tracesUrl: 'http://collector:4318/v1/traces',
        protocol: 'http/protobuf',
        serviceName: 'rental-agent',
      },
      why: 'the base endpoint gets the signal path; protobuf by default',
    },
    {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com/otlp/' },
      tracing: {
        tracesUrl: 'https://otel.example.com/otlp/v1/traces',
        protocol: 'http/protobuf',
        serviceName: 'rental-agent',
      },
      why: 'a base endpoint with a path',
    },
    {
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://ignored:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/custom/traces',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'rentals-nz',
      },
      tracing: {
        tracesUrl: 'http://collector:4318/custom/traces',
        protocol: 'http/json',
        serviceName: 'rentals-nz',
      },
      why: "the signal's own endpoint as it is, its own protocol, a service name",
    },
    {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' },
      tracing: undefined,
      why: 'OTEL_SDK_DISABLED',
    },
    {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' },
      tracing: undefined,
      why: 'OTEL_TRACES_EXPORTER=none',
    },
  ]
  for (const { env, tracing, why } of rows) {
    test(`${JSON.stringify(env)} (${why})`, () => {
      assert.deepEqual(loadConfig(env).tracing, tracing)
    })
  }
})

describe('bad values are refused, naming the variable', () => {
  const rows = [
    {
      env: { METRICS_PORT: 'on' },
      variable: 'METRICS_PORT',
      says: 'must be a port from 0 to 65535',
    },
    { env: { METRICS_PORT: '70000' }, variable: 'METRICS_PORT', says: 'or off; got "70000"' },
    { env: { METRICS_TOKEN: 'short' }, variable: 'METRICS_TOKEN', says: 'at least 16 characters' },
    {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' },
      variable: 'OTEL_EXPORTER_OTLP_ENDPOINT',
      says: 'must be an http(s) URL',
    },
    {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' },
      variable: 'OTEL_EXPORTER_OTLP_PROTOCOL',
      says: 'gRPC is not supported',
    },
  ]
  for (const { env, variable, says } of rows) {
    test(`${JSON.stringify(env)} is refused`, () => {
      assert.throws(
        () => loadConfig(env),
        (error) =>
          error instanceof ConfigError &&
          error.message.startsWith(`${variable} `) &&
          error.message.includes(says),
      )
    })
  }

  test('a refused METRICS_TOKEN is not repeated', () => {
    assert.throws(
      () => loadConfig({ METRICS_TOKEN: 'tiny secret' }),
      (error) => error instanceof ConfigError && !error.message.includes('tiny secret'),
    )
  })
})
