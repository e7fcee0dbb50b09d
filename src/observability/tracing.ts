import type { FastifyInstance, LogController } from 'fastify'

/** Attribute values a span carries: never a name, an email address, a phone or a token. */
export type SpanAttributes = Record<string, string | number | boolean>

/**
 * Traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set (src/observability/otel-tracing.ts, loaded only
 * then). The parts of the service that make spans take one of these, or nothing when tracing is
 * off, so that an untraced request pays for nothing but a test of `undefined`.
 */
export interface Tracing {
  /**
   * Runs `work` in a child span of the active span; without an active span (a timer, the outbox's
   * rounds) it just runs `work`, so background polling makes no trace of its own. A value comes
   * back as it came, a promise as a promise; the span ends when it settles.
   */
  inSpan<T>(name: string, attributes: SpanAttributes, work: () => T): T
  /**
   * Remembers the active span as the one that wrote these outbox messages (a booking, a
   * cancellation), so that their deliveries are its children. Kept in this process, for the
   * latest 10,000 messages.
   */
  rememberMessages(messageIds: readonly string[]): void
  /**
   * Runs a message's delivery in a span: a child of the span that wrote the message when this
   * process remembers it (the booking's store operation, in its request's trace), else a trace
   * of its own (another instance wrote it, or the process restarted since).
   */
  inDeliverySpan<T>(
    messageId: string,
    name: string,
    attributes: SpanAttributes,
    work: () => Promise<T>,
  ): Promise<T>
  /** Runs `work` outside any trace, so that the timers it sets do not carry the request's trace. */
  detached(work: () => void): void
  /**
   * Runs the handling of an MCP message in a span named after its method (`tools/call get_quote`),
   * whose parent is the trace context the message carries in `params._meta` (`traceparent`,
   * `tracestate`) when it does, else the HTTP request's span.
   */
  mcpMessage<T>(message: unknown, work: () => Promise<T>): Promise<T>
  /**
   * Fastify's request log lines (`base` writes them), written in their request's trace so that
   * they carry its id. Given to Fastify's options, before `register`.
   */
  logController(base: LogController): LogController
  /** Makes a span per request (@fastify/otel); registered before every route and hook. */
  register(app: FastifyInstance): Promise<void>
  /** Pino's mixin: the trace and span ids of the active span, on every log line written in one. */
  logIds(): { trace_id?: string; span_id?: string }
  /** Sends the spans not sent yet and stops. */
  shutdown(): Promise<void>
}
