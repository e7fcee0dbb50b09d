import { FastifyOtelInstrumentation } from '@fastify/otel'
import {
  type Context,
  context,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import {
  CompositePropagator,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core'
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources'
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import type { FastifyRequest } from 'fastify'
import type { TracingConfig } from './observability-config.ts'
import { loggableUrl, pathOf } from './personal-data.ts'
import { PrivateExporter } from './private-span-exporter.ts'
import { TracedLogController } from './traced-log-controller.ts'
import type { SpanAttributes, Tracing } from './tracing.ts'

/** Outbox messages whose writing span is remembered, for their deliveries' spans. */
const REMEMBERED_MESSAGES = 10_000

/** Checked by load balancers and scrapers every few seconds: a span each would drown the rest. */
const UNTRACED_PATHS = new Set(['/health', '/ready', '/metrics'])

/**
 * The context manager (which span is active across awaits) and the propagator (W3C
 * `traceparent`, `tracestate`, `baggage`) are the process's; they are set once, by the first
 * service opened with tracing. The tracer provider is each service's own, so that a test can
 * open several.
 */
let globalsSet = false
function setGlobalsOnce(): void {
  if (globalsSet) return
  globalsSet = true
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  propagation.setGlobalPropagator(
    new CompositePropagator({
      propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
    }),
  )
}

/**
 * OpenTelemetry traces over OTLP/HTTP: a span per request (@fastify/otel, named after the
 * method and the route template), child spans for the store, Redis and MCP messages, and spans of
 * their own for message deliveries. Spans are sent in batches, off the request's path.
 */
export async function openTracing(config: TracingConfig): Promise<Tracing> {
  setGlobalsOnce()
  const { OTLPTraceExporter } =
    config.protocol === 'http/json'
      ? await import('@opentelemetry/exporter-trace-otlp-http')
      : await import('@opentelemetry/exporter-trace-otlp-proto')
  const provider = new NodeTracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME (the env detector) win over the default name.
    resource: resourceFromAttributes({ 'service.name': config.serviceName }).merge(
      detectResources({ detectors: [envDetector] }),
    ),
    spanProcessors: [
      new BatchSpanProcessor(new PrivateExporter(new OTLPTraceExporter({ url: config.tracesUrl }))),
    ],
  })
  const tracer = provider.getTracer('rental-agent')
  const instrumentation = new FastifyOtelInstrumentation({
    // An error's stack is for the logs; the span keeps its status and message (scrubbed below).
    recordExceptions: false,
    // One span per request, and the store's and Redis's under it: not a span per hook.
    instrumentHooks: false,
    instrumentHandler: false,
    ignorePaths: (route: { url: string }) => UNTRACED_PATHS.has(pathOf(route.url)),
    requestHook: (span: Span, request: FastifyRequest) => {
      const route = request.routeOptions.url
      span.updateName(route ? `${request.method} ${route}` : request.method)
      // The path as logged: a booking's manage token is a key to the traveller's details.
      span.setAttribute('url.path', pathOf(loggableUrl(request.url)))
    },
  })
  instrumentation.setTracerProvider(provider)

  const end = (span: Span, error?: unknown) => {
    if (error !== undefined) {
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: error instanceof Error ? error.name : 'failed',
      })
    }
    span.end()
  }
  /** Runs `work` with `span` active and ends it when the work is done, sync or not. */
  const within = <T>(span: Span, parent: Context, work: () => T): T => {
    let result: T
    try {
      result = context.with(trace.setSpan(parent, span), work)
    } catch (error) {
      end(span, error)
      throw error
    }
    if (result instanceof Promise) {
      return result.then(
        (value) => {
          end(span)
          return value
        },
        (error: unknown) => {
          end(span, error)
          throw error
        },
      ) as T
    }
    end(span)
    return result
  }

  let logs: TracedLogController | undefined
  /** The span that wrote each recent outbox message, by the message's id. */
  const writers = new Map<string, SpanContext>()
  return {
    inSpan(name, attributes, work) {
      const active = context.active()
      if (trace.getSpan(active) === undefined) return work()
      const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, active)
      return within(span, active, work)
    },
    rememberMessages(messageIds) {
      const span = trace.getSpan(context.active())
      if (!span) return
      const writer = span.spanContext()
      for (const id of messageIds) {
        writers.set(id, writer)
        if (writers.size > REMEMBERED_MESSAGES)
          writers.delete(writers.keys().next().value as string)
      }
    },
    inDeliverySpan(messageId, name, attributes, work) {
      const writer = writers.get(messageId)
      const parent = writer ? trace.setSpanContext(ROOT_CONTEXT, writer) : ROOT_CONTEXT
      const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, parent)
      return within(span, parent, work).then((delivered) => {
        // Delivered: no retry will need it. A failed delivery keeps it for the next try.
        writers.delete(messageId)
        return delivered
      })
    },
    detached(work) {
      context.with(ROOT_CONTEXT, work)
    },
    mcpMessage(message, work) {
      const request = mcpRequest(message)
      if (!request) return work()
      const active = context.active()
      const carried = request.meta ? propagation.extract(ROOT_CONTEXT, request.meta) : undefined
      const fromMeta = carried && trace.getSpan(carried) ? carried : undefined
      const httpSpan = trace.getSpan(active)
      const links: Link[] =
        fromMeta && httpSpan ? [{ context: httpSpan.spanContext(), attributes: {} }] : []
      const parent = fromMeta ?? active
      const attributes: SpanAttributes = { 'mcp.method.name': request.method }
      if (request.id !== undefined) attributes['jsonrpc.request.id'] = String(request.id)
      if (request.tool) attributes['gen_ai.tool.name'] = request.tool
      const span = tracer.startSpan(
        request.tool ? `${request.method} ${request.tool}` : request.method,
        { kind: SpanKind.SERVER, attributes, links },
        parent,
      )
      return within(span, parent, work)
    },
    logController(base) {
      logs = new TracedLogController(base)
      return logs
    },
    async register(app) {
      await app.register(instrumentation.plugin())
      // Right after the plugin's own hook, which starts the span and makes it the active one.
      app.addHook('onRequest', (request, reply, done) => {
        logs?.logIncoming(request, reply)
        done()
      })
    },
    logIds() {
      const span = trace.getSpan(context.active())
      if (!span) return {}
      const { traceId, spanId } = span.spanContext()
      return { trace_id: traceId, span_id: spanId }
    },
    async shutdown() {
      await provider.shutdown()
    },
  }
}

/** The parts of a JSON-RPC request an MCP span is named and parented by. */
function mcpRequest(
  message: unknown,
):
  | { method: string; id?: string | number; tool?: string; meta?: Record<string, unknown> }
  | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined
  const { method, id, params } = message as { method?: unknown; id?: unknown; params?: unknown }
  if (typeof method !== 'string') return undefined
  const fields =
    typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {}
  const meta = fields._meta
  return {
    // A method name is the protocol's (`tools/call`); anything longer is not one.
    method: method.slice(0, 64),
    ...(typeof id === 'string' || typeof id === 'number' ? { id } : {}),
    ...(method === 'tools/call' && typeof fields.name === 'string'
      ? { tool: fields.name.slice(0, 64) }
      : {}),
    ...(typeof meta === 'object' && meta !== null ? { meta: meta as Record<string, unknown> } : {}),
  }
}
