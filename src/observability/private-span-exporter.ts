import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node'
import { scrubText } from './personal-data.ts'

/**
 * The exporter with each span's status message scrubbed as log lines are: a failed request's
 * span carries its error's message, and a 400's message quotes the parameter the caller sent.
 */
export class PrivateExporter implements SpanExporter {
  readonly #inner: SpanExporter

  constructor(inner: SpanExporter) {
    this.#inner = inner
  }

  export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]): void {
    this.#inner.export(spans.map(privateSpan), done)
  }

  shutdown(): Promise<void> {
    return this.#inner.shutdown()
  }

  forceFlush(): Promise<void> {
    return this.#inner.forceFlush?.() ?? Promise.resolve()
  }
}

function privateSpan(span: ReadableSpan): ReadableSpan {
  const message = span.status.message
  if (!message) return span
  const scrubbed = scrubText(message)
  if (scrubbed === message) return span
  // The span as it is, but for its status.
  return Object.create(span, { status: { value: { ...span.status, message: scrubbed } } })
}
