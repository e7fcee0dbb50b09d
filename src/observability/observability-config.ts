import { ConfigError } from '../config.ts'

/** Prometheus's exporters' customary port, on loopback unless METRICS_HOST says otherwise. */
export const DEFAULT_METRICS_PORT = 9464

/** Where the metrics are served and where traces go; read once at start-up with the rest. */
export type ObservabilityConfig = {
  /**
   * The port of the metrics listener, apart from the site (METRICS_PORT; 0 picks a free one);
   * undefined with `METRICS_PORT=off`.
   */
  metricsPort: number | undefined
  /** The address the metrics listener binds: loopback by default, so only this machine scrapes. */
  metricsHost: string
  /** With it, /metrics is also served on the site's own port to `Authorization: Bearer <token>`. */
  metricsToken: string | undefined
  /** Traces are exported over OTLP/HTTP when an endpoint is set; undefined: no tracing at all. */
  tracing: TracingConfig | undefined
}

export type TracingConfig = {
  /** The full address spans are posted to (`.../v1/traces`). */
  tracesUrl: string
  protocol: 'http/protobuf' | 'http/json'
  /** The service's name in the traces (OTEL_SERVICE_NAME). */
  serviceName: string
}

/** Whether metrics are collected at all: only when they are served somewhere. */
export function metricsServed(config: ObservabilityConfig): boolean {
  return config.metricsPort !== undefined || config.metricsToken !== undefined
}

/**
 * Reads METRICS_PORT, METRICS_HOST and METRICS_TOKEN, and OpenTelemetry's own variables for traces
 * (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL
 * or its _TRACES_ form, OTEL_SERVICE_NAME, OTEL_SDK_DISABLED, OTEL_TRACES_EXPORTER). The exporter
 * reads the rest of the standard ones itself (OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT, _COMPRESSION),
 * the sampler OTEL_TRACES_SAMPLER and OTEL_RESOURCE_ATTRIBUTES.
 */
export function observabilityConfig(env: NodeJS.ProcessEnv): ObservabilityConfig {
  return {
    metricsPort: metricsPort(env.METRICS_PORT),
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    metricsToken: metricsToken(env.METRICS_TOKEN),
    tracing: tracing(env),
  }
}

function metricsPort(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return DEFAULT_METRICS_PORT
  if (text === 'off') return undefined
  if (!/^\d+$/.test(text) || Number(text) > 65535) {
    throw new ConfigError(
      'METRICS_PORT',
      `must be a port from 0 to 65535 (0: any free port) or off; got "${text}"`,
    )
  }
  return Number(text)
}

function metricsToken(text: string | undefined): string | undefined {
  if (!text) return undefined
  if (text.length < 16 || /\s/.test(text)) {
    throw new ConfigError(
      'METRICS_TOKEN',
      'must be at least 16 characters without spaces (for example: openssl rand -hex 32)',
    )
  }
  return text
}

function tracing(env: NodeJS.ProcessEnv): TracingConfig | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return undefined
  const signal = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT
  if (!signal && !base) return undefined
  // The specification's rule: the signal's own endpoint is used as it is; the base endpoint gets
  // the signal's path added.
  const variable = signal ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' : 'OTEL_EXPORTER_OTLP_ENDPOINT'
  const url = URL.parse(signal || (base as string))
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(
      variable,
      `must be an http(s) URL of an OTLP/HTTP receiver such as http://127.0.0.1:4318; got "${signal || base}"`,
    )
  }
  const tracesUrl = signal ? url.href : `${url.href.replace(/\/+$/, '')}/v1/traces`
  const protocolVariable = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL
    ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
    : 'OTEL_EXPORTER_OTLP_PROTOCOL'
  const protocol = env[protocolVariable] || 'http/protobuf'
  if (protocol !== 'http/protobuf' && protocol !== 'http/json') {
    throw new ConfigError(
      protocolVariable,
      `must be http/protobuf or http/json (OTLP over HTTP, port 4318 by default; gRPC is not supported); got "${protocol}"`,
    )
  }
  return { tracesUrl, protocol, serviceName: env.OTEL_SERVICE_NAME || 'rental-agent' }
}
