import type { FastifyServerOptions } from 'fastify'
import { metricsServed, type ObservabilityConfig } from './observability-config.ts'
import { privateLoggerOptions } from './personal-data.ts'
import type { ServiceMetrics } from './service-metrics.ts'
import type { Tracing } from './tracing.ts'

/** The metrics and traces of one service; each undefined while it is off. */
export type Observability = {
  metrics: ServiceMetrics | undefined
  tracing: Tracing | undefined
  close(): Promise<void>
}

/**
 * Opens what the configuration turns on: the metrics whenever they are served (METRICS_PORT, by
 * default, or METRICS_TOKEN), the traces only with an OTLP endpoint. OpenTelemetry's modules are
 * loaded only then: an untraced service neither loads them nor pays for them.
 */
export async function openObservability(
  config: ObservabilityConfig,
  options: { defaultMetrics?: boolean } = {},
): Promise<Observability> {
  const metrics = metricsServed(config)
    ? new (await import('./service-metrics.ts')).ServiceMetrics(options)
    : undefined
  const tracing = config.tracing
    ? await (await import('./otel-tracing.ts')).openTracing(config.tracing)
    : undefined
  return {
    metrics,
    tracing,
    async close() {
      await tracing?.shutdown()
    },
  }
}

/**
 * The logger as asked for, made private: a level (or pino options) gets the redaction of
 * personal data (src/observability/personal-data.ts) and, with tracing, the trace ids. A logger
 * given ready-made, or none, is left as it is.
 */
export function privateLogger(
  logger: FastifyServerOptions['logger'],
  tracing: Tracing | undefined,
): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object' || logger === null || !('level' in logger)) return logger
  const traceIds = tracing ? () => tracing.logIds() : undefined
  const { level, ...rest } = logger as { level: string } & Record<string, unknown>
  // Fastify types its serializers' results more narrowly than pino, which takes these.
  return { ...privateLoggerOptions(level, traceIds), ...rest } as FastifyServerOptions['logger']
}
